import type { Options } from "rehype-pretty-code";
import { Lru } from "~/lib/lru";

// The high-contrast GitHub themes: every token colour meets 4.5:1 on our code backgrounds.
export const CODE_THEMES = { light: "github-light-high-contrast", dark: "github-dark-high-contrast" } as const;

/**
 * Highlighted HTML kept, by its length and its key's: each release copies
 * every guide and the API reference, so a cold build met each code block once
 * per release. Twenty releases of today's guides and API reference ask for
 * 11,500 blocks, 968 of them different: 2.4 MB kept.
 */
const HIGHLIGHTED_KEPT = 16 * 1024 * 1024;

type Highlighter = Awaited<ReturnType<NonNullable<Options["getHighlighter"]>>>;
type CodeToHtml = Highlighter["codeToHtml"];

/**
 * Shiki's highlighter as rehype-pretty-code makes it by default, with its
 * `codeToHtml` answers kept: the same code with the same options gives the
 * same HTML, which rehype-pretty-code parses into a tree of its own each
 * time. Only calls without transformers (functions, which no key can name)
 * are kept; the guides and the API reference pass none.
 */
const rememberingHighlighter: NonNullable<Options["getHighlighter"]> = async (options) => {
  const { getSingletonHighlighter } = await import("shiki");
  const highlighter = await getSingletonHighlighter(options);
  const kept = new Lru<string, string>(HIGHLIGHTED_KEPT);
  const codeToHtml: CodeToHtml = (code, codeOptions) => {
    if (codeOptions.transformers?.length) return highlighter.codeToHtml(code, codeOptions);
    const key = `${JSON.stringify(codeOptions)}\u0000${code}`;
    let html = kept.get(key);
    if (html === undefined) {
      html = highlighter.codeToHtml(code, codeOptions);
      kept.set(key, html, key.length + html.length);
    }
    return html;
  };
  return new Proxy(highlighter, {
    get: (target, property, receiver) =>
      property === "codeToHtml" ? codeToHtml : (Reflect.get(target, property, receiver) as unknown),
  });
};

/** rehype-pretty-code's options for the guides' code blocks and the API reference's alike. */
export const PRETTY_CODE_OPTIONS: Options = {
  theme: CODE_THEMES,
  keepBackground: false,
  defaultLang: { block: "text" },
  getHighlighter: rememberingHighlighter,
};
