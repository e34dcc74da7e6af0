import { QUICK_START } from "./copy";
import { Section, TextLink } from "./parts";

/**
 * The first commands of the installation guide. The code block is
 * content/partials/quick-start.mdx, compiled like every docs code block
 * (highlighting, title, copy button), so it looks and copies the same.
 */
export function QuickStart({ codeHtml }: { codeHtml: string }) {
  return (
    <Section id="quick-start" title={QUICK_START.title} intro={QUICK_START.intro} tinted>
      <div className="[&_.code-block]:!mt-0" dangerouslySetInnerHTML={{ __html: codeHtml }} />
      <div className="grid grid-cols-1 gap-4 text-slate-700 lg:grid-cols-2 dark:text-slate-300">
        {QUICK_START.notes.map((note) => (
          <div
            key={note.title}
            className="rounded-lg border-l-4 border-amber-500 bg-white px-4 py-3 dark:border-amber-400 dark:bg-slate-900"
          >
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
