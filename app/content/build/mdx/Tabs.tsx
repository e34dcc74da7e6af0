import { Children, isValidElement, useId, type ReactElement, type ReactNode } from "react";

// Docusaurus's <Tabs> and <TabItem>, so that pages move over unchanged. They
// are rendered once, at build time, as radio inputs with labels and panels:
// CSS shows the panel of the checked input (app/styles/app.css, "Tabs"), so
// they work without JavaScript, and print shows every panel. With JavaScript,
// tabs that share a `groupId` keep one choice across the page and the site
// (app/lib/tab-groups.ts).

export interface TabItemProps {
  value: string;
  label?: string;
  /** Chosen first (Docusaurus's `default`). */
  default?: boolean;
  children?: ReactNode;
}

export interface TabsProps {
  groupId?: string;
  /** The value chosen first, instead of a TabItem's `default` or the first tab. */
  defaultValue?: string;
  children?: ReactNode;
}

/** Its content; the surrounding <Tabs> draws the label and the panel. */
export function TabItem({ children }: TabItemProps) {
  return <>{children}</>;
}

export function Tabs({ groupId, defaultValue, children }: TabsProps) {
  const name = `tabs${useId()}`;
  const items = Children.toArray(children).filter((child): child is ReactElement<TabItemProps> => isValidElement(child) && typeof (child.props as TabItemProps).value === "string");
  const chosen = defaultValue ?? items.find((item) => item.props.default)?.props.value ?? items[0]?.props.value;
  return (
    <div className="tabs" data-group-id={groupId}>
      {items.map((item) => {
        const id = `${name}-${item.props.value}`;
        return [
          <input key={`i-${id}`} className="tabs-input" type="radio" name={name} id={id} value={item.props.value} defaultChecked={item.props.value === chosen} />,
          <label key={`l-${id}`} className="tabs-label" htmlFor={id}>
            {item.props.label ?? item.props.value}
          </label>,
        ];
      })}
      {items.map((item) => (
        <div key={`p-${item.props.value}`} className="tabs-panel" data-label={item.props.label ?? item.props.value}>
          {item.props.children}
        </div>
      ))}
    </div>
  );
}
