// A bot's conversations, most recently active first, from
// GET /v1/bots/{bot}/conversations: searchable by id prefix, paged by cursor.
import { api } from "./api.js";
import { h, say, time } from "./dom.js";
import { summary } from "./diagram.js";
import { waitingBadge } from "./waiting.js";

export function listView(main, bot, engine, signal) {
  const search = h("input", { id: "search", type: "search", placeholder: "id prefix", autocomplete: "off" });
  const body = h("tbody", { id: "conversations" });
  const more = h("button", { type: "button", id: "more", hidden: true }, "Load more");
  const newId = () => `c-${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 4)}`;
  const open = (id) => { location.hash = `#/bots/${encodeURIComponent(bot)}/conversations/${encodeURIComponent(id)}`; };
  let cursor = "";
  let pagedOn = false;
  const reload = () => { pagedOn = false; load(true); };

  main.replaceChildren(h("section", { class: "list", "aria-labelledby": "list-h" },
    h("div", { class: "list-head" },
      h("h2", { id: "list-h" }, `${bot} conversations`),
      h("button", { type: "button", id: "new-conversation", onclick: () => open(newId()) }, "New conversation")),
    h("form", { class: "search", role: "search", onsubmit: (e) => { e.preventDefault(); reload(); } },
      h("label", { for: "search" }, "Search by id"), search,
      h("button", { type: "submit" }, "Search"),
      h("button", { type: "button", onclick: () => reload() }, "Refresh")),
    h("table", {},
      h("caption", { class: "visually-hidden" }, `Conversations of ${bot}, most recently active first`),
      h("thead", {}, h("tr", {},
        ["Conversation", "Lifecycle", "Engine state", "Version", "Last activity"].map((c) => h("th", { scope: "col" }, c)))),
      body),
    more));
  more.addEventListener("click", () => { pagedOn = true; load(false); });
  search.focus();

  async function load(reset) {
    if (reset) cursor = "";
    try {
      const page = await api.list(bot, { prefix: search.value.trim(), cursor }, signal);
      const rows = page.conversations.map((c) => h("tr", { class: c.handoff ? "waiting-row" : "" },
        h("th", { scope: "row" }, h("a", { href: `#/bots/${encodeURIComponent(bot)}/conversations/${encodeURIComponent(c.conversation_id)}` }, c.conversation_id),
          c.handoff ? [" ", waitingBadge(c.handoff)] : null),
        h("td", {}, h("span", { class: "badge lifecycle", "data-lifecycle": c.lifecycle }, c.lifecycle)),
        h("td", {}, summary(c.engine || engine, c.state)),
        h("td", {}, String(c.version)),
        h("td", {}, h("time", { datetime: c.updated_at }, time(c.updated_at)))));
      if (reset) body.replaceChildren(...rows);
      else body.append(...rows);
      if (reset && !rows.length) body.replaceChildren(h("tr", {}, h("td", { colspan: 5, class: "empty" }, "No conversations yet.")));
      cursor = page.next_cursor || "";
      more.hidden = !cursor;
    } catch (err) {
      if (signal.aborted) return;
      if (err.status === 403) {
        // An agent token reads the queue only.
        body.replaceChildren(h("tr", {}, h("td", { colspan: 5, class: "empty" },
          "This token may read only the conversations waiting for a person: ", h("a", { href: "#/waiting" }, "open the queue"), ".")));
        return;
      }
      say(`Could not list conversations: ${err.message}`, true);
    }
  }
  load(true);
  // The first page follows new activity; it holds still once the user pages on, and
  // while focus is in the table (a redraw would take it away).
  const timer = setInterval(() => {
    if (!pagedOn && !body.contains(document.activeElement)) load(true);
  }, 5000);
  signal.addEventListener("abort", () => clearInterval(timer));
}
