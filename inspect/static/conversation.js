// One conversation, live: transcript, machine diagram, state tree, event log,
// version and time travel, and the controls that drive it. Everything shown is
// rebuilt from two API reads, GET .../history (the stored event log, each turn joined
// with its stored response) and GET .../{conversation}, which are re-read whenever
// the event stream announces a stored event, so a second tab and this one converge
// on the same view.
import { api, subscribe, APIError } from "./api.js";
import { h, say, time } from "./dom.js";
import { renderTree, changedPaths } from "./tree.js";
import { renderTurn, renderAgent, streaming } from "./transcript.js";
import * as diagram from "./diagram.js";

const CONTROLS = ["pause", "resume", "cancel", "reset", "handback"];
const AGENT_KEY = "parley.agent";

// waitingFor is the handoff a conversation's events leave it waiting in (the last
// handoff event, with no handback or reset after it), or null.
export function waitingFor(events) {
  let handoff = null;
  for (const e of events) {
    if (e.type === "handoff") handoff = { reason: e.data?.reason || "", since: e.at };
    else if (e.type === "handback" || e.type === "reset") handoff = null;
  }
  return handoff;
}

export function conversationView(main, bot, engine, id, signal) {
  const s = {
    events: [], lastSeq: 0, current: null, live: [], deltas: new Map(),
    selected: null, machine: "engine", svgs: {}, busy: false, again: false,
  };

  const title = h("h2", { id: "conv-title" }, `${bot} / ${id}`);
  const badge = h("span", { class: "badge lifecycle", id: "lifecycle" }, "new");
  const version = h("span", { class: "badge", id: "version" }, "no version yet");
  const stream = h("span", { class: "badge stream", id: "stream" }, "connecting");
  const slider = h("input", { id: "travel", type: "range", min: 0, max: 0, value: 0, step: 1, disabled: true });
  const sliderOut = h("output", { id: "travel-out", for: "travel" }, "");
  const liveBtn = h("button", { type: "button", id: "travel-live", disabled: true }, "Back to live");
  // The transcript is redrawn whole, so it is not a live region; new turns are
  // announced in the page's status line instead.
  const transcript = h("ol", { class: "transcript", id: "transcript", tabindex: "0", "aria-labelledby": "chat-h" });
  const msg = h("input", { id: "message", type: "text", autocomplete: "off", placeholder: "Type as the user…" });
  const composer = h("form", { class: "composer", id: "composer" },
    h("label", { for: "message", class: "visually-hidden" }, "Message"), msg,
    h("button", { type: "submit", id: "send" }, "Send"));
  // A person's side, shown while the conversation waits for one: who answers (kept
  // in this browser), the answer, and the hand back to the bot.
  const agentName = h("input", { id: "agent-name", type: "text", autocomplete: "name", placeholder: "Your name", value: localStorage.getItem(AGENT_KEY) || "" });
  const agentText = h("input", { id: "agent-text", type: "text", autocomplete: "off", placeholder: "Answer as a person…" });
  const waitingNote = h("p", { class: "waiting-note", id: "waiting-note" });
  const person = h("form", { class: "person", id: "person", hidden: true, "aria-labelledby": "person-h" },
    h("h3", { id: "person-h" }, "Waiting for a person"), waitingNote,
    h("label", { for: "agent-name" }, "Your name"), agentName,
    h("label", { for: "agent-text" }, "Reply"), agentText,
    h("div", { class: "person-actions" },
      h("button", { type: "submit", id: "agent-send" }, "Send as a person"),
      h("button", { type: "button", id: "hand-back", onclick: () => control("handback") }, "Hand back to the bot")));
  person.addEventListener("submit", (e) => { e.preventDefault(); answer(); });
  const diagramBox = h("div", { class: "diagram", id: "diagram", role: "img", "aria-label": "Machine diagram" });
  const caption = h("p", { class: "caption", id: "diagram-caption" });
  const tabs = ["engine", "lifecycle"].map((m) => h("button", {
    type: "button", class: "tab", id: `machine-${m}`, "aria-pressed": String(m === s.machine),
    onclick: () => { s.machine = m; tabs.forEach((t) => t.setAttribute("aria-pressed", String(t.id === `machine-${m}`))); drawDiagram(); },
  }, m === "engine" ? `${engine} machine` : "lifecycle"));
  // A diagram too wide to read in the middle column takes the whole row.
  const view = diagram.viewport(diagramBox, {
    widen: () => {
      const section = diagramBox.closest("section");
      if (!section || section.classList.contains("wide")) return false;
      section.classList.add("wide");
      return true;
    },
  });
  const zoom = h("div", { class: "zoom", role: "group", "aria-label": "Zoom" },
    h("button", { type: "button", id: "zoom-out", title: "Zoom out (-)", onclick: () => view.zoom(0.8) }, "−"),
    h("button", { type: "button", id: "zoom-fit", title: "Fit to the panel (0)", onclick: () => view.fit() }, "Fit"),
    h("button", { type: "button", id: "zoom-in", title: "Zoom in (+)", onclick: () => view.zoom(1.25) }, "+"));
  const treeBox = h("div", { id: "state" });
  // Branches the user opened or closed stay so across redraws.
  const opened = new Map();
  // (A summary's click, by mouse or keyboard, is the user's; toggle events also
  // fire for branches drawn open.)
  treeBox.addEventListener("click", (e) => {
    const d = e.target.closest("summary")?.parentElement;
    if (d?.tagName === "DETAILS") opened.set(d.dataset.path, !d.open);
  });
  const log = h("ol", { class: "events", id: "events" });
  const reason = h("input", { id: "reason", type: "text", placeholder: "optional" });
  const controls = h("div", { class: "controls", role: "group", "aria-labelledby": "controls-h" },
    h("label", { for: "reason" }, "Reason"), reason,
    CONTROLS.map((k) => h("button", { type: "button", id: `control-${k}`, onclick: () => control(k) }, k)));

  main.replaceChildren(h("section", { class: "conv", "aria-labelledby": "conv-title" },
    h("header", { class: "conv-head" }, h("a", { href: `#/bots/${encodeURIComponent(bot)}` }, "← conversations"), title, badge, version, stream),
    h("div", { class: "travel" }, h("label", { for: "travel" }, "Time travel"), slider, sliderOut, liveBtn),
    h("div", { class: "grid" },
      h("section", { class: "chat", "aria-labelledby": "chat-h" }, h("h3", { id: "chat-h" }, "Transcript"), transcript, person, composer),
      h("section", { class: "machine", "aria-labelledby": "machine-h" }, h("h3", { id: "machine-h" }, "Machine"),
        h("div", { class: "machine-bar" }, h("div", { class: "tabs", role: "group", "aria-label": "Diagram" }, tabs), zoom),
        diagramBox, caption, diagram.legend()),
      h("section", { class: "side" },
        h("h3", { id: "state-h" }, "State"), treeBox,
        h("h3", { id: "controls-h" }, "Lifecycle controls"), controls,
        h("h3", { id: "events-h" }, "Event log"), log))));

  slider.addEventListener("input", () => { s.selected = Number(slider.value); draw(); });
  liveBtn.addEventListener("click", () => { s.selected = null; draw(); });
  composer.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = msg.value.trim();
    if (text) send({ text }).then((ok) => ok && (msg.value = ""));
  });

  // versions are the points of time travel: each turn's version (its stored
  // response holds the state) and the current version.
  function versions() {
    const vs = [];
    for (const e of s.events) {
      if (e.type === "turn" && e.response) {
        vs.push({ version: e.response.version, state: e.response.state, lifecycle: e.response.lifecycle, seq: e.seq, at: e.at });
      }
    }
    const c = s.current;
    if (c && (!vs.length || c.version > vs[vs.length - 1].version)) {
      vs.push({ version: c.version, state: c.state, lifecycle: c.lifecycle, seq: c.last_event_id, at: c.updated_at });
    }
    return vs;
  }

  async function send(fields) {
    const message = { id: `insp-${crypto.randomUUID()}`, ...fields };
    try {
      await api.send(bot, id, message);
      s.selected = null;
      await refresh();
      return true;
    } catch (err) {
      say(`Message not sent: ${err.message}`, true);
      return false;
    }
  }

  // answer posts the person's reply (POST .../agent-messages); the name is kept.
  async function answer() {
    const text = agentText.value.trim();
    const agent = agentName.value.trim();
    if (!agent) { say("Write your name: the visitor sees it beside your answer.", true); agentName.focus(); return; }
    if (!text) return;
    localStorage.setItem(AGENT_KEY, agent);
    try {
      await api.agentMessage(bot, id, { id: `agent-${crypto.randomUUID()}`, text, agent });
      agentText.value = "";
      s.selected = null;
      await refresh();
    } catch (err) {
      say(`Answer not sent: ${err.message}`, true);
    }
  }

  async function control(kind) {
    try {
      await api.control(bot, id, kind, reason.value.trim());
      reason.value = "";
      say(`${kind}: done`);
      await refresh();
    } catch (err) {
      say(`${kind} refused: ${err.message}`, true);
    }
  }

  // refresh reads what the stream announced; calls made while one runs coalesce.
  async function refresh() {
    if (s.busy) { s.again = true; return; }
    s.busy = true;
    try {
      do {
        s.again = false;
        await load();
      } while (s.again && !signal.aborted);
    } finally {
      s.busy = false;
    }
    draw();
  }

  async function load() {
    const first = s.lastSeq === 0;
    try {
      for (;;) {
        const page = await api.history(bot, id, s.lastSeq, signal);
        for (const e of page.events) {
          if (e.seq > s.lastSeq) { s.events.push(e); s.lastSeq = e.seq; }
          if (e.type === "turn") {
            s.deltas.clear();
            if (!first) announce(e);
          }
        }
        if (!page.next_after) break;
      }
      s.current = await api.conversation(bot, id, signal);
    } catch (err) {
      if (err instanceof APIError && err.status === 404) return; // not started yet
      if (!signal.aborted) say(`Could not read the conversation: ${err.message}`, true);
    }
  }

  function announce(e) {
    const texts = (e.response?.replies || []).map((r) => r.text).filter(Boolean);
    const said = e.data?.text || e.data?.meaning || "";
    say(`${said ? `User: ${said}. ` : ""}${texts.length ? `Bot: ${texts.join(" ")}` : ""}`);
  }

  function onEvent(e) {
    if (e.seq > 0) {
      if (e.seq > s.lastSeq) refresh();
      return;
    }
    if (e.type === "reply_delta" && e.data) {
      s.deltas.set(e.data.reply_id, (s.deltas.get(e.data.reply_id) || "") + (e.data.delta || ""));
    } else {
      s.live.push({ ...e, at: new Date().toISOString() });
      if (s.live.length > 6) s.live.shift();
      if (e.type === "state_changed" && e.data?.to_state && s.selected === null) {
        badge.textContent = badge.dataset.lifecycle = e.data.to_state;
      }
    }
    drawLive();
  }

  function onStream(state, err) {
    stream.textContent = state === "open" ? "live" : state;
    stream.classList.toggle("ok", state === "open");
    if (err) say(`Event stream: ${err.message}`, true);
  }

  function draw() {
    const vs = versions();
    const last = vs.length - 1;
    const at = s.selected === null || s.selected > last ? last : s.selected;
    const v = vs[at];
    const travelling = s.selected !== null && at < last;
    slider.max = String(Math.max(last, 0));
    slider.value = String(Math.max(at, 0));
    slider.disabled = vs.length < 2;
    slider.setAttribute("aria-valuetext", v ? `version ${v.version}` : "no versions");
    sliderOut.textContent = v ? `version ${v.version} of ${vs[last].version}${travelling ? " (past)" : " (live)"} · ${time(v.at)}` : "";
    liveBtn.disabled = !travelling;
    const c = s.current;
    badge.textContent = travelling ? v.lifecycle : c ? c.lifecycle : "new";
    badge.dataset.lifecycle = badge.textContent;
    version.textContent = c ? `version ${travelling ? v.version : c.version}` : "no version yet";
    const cutoff = travelling ? v.seq : Infinity;
    drawTranscript(cutoff, travelling);
    drawState(vs, at);
    drawLog(cutoff);
    drawDiagram();
    for (const k of CONTROLS) document.getElementById(`control-${k}`).disabled = travelling || !c;
    msg.disabled = travelling;
    const waiting = waitingFor(s.events);
    person.hidden = !waiting || travelling;
    if (waiting) waitingNote.textContent = `Handed off (${waiting.reason}) ${time(waiting.since)}; the bot is silent until you hand back.`;
  }

  function turns() {
    return s.events.filter((e) => e.type === "turn").map((e) => ({
      seq: e.seq, at: e.at, messageId: e.data?.message_id, text: e.data?.text, meaning: e.data?.meaning,
      replies: e.response?.replies || [], transitions: e.data?.transitions || [],
    }));
  }

  function drawTranscript(cutoff, travelling) {
    const act = (o) => send({ text: o.title, meaning: o.meaning });
    const items = [];
    const agents = s.events.filter((e) => e.type === "agent_message");
    const said = [...turns(), ...agents].sort((a, b) => a.seq - b.seq);
    for (const t of said) {
      const future = t.seq > cutoff;
      const drawn = t.type === "agent_message" ? [renderAgent(t)] : renderTurn(t, act, future || travelling);
      for (const li of drawn) {
        if (future) li.classList.add("future");
        items.push(li);
      }
    }
    if (!travelling) for (const [rid, text] of s.deltas) items.push(streaming(rid, text));
    if (!items.length) items.push(h("li", { class: "empty" }, "No turns yet: send a message below."));
    const stick = transcript.scrollTop + transcript.clientHeight >= transcript.scrollHeight - 40;
    transcript.replaceChildren(...items);
    if (stick || !travelling) transcript.scrollTop = transcript.scrollHeight;
  }

  function drawLive() {
    drawLog(Infinity);
    if (s.deltas.size) drawTranscript(Infinity, false);
  }

  function drawState(vs, at) {
    const v = vs[at];
    if (!v) { treeBox.replaceChildren(h("p", { class: "empty" }, "No state yet.")); return; }
    const prev = at > 0 ? vs[at - 1].state : undefined;
    const changed = prev === undefined ? new Set() : changedPaths(prev, v.state);
    treeBox.replaceChildren(
      h("p", { class: "hint" }, at === 0 ? `Version ${v.version}, the first.`
        : changed.size ? `${changed.size} change${changed.size > 1 ? "s" : ""} since version ${vs[at - 1].version}, highlighted.`
        : `Nothing changed since version ${vs[at - 1].version}.`),
      renderTree(v.state, changed));
    for (const d of treeBox.querySelectorAll("details")) {
      const want = opened.get(d.dataset.path);
      if (want !== undefined) d.open = want;
    }
  }

  function drawLog(cutoff) {
    const items = s.events.filter((e) => e.seq <= cutoff).map((e) => logItem(e, false));
    if (cutoff === Infinity) for (const e of s.live) items.push(logItem(e, true));
    log.replaceChildren(...items.reverse());
  }

  async function drawDiagram() {
    const m = s.machine;
    try {
      if (!(m in s.svgs)) {
        s.svgs[m] = null;
        const g = await api.graph(bot, m, signal);
        s.svgs[m] = await diagram.render(g.source, { width: diagramBox.clientWidth, height: window.innerHeight * 0.75 });
      }
    } catch (err) {
      if (!(err instanceof APIError && err.status === 404)) delete s.svgs[m];
      diagramBox.replaceChildren(h("p", { class: "empty" }, `No diagram: ${err.message}`));
      caption.textContent = "";
      return;
    }
    const svg = s.svgs[m];
    if (!svg || s.machine !== m) return;
    const vs = versions();
    const last = vs.length - 1;
    const at = s.selected === null || s.selected > last ? last : s.selected;
    const cutoff = s.selected === null ? Infinity : vs[at]?.seq ?? Infinity;
    let where;
    let marks;
    if (m === "lifecycle") {
      const changes = s.events.filter((e) => e.type === "state_changed" && e.seq <= cutoff).map((e) => ({ from: e.data.from_state, to: e.data.to_state }));
      where = vs[at]?.lifecycle ?? null;
      marks = diagram.path([], changes);
    } else {
      const loc = diagram.locate[engine] || (() => null);
      where = loc(vs[at]?.state);
      const ts = turns().filter((t) => t.seq <= cutoff).flatMap((t) => t.transitions);
      marks = diagram.path(vs.slice(0, at + 1).map((v) => loc(v.state)), ts);
      const more = diagram.reached[engine];
      if (more) {
        for (const id of more(vs[at]?.state)) marks.visited.add(id);
        marks.connect = true;
      }
    }
    diagram.mark(svg, { current: where, ...marks });
    view.show(svg);
    const label = where ? `current: ${where}` : "no current node";
    caption.textContent = `${m === "engine" ? engine : "lifecycle"} · ${label}`;
    diagramBox.setAttribute("aria-label", `${m} diagram, ${label}`);
  }

  function start() {
    refresh();
    subscribe(bot, id, () => s.lastSeq, onEvent, onStream, signal);
  }
  start();
}

function logItem(e, live) {
  return h("li", { class: `ev ev-${e.type}${live ? " live" : ""}` },
    h("span", { class: "seq" }, live ? "live" : `#${e.seq}`), " ",
    h("strong", {}, e.type), " ", h("span", { class: "what" }, describe(e)), " ",
    h("time", { datetime: e.at }, time(e.at)));
}

// describe is one line about an event for the log.
function describe(e) {
  const d = e.data || {};
  switch (e.type) {
    case "turn": {
      const said = d.text ? `"${d.text}"` : d.meaning ? `[${d.meaning}]` : d.message_id ? d.message_id : "(handback)";
      const ts = (d.transitions || []).map((t) => `${t.from} → ${t.to} (${t.trigger})`).join(", ");
      return `${said}${ts ? ": " + ts : ": no transition"}${e.response ? ` · v${e.response.version}` : ""}`;
    }
    case "state_changed":
      return `${d.from_state} → ${d.to_state}${d.reason ? ` (${d.reason})` : ""}`;
    case "stopped":
      return d.reason || "";
    default:
      // Engine events (guardrail, handoff, warning, a model's parse with its latency,
      // ...) as their fields.
      return d && typeof d === "object"
        ? Object.entries(d).map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : v}`).join(" ")
        : JSON.stringify(d);
  }
}
