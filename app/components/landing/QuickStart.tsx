import { useRef, type CSSProperties } from "react";
import { useCopyCodeButtons } from "~/lib/copy-code";
import { useSiteConfig } from "~/lib/root-data";
import { QUICK_START, quickStartCommands } from "./copy";
import { Section, TextLink } from "./parts";

/* The colours Shiki's github-light and github-dark themes give these tokens in the docs' bash blocks. */
const TOKEN_STYLE: Record<"command" | "option" | "argument", CSSProperties> = {
  command: { "--shiki-light": "#6F42C1", "--shiki-dark": "#B392F0" } as CSSProperties,
  option: { "--shiki-light": "#005CC5", "--shiki-dark": "#79B8FF" } as CSSProperties,
  argument: { "--shiki-light": "#032F62", "--shiki-dark": "#9ECBFF" } as CSSProperties,
};

/** One command as the docs highlight it: the program, its options, its arguments. */
function CommandLine({ command }: { command: string }) {
  const words = command.split(" ");
  return (
    <span data-line="">
      {words.map((word, i) => (
        <span key={`${i}-${word}`} style={TOKEN_STYLE[i === 0 ? "command" : word.startsWith("-") ? "option" : "argument"]}>
          {i === 0 ? word : ` ${word}`}
        </span>
      ))}
    </span>
  );
}

/**
 * The first commands of the installation guide, in a code block drawn like
 * the docs' ones (app.css, "Code blocks"), with the same copy button.
 */
export function QuickStart() {
  const { repositoryUrl, docsVersion } = useSiteConfig();
  const commands = quickStartCommands(repositoryUrl, docsVersion);
  const ref = useRef<HTMLDivElement>(null);
  useCopyCodeButtons(ref);
  return (
    <Section id="quick-start" title={QUICK_START.title} intro={QUICK_START.intro} tinted>
      <div ref={ref}>
        <figure className="code-block !mt-0">
          <figcaption>{QUICK_START.caption}</figcaption>
          <pre tabIndex={0} data-language="bash">
            <code data-language="bash" style={{ display: "grid" }}>
              {commands.flatMap((command, i) => [i > 0 ? "\n" : null, <CommandLine key={command} command={command} />])}
            </code>
          </pre>
          <button type="button" className="copy-code" data-copy-code="" hidden aria-label="Copy code to clipboard">
            Copy
          </button>
        </figure>
      </div>
      <div className="grid gap-4 text-slate-700 lg:grid-cols-2 dark:text-slate-300">
        {QUICK_START.notes.map((note) => (
          <div key={note.title} className="rounded-lg border-l-4 border-amber-500 bg-white px-4 py-3 dark:border-amber-400 dark:bg-slate-900">
            <h3 className="font-bold text-slate-900 dark:text-white">{note.title}</h3>
            <p className="mt-1">{note.text}</p>
          </div>
        ))}
      </div>
      <p className="mt-6">
        <TextLink to={QUICK_START.next.to}>{QUICK_START.next.label}</TextLink>
      </p>
    </Section>
  );
}
