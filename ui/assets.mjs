// assets.mjs fills static/dist/ with what the pages load from our own origin:
// the KaTeX files, copied from node_modules, and the GraphQL explorer of
// /graphql (GraphiQL with React), bundled by esbuild from explorer/ together
// with the workers of its editor. Run it through `make assets` (npm ci first).
//
// static/dist/ is an output: it is git-ignored and rebuilt from scratch on
// every run, so a file dropped from the lists below disappears from the site.
// The server adds content hashes to the URLs and compresses (ui/assets.go,
// server/web.go), so nothing here is named by its hash.

import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const modules = join(here, "node_modules");
const katex = join(modules, "katex", "dist");
const out = join(here, "static", "dist");

// Each entry copies a path under node_modules/katex/dist to a path under
// static/dist. katex.min.css refers to its fonts as fonts/…, so the fonts
// directory sits beside it; the auto-render extension is flattened to
// /static/dist/auto-render.min.js, where the layout loads it.
const files = [
  ["katex.min.js", "katex.min.js"],
  ["katex.min.css", "katex.min.css"],
  ["fonts", "fonts"],
  ["contrib/auto-render.min.js", "auto-render.min.js"],
];

// The editor's workers, each its own script: explorer.mjs names them to
// Monaco by label (editor, json, graphql).
const workers = {
  "editor.worker": join(modules, "monaco-editor", "esm", "vs", "editor", "editor.worker.js"),
  "json.worker": join(modules, "monaco-editor", "esm", "vs", "language", "json", "json.worker.js"),
  "graphql.worker": join(modules, "monaco-graphql", "esm", "graphql.worker.js"),
};

function fail(msg) {
  console.error(`assets: ${msg}`);
  process.exit(1);
}

if (!existsSync(katex)) {
  fail(`${katex} is missing: run npm ci in ui/ first (make assets does)`);
}
for (const [name, path] of Object.entries(workers)) {
  if (!existsSync(path)) fail(`${path} (${name}) is missing: is graphiql installed (npm ci)?`);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

for (const [from, to] of files) {
  const source = join(katex, from);
  if (!existsSync(source)) fail(`${source} is missing: is the katex package complete?`);
  const dst = join(out, to);
  mkdirSync(dirname(dst), { recursive: true });
  cpSync(source, dst, { recursive: true });
}

// Classic scripts (iife), not modules: nonce.mjs reads the nonce from
// document.currentScript, which module scripts do not have.
const common = {
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020"],
  legalComments: "none",
  logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' },
};

await build({
  ...common,
  entryPoints: { explorer: join(here, "explorer", "explorer.mjs") },
  outdir: out,
  // The editor's icon font is a file beside explorer.css, as font-src 'self'
  // admits no data: URLs.
  loader: { ".ttf": "file", ".woff": "file", ".woff2": "file" },
  assetNames: "[name]-[hash]",
});

await build({
  ...common,
  entryPoints: workers,
  outdir: join(out, "workers"),
});

const { version } = JSON.parse(readFileSync(join(katex, "..", "package.json"), "utf8"));
const graphiql = JSON.parse(readFileSync(join(modules, "graphiql", "package.json"), "utf8")).version;
const kib = (p) => `${Math.round(statSync(join(out, p)).size / 1024)} KiB`;
console.log(`assets: katex ${version}: ${files.map(([, to]) => to).join(", ")} -> ${out}`);
console.log(`assets: graphiql ${graphiql}: explorer.js (${kib("explorer.js")}), explorer.css (${kib("explorer.css")}), ` +
  `workers/${Object.keys(workers).join(".js, workers/")}.js -> ${out}`);
