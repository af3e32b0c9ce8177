package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// unavailable skips a browser test when Chromium cannot run here, except under
// CI=true, where a missing browser is a failure (the CI machine must have one).
func inspUnavailable(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format+" (install Debian's chromium package to run the browser tests)", args...)
}

// artifactsDir is where the browser tests save screenshots: $PARLEY_TEST_ARTIFACTS
// or testdata/artifacts (ignored by git).
func inspArtifacts(t *testing.T) string {
	dir := os.Getenv("PARLEY_TEST_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("testdata", "artifacts")
	}
	dir = filepath.Join(dir, "inspector")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// browserProblems collects uncaught exceptions and console errors (Content-Security-
// Policy violations are reported there) of every page of a test.
type browserProblems struct {
	mu   sync.Mutex
	list []string
}

func (p *browserProblems) add(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.list = append(p.list, s)
}

func (p *browserProblems) check(t *testing.T) {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.list {
		t.Errorf("browser: %s", s)
	}
}

// listener is a chromedp.WithListener func; it only records, as listeners must.
func (p *browserProblems) listener(ev any) {
	switch ev := ev.(type) {
	case *runtime.EventExceptionThrown:
		p.add("exception: " + (&chromedp.ExceptionError{ExceptionDetails: ev.ExceptionDetails}).Error())
	case *cdplog.EventEntryAdded:
		// Product images come from the shop's site, which a test machine may not
		// reach; anything else logged as an error is a problem.
		if ev.Entry.Level == cdplog.EntryLevelError && ev.Entry.Source != cdplog.EntrySourceNetwork {
			p.add(fmt.Sprintf("%s: %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL))
		}
	}
}

// newBrowser starts headless Chromium with a fresh profile and returns a tab.
func inspBrowser(t *testing.T, problems *browserProblems) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		inspUnavailable(t, "chromium not found: %v", err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1500, 1000),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancelTab := chromedp.NewContext(actx, chromedp.WithListener(problems.listener))
	t.Cleanup(cancelTab)
	if _, err := chromedp.Call(ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		inspUnavailable(t, "chromium did not start: %v", err)
	}
	return ctx
}

// newContext opens a tab in a new browser context of the same browser: its own
// storage, like a second user.
func inspContext(t *testing.T, browser context.Context, problems *browserProblems) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext(), chromedp.WithListener(problems.listener))
	t.Cleanup(cancel)
	if _, err := chromedp.Call(ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		t.Fatalf("second browser context: %v", err)
	}
	return ctx
}

// run runs browser actions with a deadline, failing the test with what was tried.
func inspDo(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	tab := ctx
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		// Show what the page showed, to tell a slow page from a wrong one.
		page, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.body.innerText`))
		t.Fatalf("%s: %v\npage text:\n%s", what, err, page)
	}
}

// until waits for a JavaScript condition to become true.
func inspUntil(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(20*time.Second))
}

// inspEval evaluates a JavaScript expression into *dst.
func inspEval(js string, dst *string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		v, err := chromedp.Evaluate[string](js)(ctx, t)
		*dst = v
		return err
	})
}

func inspShot(dir, name string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		png, err := chromedp.CaptureScreenshot()(ctx, t)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
	})
}

// text is the JavaScript for an element's text ("" when absent).
func inspText(sel string) string {
	return fmt.Sprintf(`(document.querySelector(%q)?.textContent ?? "")`, sel)
}

// TestInspectorDrivesAShopConversation opens the inspector in headless Chromium
// against `parley serve`, holds a shop conversation through it (message, product
// cards, a card action, the confirmation, the answer), checks the diagram and the
// state tree follow, that a second browser context watching the same conversation
// receives every turn over Server-Sent Events, and that time travel shows an earlier
// version. Screenshots of each view are saved as artifacts.
func TestInspectorDrivesAShopConversation(t *testing.T) {
	base, _ := testServer(t)
	dir := inspArtifacts(t)
	problems := &browserProblems{}
	alice := inspBrowser(t, problems)
	defer problems.check(t)

	inspDo(t, alice, "open the inspector and pick the shop bot",
		chromedp.Navigate(base+"/inspect"),
		chromedp.WaitVisible(chromedp.CSS(`a[href="#/bots/shop"]`)),
		inspShot(dir, "home"),
		chromedp.Click(chromedp.CSS(`a[href="#/bots/shop"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#new-conversation`)),
		chromedp.Click(chromedp.CSS(`#new-conversation`)),
		chromedp.WaitVisible(chromedp.CSS(`#message`)),
		inspUntil(inspText("#stream")+` === "live"`),
	)
	var hash string
	inspDo(t, alice, "read the conversation's address", inspEval(`location.hash`, &hash))
	if !strings.HasPrefix(hash, "#/bots/shop/conversations/") {
		t.Fatalf("conversation address %q", hash)
	}

	// Bob watches the same conversation from another browser context, never reloading.
	bob := inspContext(t, alice, problems)
	inspDo(t, bob, "watch the conversation",
		chromedp.Navigate(base+"/inspect/"+hash),
		chromedp.WaitVisible(chromedp.CSS(`#transcript`)),
		inspUntil(inspText("#stream")+` === "live"`),
	)

	inspDo(t, alice, "send show me hoodies and see product cards",
		chromedp.SendKeys(chromedp.CSS(`#message`), "show me hoodies"),
		chromedp.Click(chromedp.CSS(`#send`)),
		inspUntil(`document.querySelectorAll("#transcript .card").length > 0`),
		inspUntil(`[...document.querySelectorAll("#transcript .card h4")].some(h => /hoodie/i.test(h.textContent))`),
		inspUntil(inspText("#diagram-caption")+`.includes("current: recommending")`),
		inspShot(dir, "conversation-cards"),
	)
	inspDo(t, alice, "click Add to cart and see the confirmation prompt",
		chromedp.Click(chromedp.CSS(`#transcript .card button.action`)),
		inspUntil(`document.querySelectorAll("#transcript .msg.user").length === 2`),
		inspUntil(inspText("#diagram g.node.current title")+` === "awaiting_confirmation"`),
		// The prompt asks a question with the confirm and cancel quick replies.
		inspUntil(`document.querySelector('#transcript .msg.bot.quick_replies:last-child button[data-meaning="confirm"]') !== null`),
		inspUntil(`/\?\s*$/.test(document.querySelector("#transcript .msg.bot.quick_replies:last-child .bubble").textContent)`),
		inspShot(dir, "conversation-confirmation"),
	)
	inspDo(t, alice, "answer wakha and see the state update",
		chromedp.SendKeys(chromedp.CSS(`#message`), "wakha"+kb.Enter),
		inspUntil(`document.querySelectorAll("#transcript .msg.user").length === 3`),
		inspUntil(inspText(`#state [data-path="conversation_state.state"] .v`)+` !== '"awaiting_confirmation"'`),
		inspUntil(`document.querySelector('#state [data-path="conversation_state.state"]')?.classList.contains("changed")`),
		inspUntil(`document.querySelector("#diagram g.edge.taken") !== null`),
	)
	var aliceState, bobState, aliceNode, bobNode string
	inspDo(t, alice, "read the state", inspEval(inspText(`#state [data-path="conversation_state.state"] .v`), &aliceState),
		inspEval(inspText("#diagram g.node.current title"), &aliceNode))

	inspDo(t, bob, "receive the same turns over SSE",
		inspUntil(`document.querySelectorAll("#transcript .msg.user").length === 3`),
		inspUntil(`[...document.querySelectorAll("#transcript .msg.user .bubble")].map(b => b.textContent).join("|") === "show me hoodies|Add to cart|wakha"`),
		inspUntil(inspText(`#state [data-path="conversation_state.state"] .v`)+fmt.Sprintf(` === %q`, aliceState)),
		inspEval(inspText(`#state [data-path="conversation_state.state"] .v`), &bobState),
		inspEval(inspText("#diagram g.node.current title"), &bobNode),
		inspShot(dir, "second-context"),
	)
	if bobState != aliceState || bobNode != aliceNode {
		t.Errorf("second context shows state %s on node %q; the first shows %s on %q", bobState, bobNode, aliceState, aliceNode)
	}

	inspDo(t, alice, "travel back to the first version",
		chromedp.Focus(chromedp.CSS(`#travel`)),
		chromedp.KeyEvent(kb.Home),
		inspUntil(inspText("#travel-out")+`.includes("(past)")`),
		inspUntil(inspText(`#state [data-path="conversation_state.state"] .v`)+` === '"recommending"'`),
		inspUntil(inspText("#diagram g.node.current title")+` === "recommending"`),
		inspUntil(`document.querySelectorAll("#transcript .future").length > 0`),
		inspShot(dir, "time-travel"),
		chromedp.Click(chromedp.CSS(`#travel-live`)),
		inspUntil(inspText("#travel-out")+`.includes("(live)")`),
	)
	inspDo(t, alice, "the lifecycle diagram and controls",
		chromedp.SendKeys(chromedp.CSS(`#reason`), "operator takes a look"),
		chromedp.Click(chromedp.CSS(`#control-pause`)),
		inspUntil(inspText("#lifecycle")+` === "paused"`),
		chromedp.Click(chromedp.CSS(`#machine-lifecycle`)),
		inspUntil(inspText("#diagram g.node.current title")+` === "paused"`),
		inspUntil(`[...document.querySelectorAll("#events .ev-state_changed")].some(e => e.textContent.includes("operator takes a look"))`),
		inspShot(dir, "lifecycle"),
	)
	inspDo(t, bob, "the second context sees the pause",
		inspUntil(inspText("#lifecycle")+` === "paused"`),
	)
	inspDo(t, alice, "the conversation list",
		chromedp.Navigate(base+"/inspect/#/bots/shop"),
		inspUntil(`document.querySelectorAll("#conversations tr th a").length === 1`),
		inspUntil(`document.querySelector("#conversations tr").textContent.includes("paused")`),
		inspShot(dir, "list"),
	)
	t.Logf("screenshots in %s", dir)
}

// TestInspectorDrawsEveryDemoBot holds a short conversation with the flows and gates
// demo bots through the inspector and checks that each one's diagram is drawn with
// the conversation's place on it, and that the list shows the conversation.
func TestInspectorDrawsEveryDemoBot(t *testing.T) {
	base, _ := testServer(t)
	dir := inspArtifacts(t)
	tab := browserTab(t)
	tests := []struct {
		bot      string
		messages []string
		current  string // the diagram node id the conversation is at afterwards
	}{
		{"booking", []string{"book a flight", "from Boston"}, "book_flight__collect_destination"},
		{"coach", []string{"hi", "it has been rough, stuck on bench"}, "goal-gap-1"},
	}
	for _, tt := range tests {
		conv := "browser-" + tt.bot
		inspDo(t, tab, tt.bot+": open a new conversation",
			chromedp.Navigate(base+"/inspect/#/bots/"+tt.bot+"/conversations/"+conv),
			chromedp.WaitVisible(chromedp.CSS(`#message`)),
			inspUntil(inspText("#stream")+` === "live"`),
			inspUntil(`document.querySelector("#diagram svg") !== null`),
		)
		for i, m := range tt.messages {
			inspDo(t, tab, fmt.Sprintf("%s: send %q", tt.bot, m),
				chromedp.SendKeys(chromedp.CSS(`#message`), m+kb.Enter),
				inspUntil(fmt.Sprintf(`document.querySelectorAll("#transcript .msg.user").length === %d`, i+1)),
				inspUntil(fmt.Sprintf(`document.querySelectorAll("#transcript .msg.bot").length > %d`, i)),
			)
		}
		inspDo(t, tab, tt.bot+": the diagram shows where the conversation is",
			inspUntil(inspText("#diagram g.node.current title")+fmt.Sprintf(` === %q`, tt.current)),
			inspUntil(`document.querySelectorAll("#diagram g.node.visited").length > 0`),
			inspUntil(`document.querySelectorAll("#diagram g.edge.taken").length > 0`),
			inspShot(dir, "diagram-"+tt.bot),
		)
		inspDo(t, tab, tt.bot+": the list shows the conversation and searches by keyboard",
			chromedp.Navigate(base+"/inspect/#/bots/"+tt.bot),
			inspUntil(fmt.Sprintf(`[...document.querySelectorAll("#conversations th a")].some(a => a.textContent === %q)`, conv)),
			// The search box has focus on arrival.
			chromedp.KeyEvent("x"+kb.Enter),
			inspUntil(`document.querySelector("#conversations .empty") !== null`),
			chromedp.KeyEvent(kb.Backspace+"browser-"+kb.Enter),
			inspUntil(fmt.Sprintf(`[...document.querySelectorAll("#conversations th a")].map(a => a.textContent).join() === %q`, conv)),
		)
	}
}

// TestInspectorSendsTheAPIToken puts `parley serve` behind a front that demands a
// Bearer token on /v1/ (as a configured token does) and checks the inspector: the
// static files load without one, the API refuses until the user saves the token, and
// then every API call, the fetch-based event stream included, carries it.
func TestInspectorSendsTheAPIToken(t *testing.T) {
	base, _ := testServer(t)
	target, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.FlushInterval = -1 // stream SSE through
	var mu sync.Mutex
	seen := map[string]bool{}
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/v1/") {
			if r.Header.Get("Authorization") != "Bearer s3cret" {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusUnauthorized)
				fmt.Fprintln(w, `{"error":{"code":"unauthorized","message":"a valid API token is required"}}`)
				return
			}
			mu.Lock()
			seen[strings.TrimSuffix(r.URL.Path, "/")] = true
			mu.Unlock()
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)

	tab := browserTab(t)
	inspDo(t, tab, "the API refuses without the token",
		chromedp.Navigate(front.URL+"/inspect/"),
		inspUntil(inspText("#status")+`.includes("API token")`),
	)
	inspDo(t, tab, "save the token and hold a turn",
		chromedp.SendKeys(chromedp.CSS(`#token`), "s3cret"+kb.Enter),
		chromedp.WaitVisible(chromedp.CSS(`a[href="#/bots/shop"]`)),
		chromedp.Navigate(front.URL+"/inspect/#/bots/shop/conversations/tok-1"),
		inspUntil(inspText("#stream")+` === "live"`),
		chromedp.SendKeys(chromedp.CSS(`#message`), "show me hoodies"+kb.Enter),
		inspUntil(`document.querySelectorAll("#transcript .card").length > 0`),
		inspUntil(`sessionStorage.getItem("parley.token") === "s3cret"`),
	)
	mu.Lock()
	defer mu.Unlock()
	for _, p := range []string{"/v1/bots", "/v1/bots/shop/conversations/tok-1/events", "/v1/bots/shop/conversations/tok-1/messages", "/v1/bots/shop/conversations/tok-1/history", "/v1/bots/shop/graph"} {
		if !seen[p] {
			t.Errorf("no authorized request to %s; saw %v", p, seen)
		}
	}
}

// TestInspectorReadsBothFrameShapes runs the SSE frame parser that the inspector and
// the widget share (stream.js) in the browser, from each one's files, on the frame
// shape of docs/spec/contracts.md section 4 (unnamed, the type inside the data) and
// on named frames, which must give the same events. A named frame's type is its
// name, a "type" field in its data or not, and data that is not JSON stays text.
func TestInspectorReadsBothFrameShapes(t *testing.T) {
	base, _ := testServer(t)
	tab := browserTab(t)
	tests := []struct{ name, frame, want string }{
		{"contract shape", `{id: "7", event: "", data: '{"type":"turn","data":{"message_id":"m1","transitions":[]}}'}`,
			`{"seq":7,"type":"turn","data":{"message_id":"m1","transitions":[]}}`},
		{"named frame", `{id: "7", event: "turn", data: '{"message_id":"m1","transitions":[]}'}`,
			`{"seq":7,"type":"turn","data":{"message_id":"m1","transitions":[]}}`},
		{"live event without id", `{id: "", event: "", data: '{"type":"state_changed","data":{"from_state":"idle","to_state":"running","reason":"r"}}'}`,
			`{"seq":0,"type":"state_changed","data":{"from_state":"idle","to_state":"running","reason":"r"}}`},
		{"reply delta", `{id: "", event: "", data: '{"type":"reply_delta","data":{"reply_id":"a-1","delta":"Hel"}}'}`,
			`{"seq":0,"type":"reply_delta","data":{"reply_id":"a-1","delta":"Hel"}}`},
		{"named frame whose data has a type", `{id: "", event: "handoff", data: '{"type":"human","data":{}}'}`,
			`{"seq":0,"type":"handoff","data":{"type":"human","data":{}}}`},
		{"unnamed frame without the contract's data", `{id: "", event: "", data: '{"type":"x"}'}`,
			`{"seq":0,"type":"message","data":{"type":"x"}}`},
		{"data that is not JSON", `{id: "3", event: "", data: "not {json"}`,
			`{"seq":3,"type":"message","data":"not {json"}`},
		{"named frame of text", `{id: "", event: "note", data: "hello"}`,
			`{"seq":0,"type":"note","data":"hello"}`},
	}
	inspDo(t, tab, "open the inspector", chromedp.Navigate(base+"/inspect/"), chromedp.WaitVisible(chromedp.CSS(`#bot`)))
	for _, module := range []string{"/inspect/stream.js", "/widget/stream.js"} {
		for _, tt := range tests {
			got, err := chromedp.Run(tab, chromedp.Evaluate[string](
				`import(`+jsString(module)+`).then(m => JSON.stringify(m.parseFrame(`+tt.frame+`)))`, chromedp.EvalAwaitPromise))
			if err != nil || got != tt.want {
				t.Errorf("%s %s: parseFrame = %s, %v; want %s", module, tt.name, got, err, tt.want)
			}
		}
	}
}

// TestInspectorResumesADroppedStream: the network between the inspector and Parley
// drops (the event stream severed, new requests refused) while a turn is taken
// elsewhere; the inspector says its stream is retrying and, once the network is
// back, reconnects with Last-Event-ID and shows the turn it missed, unreloaded.
func TestInspectorResumesADroppedStream(t *testing.T) {
	base, _ := testServer(t)
	front := newFlakyFront(t, base)
	tab := browserTab(t)
	const userTexts = `[...document.querySelectorAll("#transcript .msg.user .bubble")].map(b => b.textContent).join("|")`
	inspDo(t, tab, "watch a conversation",
		chromedp.Navigate(front.url()+"/inspect/#/bots/shop/conversations/resume-1"),
		chromedp.WaitVisible(chromedp.CSS(`#message`)),
		inspUntil(inspText("#stream")+` === "live"`),
		chromedp.SendKeys(chromedp.CSS(`#message`), "show me hoodies"+kb.Enter),
		inspUntil(userTexts+` === "show me hoodies"`),
	)
	front.drop()
	// The last stored event shown, which the stream is to resume after.
	var seen string
	inspDo(t, tab, "the stream is retrying",
		inspUntil(inspText("#stream")+` === "retrying"`),
		inspEval(`String(Math.max(0, ...[...document.querySelectorAll("#events li:not(.live) .seq")].map(e => Number(e.textContent.slice(1)))))`, &seen))
	if seen == "0" {
		t.Fatal("no stored event shown before the drop")
	}
	if code, b, _ := send(t, "POST", base+"/v1/bots/shop/conversations/resume-1/messages",
		`{"id":"elsewhere-1","text":"show me t-shirts"}`, map[string]string{"Content-Type": "application/json"}); code != 200 {
		t.Fatalf("a turn taken elsewhere: %d %s", code, b)
	}
	front.restore()
	inspDo(t, tab, "back online: the missed turn shows",
		inspUntil(inspText("#stream")+` === "live"`),
		inspUntil(userTexts+` === "show me hoodies|show me t-shirts"`),
	)
	if got := front.lastResume(); got != seen {
		t.Errorf("the stream resumed with Last-Event-ID %q, want %q (the last event shown)", got, seen)
	}
}
