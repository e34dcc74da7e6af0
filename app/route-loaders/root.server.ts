import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { isbot } from "isbot";
import { getSiteConfig } from "~/config.server";
import { siteVersions } from "~/docs/version-links.server";
import { announcementVisible, readTheme } from "~/http/cookies.server";
import { publicOrigin } from "~/http/origin.server";
import { readChosenVersion } from "~/http/version-cookie.server";
import { load } from "~/lib/load.server";
import { pageConfig, type RootData } from "~/lib/root-data";

/** What every page knows: configuration, the reader's settings, the public origin and the versions. */
export async function loader({ request }: LoaderFunctionArgs) {
  return load(async () => {
    const config = getSiteConfig();
    const [theme, notDismissed] = await Promise.all([
      readTheme(request),
      announcementVisible(request, config.announcement),
    ]);
    return json<RootData>({
      config: pageConfig(config),
      theme,
      announcementVisible: !config.announcement.closeable || notDismissed,
      origin: publicOrigin(request, config),
      trackPageViews: Boolean(config.analyticsId) && !isbot(request.headers.get("user-agent") ?? ""),
      versions: siteVersions(),
      chosenVersion: readChosenVersion(request),
    });
  });
}
