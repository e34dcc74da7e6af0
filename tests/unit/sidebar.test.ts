// The docs sidebar of a large version (docs/decisions/045-sidebar-of-a-large-version.md):
// the whole tree up to WHOLE_SIDEBAR_PAGES pages, else the current page's
// categories open and the others folded into a link to their first page.
//
//   node --import tsx --test tests/unit/sidebar.test.ts
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { flattenNavigation } from "../../app/content/navigation.server";
import type { NavItem, NavLink } from "../../app/content/types";
import { sidebarFor, WHOLE_SIDEBAR_PAGES, type SidebarItem } from "../../app/docs/sidebar";

const link = (slug: string): NavLink => ({ type: "link", slug, label: slug, url: `/docs/${slug}` });

/** `categories` categories of `size` pages, the first with a subcategory of three more. */
function navigation(categories: number, size: number): NavItem[] {
  return [
    link("intro"),
    ...Array.from({ length: categories }, (_, c): NavItem => ({
      type: "category",
      label: `Area ${c}`,
      items: [
        ...Array.from({ length: size }, (_, i) => link(`area-${c}/topic-${i}`)),
        ...(c === 0
          ? [{ type: "category" as const, label: "Deeper", items: [0, 1, 2].map((i) => link(`area-0/deeper/${i}`)) }]
          : []),
      ],
    })),
  ];
}

const countLinks = (items: SidebarItem[]): number =>
  items.reduce(
    (sum, item) => sum + (item.type === "link" ? 1 : item.type === "folded" ? 0 : countLinks(item.items)),
    0,
  );

describe("the sidebar of a version", () => {
  test(`up to ${WHOLE_SIDEBAR_PAGES} pages it is the whole navigation`, () => {
    const small = navigation(10, 12);
    assert.equal(sidebarFor(small, "area-3/topic-1"), small);
  });

  test("past that, the current page's categories are open and every other one is a link to its first page", () => {
    const large = navigation(40, 12);
    const sidebar = sidebarFor(large, "area-0/deeper/1");
    const [intro, first, second] = sidebar;
    assert.deepEqual(intro, link("intro"));
    assert.equal(first?.type, "category");
    const deeper = first?.type === "category" ? first.items.at(-1) : undefined;
    assert.ok(deeper?.type === "category" && deeper.items.length === 3, "the subcategory on the path is open");
    assert.deepEqual(second, { type: "folded", label: "Area 1", url: "/docs/area-1/topic-0", pages: 12 });
    assert.equal(sidebar.length, 41);
    assert.equal(countLinks(sidebar), 1 + 12 + 3, "only the open branch lists its pages");
  });

  test("a folded category of subcategories counts them and leads to the first page inside", () => {
    const large = navigation(40, 12);
    const folded = sidebarFor(large, "area-5/topic-0")[1];
    assert.deepEqual(folded, { type: "folded", label: "Area 0", url: "/docs/area-0/topic-0", pages: 15 });
  });

  test("every page is reached: each folded category's link opens it", () => {
    const large = navigation(40, 12);
    for (const item of sidebarFor(large, "intro")) {
      if (item.type !== "folded") continue;
      const slug = item.url.slice("/docs/".length);
      const opened = sidebarFor(large, slug).find((other) => other.label === item.label);
      assert.equal(opened?.type, "category", item.label);
    }
  });

  test("a version's lists are made once: its pages share the folded entries and the flat order (decision 049)", () => {
    const large = navigation(40, 12);
    const one = sidebarFor(large, "area-3/topic-1");
    const other = sidebarFor(large, "area-7/topic-2");
    assert.equal(one[10], other[10], "a category folded on both pages is one object");
    assert.equal(flattenNavigation(large), flattenNavigation(large));
    assert.equal(flattenNavigation(large).length, 1 + 40 * 12 + 3);
    // A new tree (a dev server's new content) gets its own lists, not the old ones.
    const edited = navigation(40, 12);
    (edited[2] as { label: string }).label = "Renamed";
    assert.equal((sidebarFor(edited, "intro")[2] as { label: string }).label, "Renamed");
  });
});
