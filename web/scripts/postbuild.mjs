// After `vite build`: write a gzip file next to every text asset (the server sends it to
// browsers that accept gzip, src/travel/web/routes.py), then check the initial-load budget:
// the JavaScript and CSS a first visit downloads (the entry chunk, the chunks it imports
// statically and their CSS), gzipped. Lazy chunks (the API explorer) are not part of it.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 150;
const dist = new URL("../../src/travel/web/dist/", import.meta.url).pathname;
const assets = join(dist, "assets");

const sizes = new Map();
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json|wasm|ttf)$/.test(name)) continue;
  const packed = gzipSync(readFileSync(join(assets, name)), { level: 9 });
  writeFileSync(join(assets, `${name}.gz`), packed);
  sizes.set(`assets/${name}`, packed.length);
}

const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
const initial = new Set();
const visit = (chunk) => {
  if (initial.has(chunk.file)) return;
  initial.add(chunk.file);
  for (const css of chunk.css ?? []) initial.add(css);
  for (const name of chunk.imports ?? []) visit(manifest[name]);
};
visit(entry);
let total = 0;
for (const file of initial) {
  const size = sizes.get(file) ?? gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`initial JavaScript + CSS, gzipped: ${kb.toFixed(1)} KB (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
