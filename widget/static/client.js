// The widget's client of Parley's HTTP API, as a visitor (no API token): it starts a
// session (POST /v1/bots/{bot}/sessions), keeps the session's token in localStorage so
// that a reload or a second tab continues the same conversation, renews the token
// before it expires, and reads the event stream with fetch() so that the token goes
// in the Authorization header, never in a URL.

import { follow } from "./stream.js";

// APIError carries the API's error code, the status and, for 429, Retry-After.
export class APIError extends Error {
  constructor(status, code, message, retryAfter = 0) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

// SessionEnded means the session's token is no longer accepted (expired, too old,
// or signed with a key the server no longer has): a new session starts over.
export class SessionEnded extends Error {}

const RENEW_MARGIN_MS = 60_000;

export class Client {
  constructor(api, bot) {
    this.api = api;
    this.bot = bot;
    this.key = `parley.widget:${api}:${bot}`;
    this.renewing = null;
    this.starting = null;
  }

  // session is the stored session, or null when there is none or it has expired.
  session() {
    try {
      const s = JSON.parse(localStorage.getItem(this.key) || "null");
      if (s && s.token && s.conversation_id && Date.parse(s.expires_at) > Date.now()) return s;
    } catch { /* unreadable: start over */ }
    return null;
  }

  save(s) { localStorage.setItem(this.key, JSON.stringify(s)); }

  forget() {
    localStorage.removeItem(this.key);
    localStorage.removeItem(this.key + ":outbox");
  }

  // outbox holds the messages sent and not yet answered, so that a reload resends
  // them (with the same ids: a resend of a message already processed is a replay).
  outbox() {
    try { return JSON.parse(localStorage.getItem(this.key + ":outbox") || "[]"); } catch { return []; }
  }

  setOutbox(list) {
    if (list.length) localStorage.setItem(this.key + ":outbox", JSON.stringify(list));
    else localStorage.removeItem(this.key + ":outbox");
  }

  // start starts a new session; calls made meanwhile share it.
  start() {
    if (!this.starting) {
      // A new session's conversation is stored with its first message: until then
      // (fresh) there is no history to read, and asking would answer 404.
      this.starting = this.request("POST", `/v1/bots/${enc(this.bot)}/sessions`, {}, null)
        .then((s) => { s.fresh = true; this.save(s); return s; })
        .finally(() => { this.starting = null; });
    }
    return this.starting;
  }

  // ensure returns a session whose token has at least a minute left, renewing it or
  // starting one; create=false returns null rather than start one.
  async ensure(create = true) {
    let s = this.session();
    if (s && Date.parse(s.expires_at) - Date.now() < RENEW_MARGIN_MS) s = await this.renew(s);
    if (!s && create) s = await this.start();
    return s;
  }

  // renew exchanges the token for a fresh one; calls made meanwhile share it.
  renew(s = this.session()) {
    if (!s) return Promise.resolve(null);
    if (!this.renewing) {
      this.renewing = this.request("POST", `/v1/bots/${enc(this.bot)}/sessions/renew`, {}, s.token)
        .then((n) => { if (s.fresh) n.fresh = true; this.save(n); return n; })
        .catch((err) => {
          if (err instanceof SessionEnded) { this.forget(); return null; }
          throw err;
        })
        .finally(() => { this.renewing = null; });
    }
    return this.renewing;
  }

  // used marks the session's conversation as stored (its first message answered).
  used() {
    const s = this.session();
    if (s?.fresh) { delete s.fresh; this.save(s); }
  }

  conv(s) { return `/v1/bots/${enc(this.bot)}/conversations/${enc(s.conversation_id)}`; }

  send(s, message) { return this.request("POST", `${this.conv(s)}/messages`, message, s.token); }

  history(s, after) {
    return this.request("GET", `${this.conv(s)}/history?after=${after}&limit=200`, undefined, s.token);
  }

  async request(method, path, body, token, signal) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    // The default cache mode: "no-store" would also bypass the browser's CORS
    // preflight cache, a second round trip for every call (the API's JSON answers
    // carry no validator, so the HTTP cache never reuses them).
    const res = await fetch(this.api + path, {
      method, headers, signal, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit",
    });
    const text = await res.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
    if (res.ok) return data;
    const e = data?.error || {};
    if (res.status === 401 && token) throw new SessionEnded(e.message || "session ended");
    throw new APIError(res.status, e.code, e.message, Number(res.headers.get("Retry-After")) || 0);
  }

  // stream follows the conversation's event stream (stream.js follow) with the
  // session's token, renewing it when the stream refuses it (401), until signal
  // aborts or the session is over: onState gets "open", "retrying" or "ended".
  stream(lastSeq, onEvent, onState, signal) {
    const open = async (headers) => {
      for (;;) {
        const s = await this.ensure(false);
        if (!s) return null;
        const res = await fetch(`${this.api}${this.conv(s)}/events`, {
          headers: { ...headers, Authorization: `Bearer ${s.token}` }, signal, cache: "no-store", credentials: "omit",
        });
        if (res.status !== 401) return res;
        await this.renew(s);
      }
    };
    return follow({ open, endsOn: [403], ended: "ended", lastSeq, onEvent, onState, signal });
  }
}

const enc = encodeURIComponent;
