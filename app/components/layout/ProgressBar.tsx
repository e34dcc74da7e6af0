import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** Fast page changes should not flicker a bar; it appears only once a change takes this long. */
export const PROGRESS_DELAY_MS = 200;

/** A thin bar at the top while a client-side route change is slower than 200 ms. */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!visible) return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-sky-100 dark:bg-sky-950"
      role="progressbar"
      aria-label="Loading page"
      data-testid="route-progress"
    >
      <div className="h-full w-1/3 animate-[progress_1.2s_ease-in-out_infinite] bg-brand-strong dark:bg-brand" />
    </div>
  );
}
