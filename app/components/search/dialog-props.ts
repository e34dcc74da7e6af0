import type { SearchVersion } from "~/search/types";

/** What SearchShortcut hands the search dialog it loads on demand. */
export interface DialogProps {
  onClose: (restoreFocus: boolean) => void;
  /** What was typed while the dialog's code loaded; the dialog takes it once, when it opens. */
  takeTyped: () => string;
  /** The docs version being read (searched first), and every version. */
  reading: { id: string; label: string } | null;
  versions: SearchVersion[];
}
