import type { Node } from "unist";

/** Reports a problem that does not stop the build, at a node's position. */
export type Warn = (message: string, node?: Node) => void;
