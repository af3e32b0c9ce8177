// The demo page embeds the widget for the bot named by ?bot= (shop by default), with
// the same tag a site would write.
const bot = new URLSearchParams(location.search).get("bot") || "shop";
const tag = document.createElement("script");
tag.src = "parley.js";
tag.dataset.bot = bot;
tag.dataset.title = `Chat with ${bot}`;
document.body.append(tag);
