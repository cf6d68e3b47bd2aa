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

if (!existsSync(src)) {
  console.error(`assets: ${src} is missing: run npm ci in ui/ first (make assets does)`);
  process.exit(1);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

for (const [from, to] of files) {
  const source = join(src, from);
  if (!existsSync(source)) {
    console.error(`assets: ${source} is missing: is the katex package complete?`);
    process.exit(1);
  }
  const dst = join(out, to);
  mkdirSync(dirname(dst), { recursive: true });
  cpSync(source, dst, { recursive: true });
}

const { version } = JSON.parse(readFileSync(join(src, "..", "package.json"), "utf8"));
console.log(`assets: katex ${version}: ${files.map(([, to]) => to).join(", ")} -> ${out}`);
