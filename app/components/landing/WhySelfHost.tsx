import { SELF_HOST } from "./copy";
import { Section, TextCards } from "./parts";

/** Why run it at home: where the data goes (and the one place it leaves), lock-in, and the care it takes. */
export function WhySelfHost() {
  return (
    <Section id="self-hosting" title={SELF_HOST.title} intro={SELF_HOST.intro} tinted>
      <TextCards items={SELF_HOST.items} />
    </Section>
  );
}
