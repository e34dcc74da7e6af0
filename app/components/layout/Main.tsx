import type { ReactNode } from "react";

/** The page's main content: the skip link's target, focusable so keyboard focus can land on it. */
export function Main({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <main id="main" tabIndex={-1} className={`outline-none ${className}`}>
      {children}
    </main>
  );
}
