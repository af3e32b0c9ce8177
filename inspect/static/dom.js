// Small DOM helpers. Text always goes in as text nodes or attributes, never as
// HTML, so that nothing a user or a bot wrote is ever parsed as markup.

import { h } from "./element.js";

export { h };

// webLink returns url when it is an absolute http(s) URL, else "": a reply's link
// from a catalog could be javascript: or data:, which must never become an href or
// a src (the server drops them too; a stored reply from before it did may not).
export function webLink(url) {
  if (typeof url !== "string" || url === "") return "";
  try {
    const u = new URL(url);
    return (u.protocol === "http:" || u.protocol === "https:") && u.host !== "" ? url : "";
  } catch {
    return "";
  }
}

// linkify splits text into text nodes and links for the http(s) URLs it contains.
export function linkify(text) {
  const out = [];
  const re = /https?:\/\/[^\s<>"')]+/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    out.push(text.slice(last, m.index));
    out.push(h("a", { href: m[0], target: "_blank", rel: "noopener noreferrer" }, m[0]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

export function time(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  return isNaN(d) ? iso : d.toISOString().replace("T", " ").replace(/\.\d+Z$/, "Z");
}

let statusTimer;
// say reports in the page's live status line; errors stay until the next message.
export function say(text, isError = false) {
  const el = document.getElementById("status");
  el.textContent = text;
  el.classList.toggle("error", isError);
  el.setAttribute("role", isError ? "alert" : "status");
  clearTimeout(statusTimer);
  if (!isError && text) statusTimer = setTimeout(() => { el.textContent = ""; }, 4000);
}
