// The state object as a collapsible tree: objects and arrays are <details> (keyboard
// operable without script), leaves are "key: value". Paths that differ from the
// previous version are marked "changed" and their ancestors open.
import { h } from "./dom.js";

// changedPaths lists the JSON paths ("a.b.0") whose values differ between two
// states, including added and removed keys.
export function changedPaths(prev, next, path = "", out = new Set()) {
  if (prev === undefined) {
    if (next !== undefined) out.add(path);
    return out;
  }
  const po = prev !== null && typeof prev === "object";
  const no = next !== null && typeof next === "object";
  if (!po || !no || Array.isArray(prev) !== Array.isArray(next)) {
    if (JSON.stringify(prev) !== JSON.stringify(next)) out.add(path);
    return out;
  }
  const keys = new Set([...Object.keys(prev), ...Object.keys(next)]);
  for (const k of keys) {
    const p = path ? `${path}.${k}` : k;
    if (!(k in next) || !(k in prev)) out.add(p);
    else changedPaths(prev[k], next[k], p, out);
  }
  return out;
}

function touches(changed, path) {
  if (changed.has(path)) return true;
  for (const c of changed) if (path === "" || c.startsWith(path + ".")) return true;
  return false;
}

function leaf(value) {
  if (value === null) return h("span", { class: "v null" }, "null");
  if (typeof value === "string") return h("span", { class: "v str" }, JSON.stringify(value));
  return h("span", { class: `v ${typeof value}` }, String(value));
}

// renderTree draws value; changed is a set from changedPaths.
export function renderTree(value, changed = new Set()) {
  return h("div", { class: "tree" }, node("state", value, "", changed, 0));
}

function node(label, value, path, changed, depth) {
  const isChanged = path !== "" && changed.has(path);
  if (value === null || typeof value !== "object") {
    return h("div", { class: `leaf${isChanged ? " changed" : ""}`, "data-path": path },
      h("span", { class: "k" }, label), ": ", leaf(value), isChanged ? h("span", { class: "visually-hidden" }, " (changed)") : null);
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  const open = depth < 1 || touches(changed, path);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return h("details", { class: `branch${isChanged ? " changed" : ""}`, "data-path": path, open },
    h("summary", {}, h("span", { class: "k" }, label), " ", h("span", { class: "count" }, summary),
      touches(changed, path) && path !== "" ? h("span", { class: "badge" }, "changed") : null),
    h("div", { class: "children" },
      entries.map(([k, v]) => node(k, v, path ? `${path}.${k}` : k, changed, depth + 1))));
}
