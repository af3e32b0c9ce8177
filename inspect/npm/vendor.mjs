// Copies the built, minified browser files of the inspector's npm dependencies into
// ../static/vendor/, gzipped, which is committed and embedded in the parley binary, so
// that no build step is needed to serve the inspector (gzipped because Graphviz's
// WebAssembly makes the module over 1 MiB; the server sends it as is to browsers
// that accept gzip and decompressed to the rest). Run through `npm run vendor`;
// `npm run vendor -- --check` only verifies that the committed file holds exactly
// what the lockfile gives, comparing the decompressed bytes.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { gzipSync, gunzipSync } from "node:zlib";

const check = process.argv.includes("--check");
const out = new URL("../static/vendor/", import.meta.url);
const viz = JSON.parse(readFileSync(new URL("node_modules/@viz-js/viz/package.json", import.meta.url)));
// dist/viz.js is one minified ES module with Graphviz's WebAssembly inlined; its
// header carries the MIT notice of Viz.js and names Graphviz and Expat.
const built = readFileSync(new URL("node_modules/@viz-js/viz/dist/viz.js", import.meta.url));
const target = new URL(`viz-${viz.version}.js.gz`, out);
if (check) {
  if (!existsSync(target) || !gunzipSync(readFileSync(target)).equals(built)) {
    console.error(`static/vendor/viz-${viz.version}.js.gz is not what @viz-js/viz ${viz.version} builds: run npm --prefix inspect/npm run vendor`);
    process.exit(1);
  }
} else {
  mkdirSync(out, { recursive: true });
  writeFileSync(target, gzipSync(built, { level: 9 }));
  console.log(`vendored @viz-js/viz ${viz.version} into static/vendor/viz-${viz.version}.js.gz`);
}
