// Lint one GraphQL SDL file with eslint.config.mjs beside this file:
//   node lint.mjs FILE
// Exit status 0 when clean, 1 on any problem (warnings included), 2 on bad usage.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";

const here = path.dirname(fileURLToPath(import.meta.url));
const file = process.argv[2];
if (!file) {
  console.error("usage: node lint.mjs FILE");
  process.exit(2);
}
const target = path.resolve(file);
const eslint = new ESLint({
  cwd: here,
  overrideConfigFile: path.join(here, "eslint.config.mjs"),
  // The rules that need the whole schema (e.g. no-unreachable-types) read the file linted.
  overrideConfig: { languageOptions: { parserOptions: { graphQLConfig: { schema: target } } } },
});
// Linted under a name inside this folder so that the config applies to any path given.
const results = await eslint.lintText(readFileSync(target, "utf8"), {
  filePath: path.join(here, "schema.graphql"),
});
for (const result of results) result.filePath = target;
const formatter = await eslint.loadFormatter("stylish");
const output = await formatter.format(results);
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
if (problems) {
  console.log(output);
  process.exit(1);
}
console.log(`${path.basename(target)}: schema lint passed`);
