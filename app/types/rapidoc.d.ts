// <rapi-doc> takes string attributes, all with dashed names except a few.
type RapiDocAttributes = React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
  [attribute: `${string}-${string}`]: string | undefined;
  theme?: string;
  layout?: string;
  /** React 18 passes `className` to custom elements verbatim as "classname"; `class` is the attribute. */
  class?: string;
};

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "rapi-doc": RapiDocAttributes;
    }
  }
}

export {};
