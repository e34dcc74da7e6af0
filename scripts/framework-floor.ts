// The framework floor of the JavaScript budget: what a hello-world app on the
// installed versions of React, React DOM and Remix ships to a first visitor,
// gzipped. It builds that app in a temporary folder with the classic compiler
// from this repository's node_modules (same entry.client, same future flags),
// then adds up the scripts its page loads: the entry, the root and the one
// route, with every chunk they import. Run it as `npx tsx scripts/framework-floor.ts`;
// tests/e2e/budgets.spec.ts calls measureFrameworkFloor(). The result is kept in
// .cache/ per set of versions, since it changes only when they do.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

const root = join(import.meta.dirname, "..");
const PACKAGES = ["react", "react-dom", "@remix-run/react", "@remix-run/dev"] as const;

export interface FrameworkFloor {
  /** Gzipped bytes (level 9, as `npm run build` precompresses) of every script the hello-world page loads. */
  bytes: number;
  files: { path: string; gzipped: number }[];
  versions: Record<string, string>;
}

function installedVersions(): Record<string, string> {
  return Object.fromEntries(
    PACKAGES.map((name) => [
      name,
      (JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string })
        .version,
    ]),
  );
}

const HELLO_WORLD: Record<string, string> = {
  // Remix reads the runtime it builds for from the dependencies.
  "package.json": JSON.stringify({
    name: "framework-floor",
    private: true,
    type: "module",
    dependencies: { "@remix-run/node": "*", "@remix-run/react": "*", react: "*", "react-dom": "*" },
  }),
  "remix.config.js": `export default ${JSON.stringify({
    serverModuleFormat: "esm",
    // The same future flags as remix.config.js: they change what the client runtime does.
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: true,
    },
  })};`,
  "app/entry.client.tsx": readFileSync(join(root, "app/entry.client.tsx"), "utf8"),
  "app/root.tsx": `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
export default function App() {
  return (
    <html lang="en">
      <head><meta charSet="utf-8" /><Meta /><Links /></head>
      <body><Outlet /><ScrollRestoration /><Scripts /></body>
    </html>
  );
}
`,
  "app/routes/_index.tsx": `export default function Index() {
  return <h1>Hello, world</h1>;
}
`,
};

interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
}

function buildAndMeasure(): FrameworkFloor {
  const dir = mkdtempSync(join(tmpdir(), "framework-floor-"));
  try {
    for (const [name, text] of Object.entries(HELLO_WORLD)) {
      mkdirSync(join(dir, name, ".."), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
    const build = spawnSync(process.execPath, [join(root, "node_modules/.bin/remix"), "build"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (build.status !== 0) throw new Error(`hello-world build failed:\n${build.stdout}\n${build.stderr}`);
    const out = join(dir, "public/build");
    const manifestFile = readdirSync(out).find((name) => /^manifest-.*\.js$/.test(name));
    if (!manifestFile) throw new Error("hello-world build wrote no manifest");
    const context = { window: {} as { __remixManifest?: Manifest } };
    runInNewContext(readFileSync(join(out, manifestFile), "utf8"), context);
    const manifest = context.window.__remixManifest;
    if (!manifest) throw new Error("hello-world manifest is unreadable");
    const urls = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (const id of ["root", "routes/_index"]) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`hello-world manifest has no ${id}`);
      urls.add(route.module);
      for (const url of route.imports ?? []) urls.add(url);
    }
    const files = [...urls].map((url) => ({
      path: url,
      gzipped: gzipSync(readFileSync(join(out, url.replace(/^\/build\//, ""))), { level: 9 }).length,
    }));
    return { bytes: files.reduce((sum, file) => sum + file.gzipped, 0), files, versions: installedVersions() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The floor for the installed versions, from .cache/ when it was measured for exactly these. */
export function measureFrameworkFloor(): FrameworkFloor {
  const versions = installedVersions();
  const cacheFile = join(root, ".cache/framework-floor.json");
  if (existsSync(cacheFile)) {
    const cached = JSON.parse(readFileSync(cacheFile, "utf8")) as FrameworkFloor;
    if (JSON.stringify(cached.versions) === JSON.stringify(versions)) return cached;
  }
  const floor = buildAndMeasure();
  mkdirSync(join(root, ".cache"), { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(floor, null, 2));
  return floor;
}

if (process.argv[1] === import.meta.filename) {
  const floor = measureFrameworkFloor();
  for (const file of floor.files) console.log(`${(file.gzipped / 1024).toFixed(1).padStart(6)} KB  ${file.path}`);
  const versions = Object.entries(floor.versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(", ");
  console.log(
    `framework floor: ${(floor.bytes / 1024).toFixed(1)} KB gzipped in ${floor.files.length} files (${versions})`,
  );
}
