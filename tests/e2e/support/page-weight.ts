import type { Browser, Response } from "@playwright/test";

export type Kind = "html" | "css" | "js" | "font" | "image" | "other";

export interface Weight {
  /** Bytes as sent over the network (compressed). */
  transferred: number;
  /** Bytes after decompression. */
  raw: number;
}

export type PageWeight = Record<Kind, Weight> & {
  files: { url: string; kind: Kind; transferred: number; raw: number }[];
};

function kindOf(response: Response): Kind {
  const type = response.request().resourceType();
  if (type === "document") return "html";
  if (type === "stylesheet") return "css";
  if (type === "script") return "js";
  if (type === "font") return "font";
  if (type === "image") return "image";
  return "other";
}

/**
 * What a first visit to `url` downloads, measured in Chromium from the network
 * (not estimated): an empty cache, the compressed bytes of each response as it
 * arrived, and their decompressed size. `encoding` is what the browser asks
 * for ("gzip" makes budgets comparable across servers and runs).
 */
export async function measurePageWeight(
  browser: Browser,
  url: string,
  encoding = "gzip",
  settle?: (page: import("@playwright/test").Page) => Promise<void>,
): Promise<PageWeight> {
  const context = await browser.newContext({ extraHTTPHeaders: { "Accept-Encoding": encoding } });
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on("response", (response) => responses.push(response));
  await page.goto(url, { waitUntil: "networkidle" });
  if (settle) await settle(page);
  await page.waitForLoadState("networkidle");
  const weight = {
    html: { transferred: 0, raw: 0 },
    css: { transferred: 0, raw: 0 },
    js: { transferred: 0, raw: 0 },
    font: { transferred: 0, raw: 0 },
    image: { transferred: 0, raw: 0 },
    other: { transferred: 0, raw: 0 },
    files: [],
  } as PageWeight;
  for (const response of responses) {
    const status = response.status();
    const kind = kindOf(response);
    // Redirects and 304s carry no body; a failed subresource is not part of the page, but
    // the document counts whatever its status (a 404 page is a page readers download).
    if (status < 200 || (status >= 300 && status < 400) || (status >= 400 && kind !== "html")) continue;
    const sizes = await response.request().sizes();
    const raw = (await response.body().catch(() => Buffer.alloc(0))).length;
    weight[kind].transferred += sizes.responseBodySize;
    weight[kind].raw += raw;
    weight.files.push({ url: new URL(response.url()).pathname, kind, transferred: sizes.responseBodySize, raw });
  }
  await context.close();
  return weight;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
