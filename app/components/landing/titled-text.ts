import type { ReactNode } from "react";

export interface TitledText {
  title: string;
  text: ReactNode;
  /** Where the user guide says more. */
  link?: { label: string; to: string };
}
