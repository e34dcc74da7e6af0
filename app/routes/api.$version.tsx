// The API reference of another version (/api/next, /api/<release>): the same
// route module as /api, which reads the version from the address.
export { default, loader, meta } from "./api";
