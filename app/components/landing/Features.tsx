import { FEATURES } from "./copy";
import { FeatureIcon } from "./FeatureIcon";
import { Card, Section } from "./parts";

/** What the product does, one card per feature, each leading to its page in the user guide. */
export function Features() {
  return (
    <Section id="features" title={FEATURES.title} intro={FEATURES.intro}>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.items.map((feature) => (
          <li key={feature.title}>
            <Card title={feature.title} href={feature.href} icon={<FeatureIcon name={feature.icon} />}>
              {feature.text}
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
