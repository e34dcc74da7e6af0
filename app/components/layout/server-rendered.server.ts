// Layout parts drawn on the server only (ServerRendered.tsx): importing them
// through this *.server module keeps their code out of the browser bundle.
export { BasePathBanner } from "./BasePathBanner";
export { Footer } from "./Footer";
// The status pages, which the browser loads only when one is shown (StatusPages.tsx says why): the
// server renders a document in one pass and cannot wait for them (app/entry.server.tsx).
export { NotFoundPage, StatusPage } from "./StatusPages";
