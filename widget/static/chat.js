// The widget's panel: a launcher button, and a panel with the transcript (an
// aria-live log), a typing indicator, the handoff notice and the message box. The
// transcript is rebuilt from the conversation's history on every load, so that a
// reload or a second tab shows the same conversation; the event stream (resumed with
// Last-Event-ID after a drop) brings turns made elsewhere, model replies as they are
// written (reply_delta) and the typing indicator. Each message gets its id here, and
// keeps it until it is answered (it waits in localStorage), so a resend after a drop
// or a reload is a replay of the same message, never a second one.
import { Client, SessionEnded, APIError } from "./client.js";
import { h, userMessage, reply, streaming, agentMessage, answered, greeting } from "./render.js";
import { sleep } from "./stream.js";

export function mount(opts) {
  if (!opts.bot) {
    console.error("parley widget: the script tag needs data-bot=\"BOT\"");
    return;
  }
  const host = h("parley-chat", { "data-bot": opts.bot });
  document.body.append(host);
  const root = host.attachShadow({ mode: "open" });
  new Chat(root, opts).start();
}

class Chat {
  constructor(root, opts) {
    this.opts = opts;
    this.client = new Client(opts.api, opts.bot);
    this.openKey = `parley.widget.open:${opts.api}:${opts.bot}`;
    this.lastSeq = 0;
    this.rendered = new Set(); // message ids whose turn is drawn
    this.handedOff = false;
    this.conversation = "";
    this.inflight = new Set(); // ids of the messages being delivered
    this.ready = Promise.resolve();
    this.streamOpen(false);
    this.build(root);
  }

  build(root) {
    const title = this.opts.title || "Chat";
    this.launcher = h("button", { type: "button", class: "launcher", "aria-expanded": "false", "aria-controls": "panel" },
      h("span", { class: "launcher-icon", "aria-hidden": "true" }), h("span", {}, title));
    this.transcript = h("ol", { class: "transcript", role: "log", "aria-live": "polite", "aria-label": "Conversation" });
    this.typing = h("p", { class: "typing", hidden: true }, h("span", { class: "dots", "aria-hidden": "true" }), "Typing…");
    this.handoff = h("p", { class: "handoff", role: "status", hidden: true }, "A person will answer here.");
    this.notice = h("p", { class: "notice", role: "status" });
    this.input = h("input", { id: "message", type: "text", autocomplete: "off", maxlength: "2000", placeholder: "Write a message…" });
    this.sendBtn = h("button", { type: "submit", class: "send" }, "Send");
    this.form = h("form", { class: "compose", onsubmit: (e) => { e.preventDefault(); this.submit(); } },
      h("label", { for: "message", class: "visually-hidden" }, "Message"), this.input, this.sendBtn);
    this.panel = h("section", { id: "panel", class: "panel", role: "dialog", "aria-label": title, hidden: true },
      h("header", {},
        h("h2", {}, title),
        h("button", { type: "button", class: "restart", onclick: () => this.restart() }, "Start over"),
        h("button", { type: "button", class: "close", "aria-label": "Close chat", onclick: () => this.close() }, "×")),
      this.handoff, this.transcript, this.typing, this.notice, this.form);
    this.panel.addEventListener("keydown", (e) => { if (e.key === "Escape") this.close(); });
    this.launcher.addEventListener("click", () => (this.panel.hidden ? this.open() : this.close()));
    root.append(h("link", { rel: "stylesheet", href: this.opts.base + "parley.css" }), this.launcher, this.panel);
  }

  start() {
    // Another tab renewed the token or started over: follow it.
    window.addEventListener("storage", (e) => {
      if (e.key !== this.client.key) return;
      const s = this.client.session();
      if ((s?.conversation_id || "") !== this.conversation) this.connect();
    });
    document.addEventListener("visibilitychange", () => { if (!document.hidden) this.scheduleRenew(); });
    if (this.opts.open || sessionStorage.getItem(this.openKey) === "1") this.open();
    else if (this.client.session()) this.connect();
  }

  open() {
    this.panel.hidden = false;
    this.launcher.setAttribute("aria-expanded", "true");
    sessionStorage.setItem(this.openKey, "1");
    this.input.focus();
    if (!this.conversation) this.connect(true);
  }

  close() {
    this.panel.hidden = true;
    this.launcher.setAttribute("aria-expanded", "false");
    sessionStorage.removeItem(this.openKey);
    this.launcher.focus();
  }

  // connect shows the stored conversation (starting one when create) and follows it;
  // deliveries wait for the connection under way (ready).
  connect(create = false) {
    this.ready = this.connecting(create);
    return this.ready;
  }

  async connecting(create) {
    this.stop?.abort();
    const stop = new AbortController();
    this.stop = stop;
    this.reset();
    let s;
    try {
      s = await this.client.ensure(create);
    } catch (err) {
      this.say(`Chat unavailable: ${err.message}`, true);
      return;
    }
    if (!s || stop.signal.aborted) return;
    this.conversation = s.conversation_id;
    this.scheduleRenew();
    await this.load();
    this.client.stream(() => this.lastSeq, (e) => this.onEvent(e), (st) => this.onStream(st), stop.signal);
    this.flushOutbox();
  }

  reset() {
    this.conversation = "";
    this.lastSeq = 0;
    this.rendered.clear();
    this.transcript.replaceChildren();
    this.setHandoff(false);
    this.typing.hidden = true;
  }

  async restart() {
    this.client.forget();
    await this.connect(true);
    this.input.focus();
  }

  scheduleRenew() {
    clearTimeout(this.renewTimer);
    const s = this.client.session();
    if (!s) return;
    const left = Date.parse(s.expires_at) - Date.now();
    this.renewTimer = setTimeout(async () => {
      try {
        if (await this.client.renew()) this.scheduleRenew();
        else this.ended();
      } catch { this.renewTimer = setTimeout(() => this.scheduleRenew(), 10_000); }
    }, Math.max(left / 2, 1000));
  }

  ended() {
    this.say("This conversation has ended. Your next message starts a new one.");
    this.conversation = "";
    this.stop?.abort();
  }

  // load reads the stored events after lastSeq and draws what they add; calls made
  // while one runs coalesce into one more.
  async load() {
    if (this.loading) { this.again = true; return; }
    this.loading = true;
    try {
      do {
        this.again = false;
        await this.loadPages();
      } while (this.again);
    } finally {
      this.loading = false;
    }
  }

  async loadPages() {
    const s = this.client.session();
    if (!s) return;
    if (s.fresh) { this.greet(s); return; }
    try {
      for (;;) {
        const page = await this.client.history(s, this.lastSeq);
        for (const e of page.events) this.onStored(e);
        if (!page.next_after) return;
      }
    } catch (err) {
      if (err instanceof APIError && err.status === 404) return; // no message yet
      if (err instanceof SessionEnded) this.ended();
    }
  }

  onStored(e) {
    if (e.seq <= this.lastSeq) return;
    this.lastSeq = e.seq;
    switch (e.type) {
      case "turn":
        if (e.response) this.drawTurn(e.data?.message_id, e.data?.text || e.data?.meaning || "", e.response.replies, e.at, e.data);
        break;
      case "handoff":
        this.setHandoff(true);
        break;
      case "agent_message":
        this.drawAgent(e.data || {});
        break;
      case "handback":
      case "reset":
        this.setHandoff(false);
        break;
    }
  }

  onEvent(e) {
    if (e.seq > 0) {
      if (e.seq > this.lastSeq) this.load();
      return;
    }
    // A frame whose data is not JSON has its text as data: no event of these.
    if (!e.data || typeof e.data !== "object") return;
    if (e.type === "state_changed") {
      this.typing.hidden = e.data.to_state !== "running";
    } else if (e.type === "reply_delta") {
      this.delta(e.data.reply_id, e.data.delta || "");
    }
  }

  // streamOpen(false) starts waiting for the event stream; streamOpen(true) says it is
  // open. A message waits for it (a few seconds at most), so that the typing
  // indicator and a model's streamed words, which are sent live only, reach this tab.
  streamOpen(open) {
    if (!open) {
      this.opened = new Promise((resolve) => { this.markOpen = resolve; });
      return;
    }
    this.markOpen();
  }

  onStream(state) {
    if (state === "open") this.streamOpen(true);
    else if (!this.stop?.signal.aborted) this.streamOpen(false);
    if (state === "open") this.say("");
    else if (state === "retrying") this.say("Reconnecting…");
    else if (state === "ended") this.ended();
  }

  // delta appends a model's words to the reply it is writing. The answer comes on
  // the message's own request and the words on the event stream, so the last words
  // can arrive after the answer was drawn: they are dropped then, or they would
  // start a second, never-ending bubble under the answer.
  delta(id, text) {
    if (this.transcript.querySelector(`li.bot:not(.streaming)[data-reply="${CSS.escape(id)}"]`)) return;
    let el = this.transcript.querySelector(`li.streaming[data-reply="${CSS.escape(id)}"]`);
    if (!el) {
      el = streaming(id);
      this.transcript.append(el);
    }
    el.querySelector(".bubble").append(text);
    this.scroll();
  }

  // drawTurn draws a turn once: the visitor's message and the bot's replies. A
  // message drawn while pending (sent from this tab) gets its replies after it.
  drawTurn(id, said, replies, at, chosen) {
    if (!id || this.rendered.has(id)) return;
    this.rendered.add(id);
    this.answerAll(chosen);
    let mine = this.transcript.querySelector(`li.user[data-message="${CSS.escape(id)}"]`);
    if (mine) mine.classList.remove("pending", "failed");
    else if (said) {
      mine = userMessage(id, said, false, at);
      this.transcript.append(mine);
    }
    let after = mine;
    for (const r of replies || []) {
      const el = reply(r, (o) => this.click(o), at);
      const live = r.id && this.transcript.querySelector(`li.streaming[data-reply="${CSS.escape(r.id)}"]`);
      if (live) live.replaceWith(el);
      else if (after) after.after(el);
      else this.transcript.append(el);
      after = el;
    }
    this.scroll();
  }

  // drawAgent draws a person's message once, and says that a person is here.
  drawAgent(m) {
    if (!m.message_id || this.rendered.has(m.message_id)) return;
    this.rendered.add(m.message_id);
    this.transcript.append(agentMessage(m));
    this.handoff.textContent = `${m.agent || "A person"} is answering here.`;
    this.scroll();
  }

  // answerAll turns the quick replies drawn so far into labels: the visitor has
  // answered them (chosen: the message that did, {title, meaning}).
  answerAll(chosen) {
    this.transcript.querySelector("li.greeting")?.remove();
    for (const li of this.transcript.querySelectorAll("li.bot")) answered(li, chosen);
  }

  // greet shows the bot's greeting and starter buttons (its widget: block, given
  // with the session) on a conversation with no message yet.
  greet(s) {
    if (this.transcript.querySelector("li.greeting, li.msg")) return;
    if (!s.greeting && !s.starters?.length) return;
    this.transcript.append(greeting(s.greeting, s.starters, (o) => this.click(o)));
  }

  setHandoff(on) {
    this.handedOff = on;
    this.handoff.hidden = !on;
    if (!on) this.handoff.textContent = "A person will answer here.";
  }

  // click sends a button's meaning with its title, and gives the message box the
  // focus back, so that the visitor can type on.
  click(o) {
    this.input.focus();
    this.send({ text: o.title, meaning: o.meaning });
  }

  submit() {
    const text = this.input.value.trim();
    if (!text) return;
    this.input.value = "";
    this.send({ text });
  }

  // send sends a message with a new id, drawn at once as pending.
  async send(m) {
    const message = { id: newID(), text: m.text || "" };
    if (m.meaning) message.meaning = m.meaning;
    this.client.setOutbox([...this.client.outbox(), message]);
    this.answerAll({ title: message.text, meaning: message.meaning });
    this.transcript.append(userMessage(message.id, message.text, true));
    this.scroll();
    await this.deliver(message);
  }

  // flushOutbox resends what a previous page or tab sent and saw no answer to.
  async flushOutbox() {
    for (const m of this.client.outbox()) {
      if (this.rendered.has(m.id)) { this.done(m.id); continue; }
      if (this.inflight.has(m.id)) continue;
      if (!this.transcript.querySelector(`li.user[data-message="${CSS.escape(m.id)}"]`)) {
        this.transcript.append(userMessage(m.id, m.text, true));
      }
      await this.deliver(m);
    }
  }

  // deliver posts a message until it is answered: a network failure, a 5xx or a 429
  // retries with the same id (the server replays an answer it already gave).
  async deliver(message) {
    if (this.inflight.has(message.id)) return;
    this.inflight.add(message.id);
    this.typing.hidden = false;
    try {
      await this.attempts(message);
    } finally {
      this.inflight.delete(message.id);
      this.typing.hidden = true;
    }
  }

  async attempts(message) {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.ready;
        await Promise.race([this.opened, sleep(3000)]);
        let s = await this.client.ensure(true);
        if (s.conversation_id !== this.conversation) {
          await this.connect();
          s = this.client.session();
        }
        const res = await this.client.send(s, message);
        this.done(message.id);
        this.drawTurn(message.id, message.text, res.replies);
        // The conversation is stored now: read what the events announced while it
        // was not (its first turn's, a handoff among them).
        if (s.fresh) { this.client.used(); this.load(); }
        this.say("");
        break;
      } catch (err) {
        if (err instanceof SessionEnded) { this.client.forget(); continue; }
        const retry = !(err instanceof APIError) || err.status >= 500 || err.status === 429;
        if (!retry || attempt >= 8) {
          this.done(message.id);
          this.transcript.querySelector(`li.user[data-message="${CSS.escape(message.id)}"]`)?.classList.add("failed");
          this.say(`Not sent: ${err.message}`, true);
          break;
        }
        this.say(err.status === 429 ? "Too many messages: waiting a moment…" : "Connection lost: retrying…");
        await sleep(err.retryAfter ? err.retryAfter * 1000 : Math.min(500 * 2 ** attempt, 10_000));
      }
    }
  }

  done(id) { this.client.setOutbox(this.client.outbox().filter((m) => m.id !== id)); }

  say(text, isError = false) {
    this.notice.textContent = text;
    this.notice.classList.toggle("error", isError);
  }

  scroll() { this.transcript.scrollTop = this.transcript.scrollHeight; }
}

function newID() {
  return "m-" + (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);
}
