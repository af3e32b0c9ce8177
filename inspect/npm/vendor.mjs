// Copies the built, minified browser files of the inspector's npm dependencies into
// ../static/vendor/, which is committed and embedded in the parley binary, so that no
// build step is needed to serve the inspector. Run through `npm run vendor`.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";

const out = new URL("../static/vendor/", import.meta.url);
mkdirSync(out, { recursive: true });
const viz = JSON.parse(readFileSync(new URL("node_modules/@viz-js/viz/package.json", import.meta.url)));
// dist/viz.js is one minified ES module with Graphviz's WebAssembly inlined; its
// header carries the MIT notice of Viz.js and names Graphviz and Expat.
copyFileSync(new URL("node_modules/@viz-js/viz/dist/viz.js", import.meta.url), new URL(`viz-${viz.version}.js`, out));
console.log(`vendored @viz-js/viz ${viz.version} into static/vendor/viz-${viz.version}.js`);
