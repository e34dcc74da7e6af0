/** The API reference page as the build writes it for the server. */
export interface ApiPageContent {
  title: string;
  version: string;
  operationCount: number;
  /** The spec's own server URLs. */
  servers: string[];
  /** Every operation grouped by tag, as HTML (components/api/OperationList). */
  html: string;
  /** Ids in that HTML: tag sections and operations (the same ids RapiDoc uses). */
  anchors: string[];
  specYaml: string;
  specJson: string;
}
