// The people's side of a handoff: the queue of conversations waiting for a person
// (GET /v1/bots/{bot}/conversations?waiting=person, every bot's), the longest
// waiting first, read again every few seconds so that it fills as bots hand
// conversations off; and the count in the header's "Waiting for a person" link,
// which every page keeps up to date. An agent token reads this queue and nothing
// of the full listings.
import { api } from "./api.js";
import { h, say, time } from "./dom.js";

const POLL_MS = 3000;

// queues reads every bot's queue; a bot whose queue this token may not read is left out.
export async function queues(bots, signal) {
  const all = await Promise.all(bots.map((b) => api.queue(b.name, signal)
    .then((page) => page.conversations || [])
    .catch((err) => { if (signal?.aborted) throw err; return []; })));
  return all.flat().sort((a, b) => Date.parse(a.handoff.since) - Date.parse(b.handoff.since));
}

// waitingView draws the queue of every bot, kept live.
export function waitingView(main, bots, signal) {
  const body = h("tbody", { id: "waiting" });
  main.replaceChildren(h("section", { class: "list waiting", "aria-labelledby": "waiting-h" },
    h("div", { class: "list-head" }, h("h2", { id: "waiting-h" }, "Waiting for a person")),
    h("p", { class: "hint" }, "Conversations a bot handed to a person and nobody handed back, the longest waiting first. Open one to answer it or hand it back."),
    h("table", {},
      h("caption", { class: "visually-hidden" }, "Conversations waiting for a person"),
      h("thead", {}, h("tr", {}, ["Conversation", "Bot", "Why", "Waiting since", "Last activity"].map((c) => h("th", { scope: "col" }, c)))),
      body)));
  async function load() {
    try {
      const list = await queues(bots, signal);
      const rows = list.map((c) => h("tr", { class: "waiting-row", "data-conversation": c.conversation_id },
        h("th", { scope: "row" }, h("a", { href: `#/bots/${encodeURIComponent(c.bot)}/conversations/${encodeURIComponent(c.conversation_id)}` }, c.conversation_id)),
        h("td", {}, c.bot),
        h("td", {}, waitingBadge(c.handoff)),
        h("td", {}, h("time", { datetime: c.handoff.since }, time(c.handoff.since))),
        h("td", {}, h("time", { datetime: c.updated_at }, time(c.updated_at)))));
      body.replaceChildren(...(rows.length ? rows : [h("tr", {}, h("td", { colspan: 5, class: "empty" }, "Nobody is waiting."))]));
    } catch (err) {
      if (!signal.aborted) say(`Could not read the queue: ${err.message}`, true);
    }
  }
  load();
  const timer = setInterval(load, POLL_MS);
  signal.addEventListener("abort", () => clearInterval(timer));
}

// waitingBadge marks a conversation waiting for a person, with the handoff's reason.
export function waitingBadge(handoff) {
  return h("span", { class: "badge waiting", title: `handed off ${time(handoff.since)}` }, `waiting for a person · ${handoff.reason}`);
}

// watchCount keeps link's count of conversations waiting (every bot's) up to date.
export function watchCount(link, bots) {
  const update = async () => {
    try {
      const n = (await queues(bots)).length;
      link.textContent = `Waiting for a person (${n})`;
      link.classList.toggle("has-waiting", n > 0);
    } catch { /* the next poll tries again */ }
  };
  update();
  return setInterval(update, POLL_MS);
}
