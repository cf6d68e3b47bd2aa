// assets.mjs copies the KaTeX files the pages load from node_modules into
// static/dist/, so that they are served from our own origin. It uses Node's
// standard library only. Run it through `make assets` (npm ci first).
//
// static/dist/ is an output: it is git-ignored and rebuilt from scratch on
// every run, so a file dropped from the list below disappears from the site.

import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, "node_modules", "katex", "dist");
const out = join(here, "static", "dist");

// Each entry is a path under node_modules/katex/dist, copied to the same
// path under static/dist. katex.min.css refers to its fonts as fonts/…,
// so the directory layout must be kept.
const files = [
  "katex.min.js",
  "katex.min.css",
  "fonts",
  "contrib/auto-render.min.js",
];

if (!existsSync(src)) {
  console.error(`assets: ${src} is missing: run npm ci in ui/ first (make assets does)`);
  process.exit(1);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

for (const f of files) {
  const from = join(src, f);
  if (!existsSync(from)) {
    console.error(`assets: ${from} is missing: is the katex package complete?`);
    process.exit(1);
  }
  const to = join(out, f);
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from, to, { recursive: true });
}

const { version } = JSON.parse(readFileSync(join(src, "..", "package.json"), "utf8"));
console.log(`assets: katex ${version}: ${files.join(", ")} -> ${out}`);
