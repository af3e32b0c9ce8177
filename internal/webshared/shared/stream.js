// What the inspector and the chat widget share of reading an event stream (served
// by each beside its own modules; source: internal/webshared).

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
