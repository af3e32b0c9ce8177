// Parley's chat widget. Embed it with one tag:
//
//   <script src="https://PARLEY/widget/parley.js" data-bot="shop" defer></script>
//
// Optional attributes: data-title (the panel's heading), data-open="true" (open the
// panel on load), data-api (Parley's base URL, by default the one this file came
// from). This is a classic script so that it can read its own tag
// (document.currentScript); it loads the widget's ES modules from beside itself.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) return;
  var base = new URL(".", script.src).href;
  var opts = {
    bot: script.getAttribute("data-bot") || "",
    title: script.getAttribute("data-title") || "",
    open: script.getAttribute("data-open") === "true",
    api: (script.getAttribute("data-api") || new URL("..", base).href).replace(/\/+$/, ""),
    base: base,
  };
  import(base + "chat.js")
    .then(function (m) { m.mount(opts); })
    .catch(function (err) { console.error("parley widget: could not load", err); });
})();
