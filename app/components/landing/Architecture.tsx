// Imported from its own module: the diagrams index would also bundle the pipeline diagram's data.
import { ArchitectureDiagram } from "~/components/diagrams/ArchitectureDiagram";
import type { ArchitectureData } from "~/components/diagrams/data";
import { ARCHITECTURE } from "./copy";
import { Section, TextLink } from "./parts";

/** The parts of a running installation (of the current release: its diagrams.json), as one picture, with the pages that explain them. */
export function Architecture({ diagram }: { diagram: ArchitectureData }) {
  return (
    <Section id="architecture" title={ARCHITECTURE.title} intro={ARCHITECTURE.intro}>
      <ArchitectureDiagram className="mx-auto max-w-4xl" idPrefix="landing-architecture" data={diagram} />
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        {ARCHITECTURE.links.map((link) => (
          <TextLink key={link.to} to={link.to}>
            {link.label}
          </TextLink>
        ))}
      </p>
    </Section>
  );
}
