// What the inspector and the chat widget share of reading an event stream (served
// by each beside its own modules; source: internal/webshared): splitting it into
// frames and reading a frame as an event.

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
