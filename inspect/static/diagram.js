// The machine diagrams: DOT from GET /v1/bots/{bot}/graph (the same source as
// `parley graph`), laid out by Graphviz (@viz-js/viz, vendored), then marked with the
// conversation's place: the current node, the nodes visited and the edges taken.
import { instance } from "./vendor/viz-3.31.0.js";
import { h } from "./dom.js";

let vizPromise;
const viz = () => (vizPromise ||= instance());

// render lays out dot into an SVG element inside a container div.
export async function render(dot) {
  const svg = (await viz()).renderSVGElement(dot);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("aria-hidden", "true");
  return svg;
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
