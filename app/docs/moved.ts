/** Old docs addresses that moved for good (the docs route answers them with a 301). */
export const MOVED: Record<string, string> = {
  // One reading of the original notes route; "notes" is the page.
  "/docs/dev-guide/notes-bff": "/docs/dev-guide/notes",
};
