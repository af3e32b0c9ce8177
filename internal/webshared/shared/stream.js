// What the inspector and the chat widget share of reading an event stream (served
// by each beside its own modules; source: internal/webshared): splitting it into
// frames, reading a frame as an event, and following a stream across drops.

// readFrames splits a text/event-stream body into frames of {id, event, data}.
export async function readFrames(body, onFrame) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += value.replace(/\r\n?/g, "\n");
    let end;
    while ((end = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      const frame = { id: "", event: "", data: "" };
      const data = [];
      for (const line of block.split("\n")) {
        if (!line || line.startsWith(":")) continue;
        const i = line.indexOf(":");
        const field = i < 0 ? line : line.slice(0, i);
        const val = i < 0 ? "" : line.slice(i + 1).replace(/^ /, "");
        if (field === "data") data.push(val);
        else if (field === "id") frame.id = val;
        else if (field === "event") frame.event = val;
      }
      if (data.length) {
        frame.data = data.join("\n");
        onFrame(frame);
      }
    }
  }
}

// parseFrame turns one SSE frame into {seq, type, data}. It reads the frame shape of
// docs/spec/contracts.md section 4 (unnamed, data: {"type": ..., "data": {...}}) and
// named frames (event: <type>, data: <data>): a named frame's type is its name and
// its data is all of its data, a "type" field in it or not. Data that is not JSON
// stays the frame's text.
export function parseFrame(frame) {
  let payload = null;
  try { payload = JSON.parse(frame.data); } catch { payload = frame.data; }
  const seq = frame.id ? Number(frame.id) : 0;
  if ((!frame.event || frame.event === "message") && payload && typeof payload === "object" &&
      typeof payload.type === "string" && "data" in payload) {
    return { seq, type: payload.type, data: payload.data };
  }
  return { seq, type: frame.event || "message", data: payload };
}

// StreamError is an event stream's request answered with an HTTP error status.
export class StreamError extends Error {
  constructor(status) {
    super(`event stream: HTTP ${status}`);
    this.status = status;
  }
}

// sleep waits ms milliseconds, less when signal aborts or the browser comes back
// online (try now rather than at the end of the wait).
export function sleep(ms, signal) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      window.removeEventListener("online", done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    window.addEventListener("online", done, { once: true });
  });
}

// follow reads an event stream with fetch, not EventSource, so that its request can
// carry an Authorization header, until signal aborts (quietly) or the stream ends
// for good. After a drop or a failed request it waits (half a second, doubling up
// to ten) and reconnects with Last-Event-ID: lastSeq(), so that the server sends
// what was missed. onEvent gets parseFrame's events; onState gets "open",
// "retrying", or ended (with the error, if one ended it).
//
// What differs between the inspector and the widget is in the options:
// open(headers) fetches the stream with these headers and its own credentials,
// resolving to the response, or to null when there is no stream to follow any
// more; endsOn lists the HTTP statuses (of the stream's request, or of an error
// open throws with a status) after which retrying is useless.
export async function follow({ open, endsOn, ended, lastSeq, onEvent, onState, signal }) {
  let backoff = 500;
  while (!signal.aborted) {
    try {
      const headers = { Accept: "text/event-stream" };
      if (lastSeq() > 0) headers["Last-Event-ID"] = String(lastSeq());
      const res = await open(headers);
      if (!res) { onState(ended); return; }
      if (!res.ok) throw new StreamError(res.status);
      onState("open");
      backoff = 500;
      await readFrames(res.body, (f) => onEvent(parseFrame(f)));
    } catch (err) {
      if (signal.aborted) return;
      if (endsOn.includes(err?.status)) { onState(ended, err); return; }
    }
    if (signal.aborted) return;
    onState("retrying");
    await sleep(backoff, signal);
    backoff = Math.min(backoff * 2, 10_000);
  }
}
