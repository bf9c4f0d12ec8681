// After `vite build`: write a gzip file next to every text asset (the server sends it to
// browsers that accept gzip, src/travel/web/routes.py), then check the budgets, gzipped:
// - each page's initial load: the JavaScript and CSS a first visit downloads (the page's entry
//   chunk, the chunks it imports statically and their CSS), for the web app (index.html) and
//   the workspace app (embed.html). Lazy chunks (the API explorer) are not part of it.
// - the workspace app's loader (embed-loader.js), which every partner page loads.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const PAGE_BUDGET_KB = 150;
const LOADER_BUDGET_KB = 3;
const dist = new URL("../../src/travel/web/dist/", import.meta.url).pathname;
const assets = join(dist, "assets");

const gzip = (path) => {
  const packed = gzipSync(readFileSync(path), { level: 9 });
  writeFileSync(`${path}.gz`, packed);
  return packed.length;
};

const sizes = new Map();
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json|wasm|ttf)$/.test(name)) continue;
  sizes.set(`assets/${name}`, gzip(join(assets, name)));
}
sizes.set("embed-loader.js", gzip(join(dist, "embed-loader.js")));

const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
const initialLoad = (page) => {
  const files = new Set();
  const visit = (chunk) => {
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const name of chunk.imports ?? []) visit(manifest[name]);
  };
  visit(manifest[page]);
  return [...files];
};

let over = false;
const check = (what, files, budgetKb) => {
  let total = 0;
  for (const file of files) {
    const size = sizes.get(file) ?? gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    total += size;
    console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);
  }
  const kb = total / 1024;
  console.log(`${what}, gzipped: ${kb.toFixed(1)} KB (budget ${budgetKb} KB)`);
  if (kb > budgetKb) {
    console.error(`over budget by ${(kb - budgetKb).toFixed(1)} KB`);
    over = true;
  }
};
check("the web app's initial JavaScript + CSS", initialLoad("index.html"), PAGE_BUDGET_KB);
check("the workspace app's initial JavaScript + CSS", initialLoad("embed.html"), PAGE_BUDGET_KB);
check("the workspace app's loader", ["embed-loader.js"], LOADER_BUDGET_KB);
if (over) process.exit(1);
