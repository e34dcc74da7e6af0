// /api/<version>/<tag>: a tag's page in another version's reference, the same page as /api.
export { default, handle, loader, meta } from "./api._index";
