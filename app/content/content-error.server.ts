import { placeName } from "./problems";

/** A mistake in a content file, placed by file (repository-relative), line and column. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${placeName(file, line, column)}: ${reason}`);
    this.name = "ContentError";
  }
}
