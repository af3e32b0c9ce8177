// The inspector's client of Parley's HTTP API (CONTRACTS.md section 2). Every request
// carries `Authorization: Bearer <token>` when the user saved a token; the token
// lives in this tab's sessionStorage only.

import { follow } from "./stream.js";

const TOKEN_KEY = "parley.token";

export const token = {
  get: () => sessionStorage.getItem(TOKEN_KEY) || "",
  set: (v) => (v ? sessionStorage.setItem(TOKEN_KEY, v) : sessionStorage.removeItem(TOKEN_KEY)),
};

// APIError carries the API's error code ({"error": {"code", "message"}}) and status.
export class APIError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

function headers(extra = {}) {
  const hs = { Accept: "application/json", ...extra };
  const t = token.get();
  if (t) hs.Authorization = `Bearer ${t}`;
  return hs;
}

async function call(method, path, body, signal) {
  const init = { method, headers: headers(body !== undefined ? { "Content-Type": "application/json" } : {}), signal };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(path, init);
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
  if (!res.ok) {
    const e = data && data.error ? data.error : {};
    throw new APIError(res.status, e.code, e.message || text);
  }
  return data;
}

const enc = encodeURIComponent;
const conv = (bot, id) => `/v1/bots/${enc(bot)}/conversations/${enc(id)}`;

export const api = {
  bots: (signal) => call("GET", "/v1/bots", undefined, signal),
  list: (bot, { prefix = "", cursor = "", limit = 20 } = {}, signal) =>
    call("GET", `/v1/bots/${enc(bot)}/conversations?limit=${limit}&prefix=${enc(prefix)}&cursor=${enc(cursor)}`, undefined, signal),
  queue: (bot, signal) => call("GET", `/v1/bots/${enc(bot)}/conversations?waiting=person&limit=100`, undefined, signal),
  agentMessage: (bot, id, message) => call("POST", `${conv(bot, id)}/agent-messages`, message),
  conversation: (bot, id, signal) => call("GET", conv(bot, id), undefined, signal),
  history: (bot, id, after, signal) => call("GET", `${conv(bot, id)}/history?after=${after}&limit=1000`, undefined, signal),
  graph: (bot, machine, signal) => call("GET", `/v1/bots/${enc(bot)}/graph?format=dot&machine=${machine}`, undefined, signal),
  send: (bot, id, message) => call("POST", `${conv(bot, id)}/messages`, message),
  control: (bot, id, kind, reason) => call("POST", `${conv(bot, id)}/${kind}`, reason ? { reason } : {}),
};

// subscribe follows a conversation's event stream (stream.js follow) with the
// API token, until signal aborts or the API refuses it (401: no valid token; 404:
// no such bot); onState gets "open", "retrying" or "closed".
export async function subscribe(bot, id, lastSeq, onEvent, onState, signal) {
  await follow({
    open: (hs) => fetch(`${conv(bot, id)}/events`, { headers: headers(hs), signal, cache: "no-store" }),
    endsOn: [401, 404],
    ended: "closed",
    lastSeq, onEvent, onState, signal,
  });
  if (signal.aborted) onState("closed");
}
