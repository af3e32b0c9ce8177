// The transcript as a user of a chat widget sees it: the user's messages, then the
// bot's replies: text (with links), product cards with images and actions, quick
// replies. Buttons send their meaning back as the user's next turn.
import { h, linkify, time, webLink } from "./dom.js";

// renderTurn draws one turn: the user's message and the replies of its response.
// act(option) is called for a clicked quick reply or card action; disabled turns
// (in the future of a time-travel position) draw their buttons disabled.
export function renderTurn(turn, act, disabled) {
  const items = [];
  const said = turn.text || (turn.meaning ? `[${turn.meaning}]` : "");
  if (said || turn.messageId) {
    items.push(h("li", { class: "msg user", "data-seq": turn.seq },
      h("span", { class: "who visually-hidden" }, "You said: "),
      h("p", { class: "bubble" }, said || "(no text)"),
      h("span", { class: "meta" }, time(turn.at))));
  }
  for (const r of turn.replies || []) items.push(renderReply(r, act, disabled));
  return items;
}

// renderAgent draws a person's message (an agent_message event) with their name.
export function renderAgent(e) {
  const d = e.data || {};
  return h("li", { class: "msg agent", "data-seq": e.seq, "data-message": d.message_id || "" },
    h("span", { class: "who" }, `${d.agent || "Agent"} (person)`),
    h("p", { class: "bubble" }, linkify(d.text || "")),
    h("span", { class: "meta" }, time(e.at)));
}

export function renderReply(r, act, disabled) {
  const body = [];
  if (r.text) body.push(h("p", { class: "bubble" }, linkify(r.text)));
  if (r.type === "product_cards" && r.cards?.length) {
    body.push(h("ul", { class: "cards", "aria-label": "Products" }, r.cards.map((c) => card(c, act, disabled))));
  }
  if (r.options?.length) {
    body.push(h("div", { class: "quick", role: "group", "aria-label": r.text || "Quick replies" },
      r.options.map((o) => option(o, act, disabled, "chip"))));
  }
  return h("li", { class: `msg bot ${r.type}`, "data-reply": r.id || "" },
    h("span", { class: "who visually-hidden" }, "Bot: "), body);
}

function card(c, act, disabled) {
  const price = [c.price, c.currency].filter(Boolean).join(" ");
  return h("li", { class: "card", "data-product": c.product_id },
    webLink(c.image_url) ? image(c) : h("div", { class: "noimg", "aria-hidden": "true" }),
    h("div", { class: "card-body" },
      h("h4", {}, c.title),
      price ? h("p", { class: "price" }, price) : null,
      c.description ? h("p", { class: "desc" }, c.description) : null,
      h("div", { class: "actions" },
        webLink(c.url) ? h("a", { href: webLink(c.url), target: "_blank", rel: "noopener noreferrer" }, "View product") : null,
        (c.actions || []).map((o) => option(o, act, disabled, "action")))));
}

// image shows the product's picture; one that cannot load (an offline shop, a
// blocked host) becomes a plain placeholder instead of a broken-image icon.
function image(c) {
  const img = h("img", { src: webLink(c.image_url), alt: c.title, loading: "lazy", referrerpolicy: "no-referrer" });
  img.addEventListener("error", () => img.replaceWith(h("div", { class: "noimg", role: "img", "aria-label": `${c.title} (image unavailable)` }, "no image")), { once: true });
  return img;
}

function option(o, act, disabled, cls) {
  if (o.url) {
    // A link that is not a web link is dropped, not turned into a button.
    return webLink(o.url) ? h("a", { class: cls, href: webLink(o.url), target: "_blank", rel: "noopener noreferrer" }, o.title) : null;
  }
  return h("button", { type: "button", class: cls, disabled, "data-meaning": o.meaning || "", onclick: () => act(o) }, o.title);
}

// streaming draws a reply a model is still writing (reply_delta events).
export function streaming(replyId, text) {
  return h("li", { class: "msg bot streaming", "data-reply": replyId, "aria-busy": "true" },
    h("p", { class: "bubble" }, text));
}
