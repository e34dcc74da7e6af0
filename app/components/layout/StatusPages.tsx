import { Link } from "@remix-run/react";
import { ErrorLayout, SearchBox } from "~/page-kit";

/*
 * The 404 page and the pages of the other refused requests. Most readers never
 * see them, so the root's error boundary loads this module when it shows one
 * (React.lazy); the pages for a failed load or a crash stay in the root bundle,
 * since they must show when the network does not answer.
 */

export function NotFoundPage() {
  return (
    <ErrorLayout code="404" title="Page not found">
      <p>There is no page at this address. It may have moved, or the link that brought you here is wrong.</p>
      <ul className="list-inside list-disc">
        <li>
          <Link className="text-brand-strong underline dark:text-brand" to="/docs/user-guide/introduction">
            User guide
          </Link>
          : what the product does and how to install it
        </li>
        <li>
          <Link className="text-brand-strong underline dark:text-brand" to="/docs/dev-guide/introduction">
            Developer guide
          </Link>
          : architecture and contributing
        </li>
        <li>
          <Link className="text-brand-strong underline dark:text-brand" to="/api">
            API reference
          </Link>
          : every call of the REST API
        </li>
      </ul>
      <div className="max-w-sm">
        <SearchBox id="not-found-search" name="Search for the missing page" />
      </div>
    </ErrorLayout>
  );
}

const STATUS_TEXT: Record<number, [string, string]> = {
  400: ["Bad request", "The address or form you sent could not be understood. Check it and try again."],
  403: ["Not allowed", "This request is not accepted here. Forms on this site only work from the site itself."],
  405: ["Method not allowed", "This address only answers to reading it (GET)."],
  414: ["Address too long", "The address you asked for is longer than this site accepts."],
  431: [
    "Request too large",
    "Your browser sent more cookies or headers than this site accepts. Clearing this site's cookies fixes it.",
  ],
};

export function StatusPage({ status }: { status: number }) {
  const [title, text] = STATUS_TEXT[status] ?? ["Request not served", "This request could not be served."];
  return (
    <ErrorLayout code={String(status)} title={title}>
      <p>{text}</p>
      <p>
        <Link className="text-brand-strong underline dark:text-brand" to="/">
          Go to the home page
        </Link>
      </p>
    </ErrorLayout>
  );
}
