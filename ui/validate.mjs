// validate.mjs checks HTML with html-validate (a devDependency) and the
// configuration below. The page tests (ui/pagetest) run it; it uses no
// other package.
//
//   node validate.mjs < page.html     prints one line per error, exits 1 if any
//   node validate.mjs --serve         reads one JSON request per line,
//                                     {"name": "...", "html": "..."}, and
//                                     answers each with one JSON line,
//                                     {"messages": [...]} or {"error": "..."}
//
// The serving mode lets a test binary start Node once and check every page
// through it.

import { createInterface } from "node:readline";
import { HtmlValidate } from "html-validate";

// config is the recommended and document presets, less the rules that are
// pure style preferences about how markup is spelled rather than whether it
// is valid. Every rule about validity, content models, ARIA, labels, ids
// and headings stays on.
export const config = {
  root: true,
  extends: ["html-validate:recommended", "html-validate:document"],
  rules: {
    // Spelling preferences: templ writes <!doctype html> in lower case, keeps
    // the quotes, void tags and boolean attributes as the .templ file spells
    // them, and keeps the template's indentation. All of these parse the
    // same in every browser.
    "doctype-style": "off",
    "attr-quotes": "off",
    "void-style": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    "no-trailing-whitespace": "off",
    // A group of checkboxes posts each checked value under one name (a
    // proof's steps confirmed together), as HTML means it to; other controls
    // still may not share a name.
    "form-dup-name": ["error", { shared: ["radio", "checkbox", "button", "reset", "submit"] }],
    // A length limit on <title> is a search-engine preference, and problem
    // titles are user text of any length.
    "long-title": "off",
    // Not turned off but narrowed: integrity hashes matter for resources from
    // another origin; our scripts and styles are served from our own.
    "require-sri": ["error", { target: "crossorigin" }],
  },
};

const validator = new HtmlValidate(config);

async function check(html, name) {
  const report = await validator.validateString(html, name || "page.html");
  const messages = [];
  for (const result of report.results) {
    for (const m of result.messages) {
      messages.push({
        ruleId: m.ruleId,
        severity: m.severity,
        message: m.message,
        line: m.line,
        column: m.column,
        selector: m.selector || "",
      });
    }
  }
  return messages;
}

async function serve() {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    let answer;
    try {
      const req = JSON.parse(line);
      answer = { messages: await check(String(req.html ?? ""), req.name) };
    } catch (e) {
      answer = { error: String(e && e.message ? e.message : e) };
    }
    process.stdout.write(JSON.stringify(answer) + "\n");
  }
}

async function once() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const messages = await check(Buffer.concat(chunks).toString("utf8"), "stdin");
  let errors = 0;
  for (const m of messages) {
    if (m.severity < 2) continue;
    errors++;
    const where = m.selector ? ` (${m.selector})` : "";
    console.log(`${m.line}:${m.column} ${m.ruleId}: ${m.message}${where}`);
  }
  process.exitCode = errors > 0 ? 1 : 0;
}

if (process.argv.includes("--serve")) {
  await serve();
} else {
  await once();
}
