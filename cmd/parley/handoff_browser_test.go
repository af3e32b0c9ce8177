package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// clipShot saves a screenshot of the part of the page rect (JavaScript giving
// [x, y, width, height]) shows, as dir/name.png: small pictures for the docs.
func clipShot(dir, name, rect string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		s, err := chromedp.Evaluate[string](`JSON.stringify(`+rect+`)`)(ctx, t)
		if err != nil {
			return err
		}
		var r [4]float64
		if err := json.Unmarshal([]byte(s), &r); err != nil {
			return err
		}
		res, err := cdp.Call(ctx, t, page.CaptureScreenshot, page.CaptureScreenshotParams{
			Format: page.CaptureScreenshotFormatPng,
			Clip:   &page.Viewport{X: r[0], Y: r[1], Width: r[2], Height: r[3], Scale: 1},
		})
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, name+".png"), res.Data, 0o644)
	})
}

// handoffWidgetServer serves the demo bots, the shop's widget embeddable in host's
// pages, and an admin and an agent token.
func handoffWidgetServer(t *testing.T, hostURL string) string {
	t.Helper()
	t.Setenv("TEST_WIDGET_KEY", testWidgetKey)
	t.Setenv("TEST_ADMIN_TOKEN", hoAdmin)
	t.Setenv("TEST_AGENT_TOKEN", hoAgent)
	path := demoBotsConfig(t, `auth:
  tokens:
    - {name: ops, token: "${TEST_ADMIN_TOKEN}", scopes: [admin]}
    - {name: desk, token: "${TEST_AGENT_TOKEN}", scopes: [agent]}
widget:
  key: "${TEST_WIDGET_KEY}"
server:
  hosts: [127.0.0.1]`)
	cfg, err := readText(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg = strings.Replace(cfg, "  - {name: shop, engine: shop}", "  - {name: shop, engine: shop, widget: {origins: [\""+hostURL+"\"]}}", 1)
	writeFile(t, path, cfg)
	base, _ := testServer(t, "-config", path)
	return base
}

// TestAPersonAnswersInTheBrowser: the widget on a page of another site; the
// visitor asks for a person; the inspector, with an agent token only, shows the
// conversation in its "Waiting for a person" view as it arrives, marked in the
// bot's list too, and answers it from the reply box; an agent message posted
// through the API appears in the widget too, each with the person's name; the
// visitor's answer reaches the inspector live; the hand-back button gives it back
// to the bot and empties the queue. Screenshots of the widget showing an agent
// message and of the inspector's queue are kept as artifacts.
func TestAPersonAnswersInTheBrowser(t *testing.T) {
	var parleyURL string
	host := hostPage(t, &parleyURL)
	base := handoffWidgetServer(t, host.URL)
	parleyURL = base
	dir := widgetArtifacts(t)
	problems := &browserProblems{}
	visitor := inspBrowser(t, problems)
	defer problems.check(t)

	widgetDo(t, visitor, "the visitor asks for a person",
		chromedp.Navigate(host.URL+"/"),
		inspUntil(launcherStyled),
		clickWidget(".launcher"),
		inspUntil(shadow+`.activeElement?.id === "message"`),
		chromedp.KeyEvent("I want to talk to a human"+kb.Enter),
		inspUntil(`!`+shadow+`.querySelector(".handoff").hidden`),
	)
	conversation := widgetConversation(t, visitor)

	desk := inspContext(t, visitor, problems)
	inspDo(t, desk, "the inspector with an agent token shows the queue",
		chromedp.Navigate(base+"/inspect/"),
		inspUntil(inspText("#status")+`.includes("API token")`),
		chromedp.SendKeys(chromedp.CSS(`#token`), hoAgent+kb.Enter),
		chromedp.WaitVisible(chromedp.CSS(`a[href="#/bots/shop"]`)),
		chromedp.Navigate(base+"/inspect/#/waiting"),
		inspUntil(fmt.Sprintf(`document.querySelector('#waiting tr[data-conversation=%q]') !== null`, conversation)),
		inspUntil(`/waiting for a person · human_requested/.test(document.querySelector("#waiting").textContent)`),
		inspUntil(`/Waiting for a person \(1\)/.test(document.querySelector("#waiting-link").textContent)`),
		clipShot(dir, "handoff-inspector-queue", `(() => { const r = document.querySelector("#waiting").getBoundingClientRect(); return [0, 0, innerWidth, r.bottom + 16]; })()`),
	)
	inspDo(t, desk, "the agent answers from the reply box",
		chromedp.Click(fmt.Sprintf(`#waiting tr[data-conversation=%q] a`, conversation)),
		inspUntil(`document.querySelector("#person")?.hidden === false`),
		chromedp.SendKeys("#agent-name", "Dana"),
		chromedp.SendKeys("#agent-text", "Hi, I'm Dana from the shop. How can I help?"),
		chromedp.Click("#agent-send"),
		inspUntil(`[...document.querySelectorAll("#transcript li.agent")].some(li => /Dana/.test(li.textContent) && /How can I help/.test(li.textContent))`),
	)
	widgetDo(t, visitor, "the widget shows the person's message with the name",
		inspUntil(`[...`+inWidget("li.agent")+`].some(li => li.querySelector(".agent-name").textContent === "Dana" && /How can I help/.test(li.textContent))`),
		inspUntil(`/Dana is answering/.test(`+shadow+`.querySelector(".handoff").textContent)`),
	)
	code, b, _ := send(t, "POST", base+"/v1/bots/shop/conversations/"+conversation+"/agent-messages",
		`{"id":"api-1","text":"Your order 1042 ships tomorrow.","agent":"Sam"}`, bearer(hoAgent))
	if code != 200 {
		t.Fatalf("agent message through the API: %d %s", code, b)
	}
	widgetDo(t, visitor, "an agent message posted through the API appears in the widget",
		inspUntil(`[...`+inWidget("li.agent")+`].some(li => li.querySelector(".agent-name").textContent === "Sam" && /ships tomorrow/.test(li.textContent))`),
		chromedp.KeyEvent("Thank you!"+kb.Enter),
		inspUntil(userBubbles+` === "I want to talk to a human|Thank you!"`),
		clipShot(dir, "handoff-widget", `(() => { const r = `+shadow+`.querySelector(".panel").getBoundingClientRect(); return [r.x - 8, r.y - 8, r.width + 16, r.height + 16]; })()`),
	)
	ops := inspContext(t, visitor, problems)
	inspDo(t, ops, "the bot's conversation list marks the conversation waiting",
		chromedp.Navigate(base+"/inspect/"),
		inspUntil(inspText("#status")+`.includes("API token")`),
		chromedp.SendKeys(chromedp.CSS(`#token`), hoAdmin+kb.Enter),
		chromedp.WaitVisible(chromedp.CSS(`a[href="#/bots/shop"]`)),
		chromedp.Navigate(base+"/inspect/#/bots/shop"),
		inspUntil(fmt.Sprintf(`[...document.querySelectorAll("#conversations tr.waiting-row")].some(tr => tr.textContent.includes(%q) && tr.querySelector(".badge.waiting"))`, conversation)),
	)
	inspDo(t, desk, "the visitor's answer reaches the inspector live; hand back",
		inspUntil(`[...document.querySelectorAll("#transcript li.user")].some(li => /Thank you!/.test(li.textContent))`),
		inspUntil(`[...document.querySelectorAll("#transcript li.agent")].some(li => /Sam/.test(li.textContent))`),
		chromedp.Click("#hand-back"),
		inspUntil(`document.querySelector("#person")?.hidden === true`),
		chromedp.Navigate(base+"/inspect/#/waiting"),
		inspUntil(`/Nobody is waiting/.test(document.querySelector("#waiting").textContent)`),
	)
	if got := queue(t, base, "shop"); len(got) != 0 {
		t.Fatalf("queue after the hand back: %+v", got)
	}
	t.Logf("screenshots in %s", dir)
}

// TestWidgetGreetsKeepsTimesAndAnswers: a bot's widget: greeting and starter
// buttons show when a new visitor first opens the panel, and that first load
// makes no request Parley answers 404; a starter sends its text; every message
// carries its time; a quick reply answered stops being a button (the chosen one
// stays marked), in the live page and after a reload.
func TestWidgetGreetsKeepsTimesAndAnswers(t *testing.T) {
	var parleyURL string
	host := hostPage(t, &parleyURL)
	t.Setenv("TEST_WIDGET_KEY", testWidgetKey)
	t.Setenv("TEST_ADMIN_TOKEN", hoAdmin)
	path := demoBotsConfig(t, `auth:
  tokens: [{name: ops, token: "${TEST_ADMIN_TOKEN}", scopes: [admin]}]
widget:
  key: "${TEST_WIDGET_KEY}"
server:
  hosts: [127.0.0.1]`)
	cfg, err := readText(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg = strings.Replace(cfg, "  - {name: shop, engine: shop}", `  - {name: shop, engine: shop, widget: {origins: ["`+host.URL+`"], greeting: "Hi! Looking for something?", starters: ["Talk to a person", "show me hoodies"]}}`, 1)
	writeFile(t, path, cfg)
	var log syncBuffer
	base, _ := testServerLog(t, &log, "-config", path)
	parleyURL = base
	tab := browserTab(t)

	widgetDo(t, tab, "the greeting and starters show on the first open",
		chromedp.Navigate(host.URL+"/"),
		inspUntil(launcherStyled),
		clickWidget(".launcher"),
		inspUntil(`/Looking for something/.test(`+shadow+`.querySelector("li.greeting")?.textContent ?? "")`),
		inspUntil(inWidget("li.greeting .starters button")+`.length === 2`),
	)
	if strings.Contains(log.String(), "status=404") {
		t.Fatalf("a new visitor's first load made a request answered 404:\n%s", log.String())
	}
	widgetDo(t, tab, "a starter sends its text; the greeting goes; times show",
		clickWidget(`li.greeting .starters button`),
		inspUntil(userBubbles+` === "show me hoodies"`),
		inspUntil(inWidget("li.greeting")+`.length === 0`),
	)
	widgetDo(t, tab, "search, then a question with quick replies",
		inspUntil(inWidget(".card button.action")+`.length > 0`),
		clickWidget(".card:first-child button.action"),
		inspUntil(inWidget(`li.bot.quick_replies button.chip[data-meaning="confirm"]`)+`.length === 1`),
		inspUntil(`[...`+inWidget("li.msg")+`].every(li => li.querySelector("time.at") && /\d/.test(li.querySelector("time.at").textContent))`),
		clickWidget(`li.bot.quick_replies button.chip[data-meaning="confirm"]`),
		inspUntil(inWidget(`li.bot.quick_replies button.chip`)+`.length === 0`),
		inspUntil(inWidget(`li.bot.quick_replies .chip.answered.chosen`)+`.length === 1`),
	)
	widgetDo(t, tab, "after a reload the answered quick replies stay labels",
		chromedp.Reload(),
		inspUntil(shadow+`?.querySelector(".panel") && !`+shadow+`.querySelector(".panel").hidden`),
		inspUntil(inWidget(`li.bot.quick_replies .chip.answered`)+`.length >= 1`),
		inspUntil(inWidget(`li.bot.quick_replies button.chip`)+`.length === 0`),
		inspUntil(inWidget("li.greeting")+`.length === 0`),
	)
	if strings.Contains(log.String(), "status=404") {
		t.Fatalf("a request was answered 404:\n%s", log.String())
	}
}
