// Layout parts drawn on the server only (ServerRendered.tsx): importing them
// through this *.server module keeps their code out of the browser bundle.
export { BasePathBanner } from "./BasePathBanner";
export { Footer } from "./Footer";
