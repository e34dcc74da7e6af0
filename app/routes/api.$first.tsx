// /api/<version> (another version's overview) and /api/<tag> (a page of the
// current release's reference): the same page as /api, told apart by its loader.
export { default, handle, loader, meta } from "./api._index";
