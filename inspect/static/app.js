// The inspector's entry point: the bot picker, the API token field and the routes
//   #/bots/{bot}                          the bot's conversations
//   #/bots/{bot}/conversations/{id}       one conversation, live
//   #/waiting                             the conversations waiting for a person
import { api, token } from "./api.js";
import { h, say } from "./dom.js";
import { listView } from "./list.js";
import { conversationView } from "./conversation.js";
import { waitingView, watchCount } from "./waiting.js";

const main = document.getElementById("main");
const picker = document.getElementById("bot");
const tokenInput = document.getElementById("token");
let bots = [];
let view = new AbortController();
let counting;

tokenInput.value = token.get();
document.getElementById("token-form").addEventListener("submit", (e) => {
  e.preventDefault();
  token.set(tokenInput.value.trim());
  say(tokenInput.value.trim() ? "Token saved for this tab." : "Token cleared.");
  start();
});
picker.addEventListener("change", () => {
  if (picker.value) location.hash = `#/bots/${encodeURIComponent(picker.value)}`;
});
window.addEventListener("hashchange", route);

async function start() {
  try {
    bots = (await api.bots()).bots || [];
  } catch (err) {
    const hint = err.status === 401 ? " Enter the API token above." : "";
    say(`Could not list bots: ${err.message}.${hint}`, true);
    main.replaceChildren(h("p", { class: "empty" }, "No bots to show."));
    return;
  }
  picker.replaceChildren(h("option", { value: "" }, "choose a bot"),
    ...bots.map((b) => h("option", { value: b.name }, `${b.name} (${b.engine})`)));
  clearInterval(counting);
  counting = watchCount(document.getElementById("waiting-link"), bots);
  route();
}

function route() {
  view.abort();
  view = new AbortController();
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const bot = parts[0] === "bots" ? bots.find((b) => b.name === parts[1]) : null;
  picker.value = bot ? bot.name : "";
  if (parts[0] === "waiting") {
    document.title = "Waiting for a person · Parley inspector";
    waitingView(main, bots, view.signal);
    return;
  }
  if (!bot) {
    main.replaceChildren(h("section", { class: "home" },
      h("h2", {}, "Bots"),
      h("ul", { class: "bots" }, bots.map((b) => h("li", {},
        h("a", { href: `#/bots/${encodeURIComponent(b.name)}` }, b.name), ` — ${b.engine}`, b.description ? `: ${b.description}` : "")))));
    document.title = "Parley inspector";
    return;
  }
  if (parts[2] === "conversations" && parts[3]) {
    document.title = `${bot.name} / ${parts[3]} · Parley inspector`;
    conversationView(main, bot.name, bot.engine, parts[3], view.signal);
  } else {
    document.title = `${bot.name} · Parley inspector`;
    listView(main, bot.name, bot.engine, view.signal);
  }
}

start();
