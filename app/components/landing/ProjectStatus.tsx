import type { SiteConfig } from "~/site.config";
import { STATUS } from "./copy";
import { Section, TextCards, TextLink } from "./parts";

/** Where the project stands: API only, which release, and the limitations found in its code. */
export function ProjectStatus({ config: { repositoryUrl } }: { config: SiteConfig }) {
  return (
    <Section id="status" title={STATUS.title} intro={STATUS.intro}>
      <TextCards items={STATUS.items} />
      <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        {STATUS.links.map((link) => (
          <TextLink key={link.to} to={link.to}>
            {link.label}
          </TextLink>
        ))}
        <TextLink to={repositoryUrl}>{STATUS.sourceLabel}</TextLink>
      </p>
    </Section>
  );
}
