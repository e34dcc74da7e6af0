import { Link, useFetcher } from "@remix-run/react";
import { CloseIcon } from "~/components/icons";
import { useReturnAddress } from "~/lib/return-address";
import { useRootData, useSiteConfig } from "~/lib/root-data";

export const DISMISS_ANNOUNCEMENT_ACTION = "/settings/announcement";

/**
 * The announcement bar. Dismissing it posts a form, so it also works without
 * JavaScript; with JavaScript a fetcher hides it at once. The server remembers
 * the dismissed id in a cookie and stops rendering the bar: nothing flashes.
 */
export function AnnouncementBar() {
  const { announcement } = useSiteConfig();
  const visible = useRootData()?.announcementVisible ?? true;
  const returnAddress = useReturnAddress();
  const fetcher = useFetcher();
  if (!visible || fetcher.state !== "idle" || fetcher.data) return null;

  return (
    <div className="announcement-bar bg-brand-footer text-white" role="region" aria-label="Announcement">
      <div className="mx-auto flex max-w-8xl items-center gap-3 px-4 py-2 text-sm">
        <p className="flex-1 text-center">
          {announcement.text}{" "}
          <Link to={announcement.linkUrl} className="font-bold underline underline-offset-2 hover:text-brand">
            {announcement.linkText}
          </Link>
        </p>
        {announcement.closeable ? (
          <form
            method="post"
            action={DISMISS_ANNOUNCEMENT_ACTION}
            onSubmit={(event) => {
              event.preventDefault();
              // As JSON: the server answers a script's request with JSON, and redirects a form's post back.
              fetcher.submit(
                { id: announcement.id },
                { method: "post", action: DISMISS_ANNOUNCEMENT_ACTION, encType: "application/json" },
              );
            }}
          >
            <input type="hidden" name="id" value={announcement.id} />
            <input type="hidden" name="redirectTo" value={returnAddress} />
            <button type="submit" className="rounded p-1 hover:bg-white/10" aria-label="Close announcement">
              <CloseIcon width="18" height="18" />
            </button>
          </form>
        ) : null}
      </div>
    </div>
  );
}
