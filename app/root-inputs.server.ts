// The root's declared inputs, through a *.server module so that the browser bundle gets an empty
// stand-in for them: only the server keys pages on cookies and headers, and the browser reads
// nothing of the root's declaration (app/lib/return-address.ts reads query parameters, and the
// root declares none). It keeps every page's JavaScript within its budget (tests/e2e/budgets.spec.ts).
export { EVERY_PAGE_INPUTS } from "./route-inputs";
