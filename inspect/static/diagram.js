// The machine diagrams: DOT from GET /v1/bots/{bot}/graph (the same source as
// `parley graph`), laid out by Graphviz (@viz-js/viz, vendored), then marked with the
// conversation's place: the current node, the nodes visited and the edges taken.
import { instance } from "./vendor/viz-3.31.0.js";
import { h } from "./dom.js";

let vizPromise;
const viz = () => (vizPromise ||= instance());

// render lays out dot into an SVG element. Given the room it will be shown in
// (width, and the most height it may take), it lays the graph out both left to
// right and top to bottom and keeps the layout that fits that room at the larger
// scale: a long chain of states drawn across a narrow panel would be shrunk past
// reading, and drawn down it stays legible.
export async function render(dot, room) {
  const v = await viz();
  let best = v.renderSVGElement(dot);
  if (room && room.width > 0 && room.height > 0) {
    const other = v.renderSVGElement(turned(dot));
    if (fitScale(other, room) > fitScale(best, room) * 1.1) best = other;
  }
  best.removeAttribute("width");
  best.removeAttribute("height");
  best.setAttribute("focusable", "false");
  best.setAttribute("aria-hidden", "true");
  return best;
}

// turned is dot with its rank direction turned: left to right becomes top to
// bottom and back (top to bottom is Graphviz's default).
function turned(dot) {
  const dir = /rankdir\s*=\s*"?(LR|RL|TB|BT)"?/i;
  const m = dot.match(dir);
  if (!m) return dot.replace("{", "{\n\trankdir=LR;");
  const swap = { LR: "TB", RL: "BT", TB: "LR", BT: "RL" }[m[1].toUpperCase()];
  return dot.replace(dir, `rankdir=${swap}`);
}

// fitScale is the scale at which svg fits the room whole.
function fitScale(svg, room) {
  const [, , w, h] = (svg.getAttribute("viewBox") || "0 0 1 1").split(/[ ,]+/).map(Number);
  return Math.min(room.width / w, room.height / h);
}

// mark sets the classes current / visited / taken on the SVG's nodes and edges, which
// Graphviz titles with their ids ("a" and "a->b"). With connect, an edge between two
// visited nodes counts as taken too (gates flows, whose nodes link only through the
// states and gates they reach).
export function mark(svg, { current, visited, taken, connect = false }) {
  for (const g of svg.querySelectorAll("g.node")) {
    const id = g.querySelector("title")?.textContent;
    g.classList.toggle("current", id === current);
    g.classList.toggle("visited", visited.has(id) && id !== current);
  }
  for (const g of svg.querySelectorAll("g.edge")) {
    const id = g.querySelector("title")?.textContent ?? "";
    const [from, to] = id.split("->");
    const reached = (n) => n === current || visited.has(n);
    g.classList.toggle("taken", taken.has(id) || (connect && reached(from) && reached(to)));
  }
}

// Where a state stands on its engine's diagram: the node id it is at.
export const locate = {
  shop: (s) => s?.conversation_state?.state ?? null,
  flows: (s) => (s?.current_flow && s?.current_step ? `${s.current_flow}__${s.current_step}` : null),
  // The node waiting for the user's answer, else the one that ran last.
  gates: (s) => s?.lastPromptedNode || s?.position || s?.lastSelectedNode || null,
};

// What else a state has reached on its diagram: a gates conversation's executed
// nodes, states and satisfied gates (and the goal once the flow is complete).
export const reached = {
  gates: (s) => [...Object.keys(s?.executionsByNode || {}), ...(s?.states || []).map((x) => `state:${x}`),
    ...(s?.gatesSatisfied || []).map((g) => `gate:${g}`),
    ...(s?.status === "complete" ? ["goal"] : [])],
};

// A short text of where a state stands, for the conversation list and captions.
export function summary(engine, s) {
  if (!s) return "";
  switch (engine) {
    case "shop":
      return s.conversation_state?.state ?? "";
    case "flows": {
      const where = s.current_flow ? `${s.current_flow}${s.current_step ? " / " + s.current_step : ""}` : "no flow";
      return `${s.conversation_state ?? ""} · ${where}`;
    }
    case "gates":
      return [s.status, s.lastPromptedNode || s.position].filter(Boolean).join(" · ");
    default:
      return "";
  }
}

// path turns a sequence of visited node ids and explicit transitions into the sets
// mark needs.
export function path(nodes, transitions) {
  const visited = new Set();
  const taken = new Set();
  let prev = null;
  for (const n of nodes) {
    if (!n) continue;
    visited.add(n);
    if (prev && prev !== n) taken.add(`${prev}->${n}`);
    prev = n;
  }
  for (const t of transitions) {
    visited.add(t.from);
    visited.add(t.to);
    taken.add(`${t.from}->${t.to}`);
  }
  return { visited, taken };
}

export function legend() {
  return h("ul", { class: "legend", "aria-label": "Legend" },
    h("li", {}, h("span", { class: "swatch current" }), "current"),
    h("li", {}, h("span", { class: "swatch visited" }), "visited"),
    h("li", {}, h("span", { class: "swatch taken" }), "path taken"));
}

// viewport shows a diagram in its panel: Fit shows the whole of it (nothing cut
// off), as wide as the panel and, for a tall diagram, up to three quarters of the
// window's height (the SVG's own aspect ratio sizes the panel, app.css); zoom (the buttons, the keys + - 0, Ctrl or Cmd with the wheel)
// and pan (dragging, or the arrow keys) move a view box over it, so a large
// diagram can be read where the fitted one is small. A diagram too wide to read in
// its column gets the page's whole width (widen). The SVG keeps its vector
// size: zooming re-renders the text sharp. The current scale, in screen pixels per
// diagram unit, is box.dataset.scale (the browser tests read it).
// READABLE is the fitted scale under which a diagram's labels (Graphviz's 14-point
// default) get too small to read: about 9 pixels high.
const READABLE = 0.6;

// viewport's widen, when given, is asked for more room when the fitted diagram
// would be smaller than READABLE; it returns whether it made some.
export function viewport(box, { widen } = {}) {
  let svg = null;
  let full = null; // the diagram's own view box: {x, y, w, h}
  let view = null; // the part shown
  const MIN_SHOWN = 0.05; // zoomed in to 1/20 of the diagram at most

  const apply = () => {
    if (!svg) return;
    svg.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
    const r = box.getBoundingClientRect();
    box.dataset.scale = Math.min(r.width / view.w, r.height / view.h).toFixed(3);
  };
  const api = {
    show(next) {
      if (next === svg && svg.parentNode === box) return; // a redraw keeps the user's zoom
      svg = next;
      const [x, y, w, h] = (svg.getAttribute("viewBox") || "0 0 100 100").split(/[ ,]+/).map(Number);
      full = { x, y, w, h };
      svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
      box.replaceChildren(svg);
      api.fit();
    },
    fit() {
      if (!svg) return;
      view = { ...full };
      apply();
      if (Number(box.dataset.scale) < READABLE && widen?.()) apply();
    },
    // zoom by factor f (> 1 zooms in) around the point at fractions (fx, fy) of
    // the shown part.
    zoom(f, fx = 0.5, fy = 0.5) {
      if (!svg) return;
      const w = Math.min(full.w * 4, Math.max(full.w * MIN_SHOWN, view.w / f));
      const h = (w * view.h) / view.w;
      view = { x: view.x + (view.w - w) * fx, y: view.y + (view.h - h) * fy, w, h };
      apply();
    },
    // pan by (dx, dy) screen pixels.
    pan(dx, dy) {
      if (!svg) return;
      const r = box.getBoundingClientRect();
      const k = Math.max(view.w / r.width, view.h / r.height);
      view = { ...view, x: view.x - dx * k, y: view.y - dy * k };
      apply();
    },
  };
  box.tabIndex = 0;
  box.addEventListener("wheel", (e) => {
    if (!(e.ctrlKey || e.metaKey)) return; // a plain wheel scrolls the page
    e.preventDefault();
    const r = box.getBoundingClientRect();
    api.zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
  }, { passive: false });
  let drag = null;
  box.addEventListener("pointerdown", (e) => {
    drag = { x: e.clientX, y: e.clientY };
    box.setPointerCapture?.(e.pointerId);
    box.classList.add("dragging");
  });
  box.addEventListener("pointermove", (e) => {
    if (!drag) return;
    api.pan(e.clientX - drag.x, e.clientY - drag.y);
    drag = { x: e.clientX, y: e.clientY };
  });
  const endDrag = () => { drag = null; box.classList.remove("dragging"); };
  box.addEventListener("pointerup", endDrag);
  box.addEventListener("pointercancel", endDrag);
  box.addEventListener("keydown", (e) => {
    const keys = { "+": () => api.zoom(1.25), "=": () => api.zoom(1.25), "-": () => api.zoom(0.8), "0": () => api.fit(),
      ArrowLeft: () => api.pan(40, 0), ArrowRight: () => api.pan(-40, 0), ArrowUp: () => api.pan(0, 40), ArrowDown: () => api.pan(0, -40) };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  window.addEventListener("resize", () => api.fit());
  return api;
}
