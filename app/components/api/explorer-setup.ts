import { labelExplorerControls } from "./explorer-accessibility";
import { keepExplorerSession, restoreExplorerSession } from "./explorer-session";

/**
 * What the explorer needs once RapiDoc has shown the spec: the visit's server
 * and token back, its controls named and its look made the site's. Loaded
 * with RapiDoc, on "Try it", so an API page ships none of it until then.
 * Returns the function that stops watching.
 */
export function setUpExplorer(element: HTMLElement): () => void {
  restoreExplorerSession(element);
  const stopKeeping = keepExplorerSession(element);
  const stopLabelling = labelExplorerControls(element);
  return () => {
    stopLabelling();
    stopKeeping();
  };
}
