// Drawing the conversation: the visitor's messages and the bot's replies (text with
// links, product cards with images and actions, quick replies). Text always goes in
// as text nodes or attributes, never as HTML, so nothing a visitor or a bot wrote is
// ever parsed as markup; only http and https addresses become links or images.

import { h } from "./element.js";

export { h };

// webURL returns url when it is an absolute http or https address, else "".
export function webURL(url) {
  if (typeof url !== "string" || !url) return "";
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : "";
  } catch {
    return "";
  }
}

function link(href, text, cls) {
  return h("a", { href, class: cls, target: "_blank", rel: "noopener noreferrer" }, text);
}

// linkify splits text into text nodes and links for the http(s) addresses in it.
// Trailing punctuation stays text ("see https://x.example/a." links .../a).
export function linkify(text) {
  const out = [];
  const re = /\bhttps?:\/\/[^\s<>"']+/gi;
  let last = 0;
  for (const m of text.matchAll(re)) {
    let url = m[0];
    const trail = url.match(/[.,;:!?)\]]+$/);
    if (trail) url = url.slice(0, -trail[0].length);
    const href = webURL(url);
    if (!href) continue;
    out.push(text.slice(last, m.index));
    out.push(link(href, url));
    last = m.index + url.length;
  }
  out.push(text.slice(last));
  return out;
}

// stamp is a message's time as the visitor reads it (hours and minutes, in the
// browser's language and time zone); at is an ISO time or a Date, now when absent.
export function stamp(at) {
  const d = at ? new Date(at) : new Date();
  if (isNaN(d)) return null;
  return h("time", { class: "at", datetime: d.toISOString() }, d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }));
}

// userMessage draws what the visitor sent (a click shows the button's title).
export function userMessage(id, text, pending, at) {
  return h("li", { class: `msg user${pending ? " pending" : ""}`, "data-message": id },
    h("span", { class: "who" }, "You: "),
    h("p", { class: "bubble" }, text), stamp(at));
}

// answered turns a reply's quick replies into plain labels once the visitor has
// answered (they would send an answer to a question no longer asked); the chosen
// one, when known, stays marked.
export function answered(li, chosen) {
  for (const b of li.querySelectorAll(".quick button.chip")) {
    const picked = chosen && (b.dataset.meaning === chosen.meaning || b.textContent === chosen.title);
    b.replaceWith(h("span", { class: `chip answered${picked ? " chosen" : ""}` }, b.textContent));
  }
}

// greeting draws the widget's greeting and starter buttons, shown before the first
// message (not stored: the bot did not say it in a turn).
export function greeting(text, starters, act) {
  const body = [];
  if (text) body.push(h("p", { class: "bubble" }, linkify(text)));
  if (starters?.length) {
    body.push(h("div", { class: "quick starters", role: "group", "aria-label": "Suggestions" },
      starters.map((s) => h("button", { type: "button", class: "chip", onclick: () => act({ title: s }) }, s))));
  }
  return h("li", { class: "msg bot greeting" }, h("span", { class: "who" }, "Bot: "), body);
}

// reply draws one reply; act(option) is called when a button is pressed.
export function reply(r, act, at) {
  const body = [];
  if (r.text) body.push(h("p", { class: "bubble" }, linkify(r.text)));
  if (r.type === "product_cards" && r.cards?.length) {
    body.push(h("ul", { class: "cards", "aria-label": "Products" }, r.cards.map((c) => card(c, act))));
  }
  if (r.options?.length) {
    body.push(h("div", { class: "quick", role: "group", "aria-label": r.text || "Choices" },
      r.options.map((o) => option(o, act, "chip"))));
  }
  return h("li", { class: `msg bot ${r.type || "text"}`, "data-reply": r.id || "" },
    h("span", { class: "who" }, "Bot: "), body, stamp(at));
}

function card(c, act) {
  const price = [c.price, c.currency].filter(Boolean).join(" ");
  const img = webURL(c.image_url);
  const page = webURL(c.url);
  return h("li", { class: "card", "data-product": c.product_id || "" },
    img ? image(img, c.title) : h("div", { class: "noimg", "aria-hidden": "true" }),
    h("div", { class: "card-body" },
      h("p", { class: "title" }, c.title || ""),
      price ? h("p", { class: "price" }, price) : null,
      c.description ? h("p", { class: "desc" }, c.description) : null,
      h("div", { class: "actions" },
        (c.actions || []).map((o) => option(o, act, "action")),
        page ? link(page, "View product", "view") : null)));
}

// image shows a product's picture; one that cannot load becomes a placeholder.
function image(src, title) {
  const img = h("img", { src, alt: title || "", loading: "lazy", referrerpolicy: "no-referrer" });
  img.addEventListener("error", () => img.replaceWith(h("div", { class: "noimg", role: "img", "aria-label": `${title} (no image)` })), { once: true });
  return img;
}

function option(o, act, cls) {
  if (o.url) {
    const href = webURL(o.url);
    return href ? link(href, o.title, cls) : null;
  }
  return h("button", { type: "button", class: cls, "data-meaning": o.meaning || "", onclick: () => act(o) }, o.title);
}

// streaming draws a reply a model is still writing (reply_delta events).
export function streaming(replyId) {
  return h("li", { class: "msg bot streaming", "data-reply": replyId, "aria-busy": "true" },
    h("span", { class: "who" }, "Bot: "), h("p", { class: "bubble" }));
}

// agentMessage draws a person's message (an agent_message event) with their name,
// which the visitor sees: a person, not the bot, is answering.
export function agentMessage(m) {
  return h("li", { class: "msg agent", "data-message": m.message_id || "" },
    h("span", { class: "agent-name" }, m.agent || "Agent"),
    h("p", { class: "bubble" }, linkify(m.text || "")), stamp(m.sent_at));
}
