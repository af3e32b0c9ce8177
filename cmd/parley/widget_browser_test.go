package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/parleyhq/parley/llm/llmtest"
)

// widgetArtifacts is where the widget's browser test keeps its screenshots:
// $PARLEY_TEST_ARTIFACTS/widget, else the test's artifact directory (kept under the
// output directory with `go test -artifacts`).
func widgetArtifacts(t *testing.T) string {
	dir := t.ArtifactDir()
	if env := os.Getenv("PARLEY_TEST_ARTIFACTS"); env != "" {
		dir = filepath.Join(env, "widget")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// flakyFront is Parley's front (a reverse proxy) on a network that fails as real
// ones do. drop severs every open request, the event streams included, and refuses
// new ones until restore; swallow lets the next message reach Parley and loses its
// answer on the way back; refuseStream has the next event stream's request carry
// a token Parley refuses (401), as an expired one; renewals counts the requests to
// renew a visitor's token; resumes holds the Last-Event-ID of every event stream's
// request that reached Parley.
type flakyFront struct {
	srv          *httptest.Server
	proxy        *httputil.ReverseProxy
	down         atomic.Bool
	swallow      atomic.Bool
	refuseStream atomic.Bool
	renewals     atomic.Int32
	mu           sync.Mutex
	open         map[*http.Request]context.CancelFunc
	resumes      []string
}

func newFlakyFront(t *testing.T, target string) *flakyFront {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	f := &flakyFront{proxy: httputil.NewSingleHostReverseProxy(u), open: map[*http.Request]context.CancelFunc{}}
	f.proxy.FlushInterval = -1 // stream SSE through
	f.proxy.ErrorLog = log.New(io.Discard, "", 0)
	// A severed request breaks its connection, as a dropped network does, rather
	// than answering 502 (which a browser would report as a CORS failure).
	f.proxy.ErrorHandler = func(http.ResponseWriter, *http.Request, error) { panic(http.ErrAbortHandler) }
	f.srv = httptest.NewServer(f)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *flakyFront) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if f.down.Load() {
		panic(http.ErrAbortHandler) // the connection breaks
	}
	if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/events") && f.refuseStream.CompareAndSwap(true, false) {
		r.Header.Set("Authorization", "Bearer expired")
	}
	if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/sessions/renew") {
		f.renewals.Add(1)
	}
	ctx, cancel := context.WithCancel(r.Context())
	f.mu.Lock()
	f.open[r] = cancel
	if strings.HasSuffix(r.URL.Path, "/events") {
		f.resumes = append(f.resumes, r.Header.Get("Last-Event-ID"))
	}
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		delete(f.open, r)
		f.mu.Unlock()
		cancel()
	}()
	if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/messages") && f.swallow.CompareAndSwap(true, false) {
		f.proxy.ServeHTTP(httptest.NewRecorder(), r.WithContext(ctx))
		panic(http.ErrAbortHandler)
	}
	f.proxy.ServeHTTP(w, r.WithContext(ctx))
}

func (f *flakyFront) drop() {
	f.down.Store(true)
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, cancel := range f.open {
		cancel()
	}
}

func (f *flakyFront) restore() { f.down.Store(false) }

// lastResume is the Last-Event-ID of the latest event stream's request.
func (f *flakyFront) lastResume() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.resumes) == 0 {
		return ""
	}
	return f.resumes[len(f.resumes)-1]
}

func (f *flakyFront) url() string { return f.srv.URL }

// hostPage serves a shop's page from another site (localhost, while Parley is
// reached at 127.0.0.1) that embeds the widget with the one tag, under a strict
// Content-Security-Policy that allows scripts, styles, images and connections from
// Parley's origin only: no inline script or style.
func hostPage(t *testing.T, parley *string) *httptest.Server {
	t.Helper()
	return hostPageOf(t, parley, "shop")
}

// hostPageOf is hostPage embedding the widget of bot.
func hostPageOf(t *testing.T, parley *string, bot string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", fmt.Sprintf("default-src 'none'; script-src %[1]s; style-src %[1]s; "+
			"img-src %[1]s https: data:; connect-src %[1]s; base-uri 'none'; form-action 'none'", *parley))
		fmt.Fprintf(w, `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A shop</title></head>
<body><h1>A shop that is not Parley</h1><p>Its own page, its own origin.</p>
<script src="%s/widget/parley.js" data-bot="%s" defer></script>
</body></html>`, *parley, bot)
	}))
	t.Cleanup(srv.Close)
	// Another site than Parley's 127.0.0.1.
	srv.URL = strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)
	return srv
}

// shopBehindFlakyFront serves the demo shop, with the widget for host's page and
// the admin token adminToken, at base, and reached by host's page through front.
func shopBehindFlakyFront(t *testing.T) (host *httptest.Server, base string, front *flakyFront) {
	t.Helper()
	var parleyURL string
	host = hostPage(t, &parleyURL)
	t.Setenv("TEST_WIDGET_KEY", testWidgetKey)
	t.Setenv("TEST_ADMIN_TOKEN", adminToken)
	base, _ = testServer(t, "-config", widgetConfig(t, host.URL, "", ""))
	front = newFlakyFront(t, base)
	parleyURL = front.url()
	return host, base, front
}

// shadow is the JavaScript for the widget's shadow root.
const shadow = `document.querySelector("parley-chat")?.shadowRoot`

// inWidget is the JavaScript for the elements matching sel in the widget.
func inWidget(sel string) string { return fmt.Sprintf(`%s.querySelectorAll(%q)`, shadow, sel) }

// clickWidget clicks the last element matching sel in the widget with the mouse, at
// its centre.
func clickWidget(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		js := fmt.Sprintf(`(() => { const els = %s; const el = els[els.length - 1]; el.scrollIntoView({block: "center"});
			const r = el.getBoundingClientRect(); return JSON.stringify([r.x + r.width / 2, r.y + r.height / 2]); })()`, inWidget(sel))
		s, err := chromedp.Evaluate[string](js)(ctx, t)
		if err != nil {
			return err
		}
		var xy [2]float64
		if err := json.Unmarshal([]byte(s), &xy); err != nil {
			return err
		}
		_, err = chromedp.MouseClickXY(xy[0], xy[1])(ctx, t)
		return err
	})
}

// launcherStyled is the JavaScript for "the launcher is there and the widget's
// stylesheet has laid it out": clickWidget clicks where the launcher is, and the
// stylesheet, which a new browser context loads after the launcher is drawn, moves
// it (margin-left: auto); a click at the unstyled place was lost, and the test then
// waited in vain for the session the click starts.
var launcherStyled = `(() => { const l = ` + shadow + `?.querySelector(".launcher"); return l != null && getComputedStyle(l).display === "flex"; })()`

// firstMessage opens page, opens the widget with its launcher and sends text.
func firstMessage(page, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Navigate(page),
		inspUntil(launcherStyled),
		clickWidget(".launcher"),
		inspUntil(shadow+`.activeElement?.id === "message"`),
		chromedp.KeyEvent(text+kb.Enter),
	)
}

// userBubbles is the JavaScript for the visitor's messages as shown, joined by "|".
var userBubbles = fmt.Sprintf(`[...%s].map(b => b.textContent).join("|")`, inWidget("li.user .bubble"))

// TestWidgetOnAnotherSite embeds the widget with its one tag in a page of another
// site under a strict CSP, and talks to the demo shop through it in headless
// Chromium: a search that shows product cards, "Add to cart" clicked, "wakha" typed to
// confirm. A reload and a second tab show the same conversation; a network drop that
// swallows an answer loses and repeats nothing; a second visitor's token cannot read
// the first visitor's conversation (403). Screenshots of each step are kept.
func TestWidgetOnAnotherSite(t *testing.T) {
	host, base, proxy := shopBehindFlakyFront(t)
	parleyURL := proxy.url()
	dir := widgetArtifacts(t)
	problems := &browserProblems{}
	tab := inspBrowser(t, problems)
	defer problems.check(t)

	widgetDo(t, tab, "the page shows the launcher",
		chromedp.Navigate(host.URL+"/"),
		inspUntil(launcherStyled),
		inspUntil(shadow+`.querySelector("link").sheet !== null`),
		inspShot(dir, "1-launcher"),
	)
	widgetDo(t, tab, "the keyboard opens and closes the panel",
		chromedp.KeyEvent(kb.Tab),
		inspUntil(shadow+`.activeElement?.classList.contains("launcher")`),
		chromedp.KeyEvent(kb.Enter),
		inspUntil(`!`+shadow+`.querySelector(".panel").hidden`),
		inspUntil(shadow+`.activeElement?.id === "message"`),
		chromedp.KeyEvent(kb.Escape),
		inspUntil(shadow+`.querySelector(".panel").hidden`),
		inspUntil(shadow+`.activeElement?.classList.contains("launcher")`),
	)
	widgetDo(t, tab, "search: product cards with their actions",
		clickWidget(".launcher"),
		inspUntil(shadow+`.activeElement?.id === "message"`),
		chromedp.KeyEvent("show me hoodies"+kb.Enter),
		inspUntil(inWidget(".card")+`.length > 0`),
		inspUntil(`[...`+inWidget(".card .title")+`].some(e => /hoodie/i.test(e.textContent))`),
		inspUntil(inWidget(`.card button.action`)+`.length > 0`),
		inspUntil(shadow+`.querySelector(".typing").hidden`),
		inspShot(dir, "2-cards"),
	)
	widgetDo(t, tab, `"Add to cart" asks for confirmation with quick replies`,
		clickWidget(".card:first-child button.action"),
		inspUntil(userBubbles+` === "show me hoodies|Add to cart"`),
		inspUntil(inWidget(`li.bot.quick_replies button.chip[data-meaning="confirm"]`)+`.length === 1`),
		inspShot(dir, "3-confirm"),
	)
	widgetDo(t, tab, `"wakha" confirms: the answer's address is a link`,
		chromedp.KeyEvent("wakha"+kb.Enter),
		inspUntil(userBubbles+` === "show me hoodies|Add to cart|wakha"`),
		inspUntil(`[...`+inWidget(`li.bot .bubble a`)+`].some(a => /^https:\/\/[^ ]*add-to-cart=\d+$/.test(a.href) && a.rel.includes("noopener"))`),
		inspShot(dir, "4-confirmed"),
	)
	var before string
	// The transcript's text without the messages' times: a live message is stamped
	// by the browser's clock, a reloaded one by the server's.
	transcriptText := `[...` + inWidget(".transcript > li") + `].map(li => [...li.childNodes].filter(n => n.nodeName !== "TIME").map(n => n.textContent).join("")).join("\n")`
	widgetDo(t, tab, "read the transcript", inspEval(transcriptText, &before))
	// No inline style anywhere: the CSP would have refused it (and the console said so).
	widgetDo(t, tab, "no inline style", inspUntil(inWidget("[style]")+`.length === 0 && document.querySelectorAll("[style]").length === 0`))

	widgetDo(t, tab, "a reload shows the same conversation",
		chromedp.Reload(),
		inspUntil(shadow+`?.querySelector(".panel") && !`+shadow+`.querySelector(".panel").hidden`),
		inspUntil(userBubbles+` === "show me hoodies|Add to cart|wakha"`),
		inspUntil(transcriptText+` === `+jsString(before)),
		inspShot(dir, "5-reloaded"),
	)

	// A second tab of the same visitor (same storage) follows the conversation live.
	second := newTab(t, tab, problems, host.URL+"/")
	widgetDo(t, second, "a second tab continues the same conversation",
		inspUntil(launcherStyled),
		clickWidget(".launcher"),
		inspUntil(userBubbles+` === "show me hoodies|Add to cart|wakha"`),
	)

	// The network drops after a message has reached the server and before its answer
	// came back: the widget resends it with the same id when the network returns,
	// and the server's replayed answer is shown once, in both tabs. The message is
	// drawn at once; how long it stays pending is a race (the open event stream may
	// draw its turn within milliseconds, before the network drops), so the test
	// waits for the bubble, not for its pending mark, and checks the end state.
	conversation := widgetConversation(t, tab)
	proxy.swallow.Store(true)
	widgetDo(t, tab, "send while the answers are lost",
		chromedp.KeyEvent("show me t-shirts"+kb.Enter),
		inspUntil(userBubbles+` === "show me hoodies|Add to cart|wakha|show me t-shirts"`),
	)
	waitTurns(t, base, conversation, 4)
	proxy.drop()
	widgetDo(t, tab, "the widget says it is reconnecting",
		inspUntil(`/Reconnecting|retrying/.test(`+shadow+`.querySelector(".notice").textContent)`),
		inspShot(dir, "6-offline"),
	)
	proxy.restore()
	want := "show me hoodies|Add to cart|wakha|show me t-shirts"
	for name, ctx := range map[string]context.Context{"first tab": tab, "second tab": second} {
		widgetDo(t, ctx, name+": the message is answered once",
			inspUntil(userBubbles+` === `+jsString(want)),
			inspUntil(inWidget("li.user.pending")+`.length === 0`),
			inspUntil(`[...`+inWidget(".card .title")+`].some(e => /t-shirt/i.test(e.textContent))`),
			inspUntil(shadow+`.querySelector(".notice").textContent === ""`),
		)
	}
	widgetDo(t, tab, "screenshot", inspShot(dir, "7-back-online"))
	if n := turnsOf(t, base, conversation); n != 4 {
		t.Errorf("%d turns stored, want 4: a message was lost or repeated", n)
	}

	// A second visitor: another browser context, another session.
	other := inspContext(t, tab, problems)
	widgetDo(t, other, "a second visitor gets a conversation of their own",
		chromedp.Navigate(host.URL+"/"),
		inspUntil(launcherStyled),
		clickWidget(".launcher"),
		inspUntil(`Object.keys(localStorage).some(k => k.startsWith("parley.widget:"))`),
		inspUntil(inWidget("li.user")+`.length === 0`),
	)
	otherConversation := widgetConversation(t, other)
	if otherConversation == conversation || otherConversation == "" {
		t.Fatalf("second visitor's conversation %q, the first's %q", otherConversation, conversation)
	}
	var status string
	widgetDo(t, other, "the second visitor's token cannot read the first's conversation",
		evalAwait(fmt.Sprintf(`(async () => {
			const s = JSON.parse(localStorage.getItem(Object.keys(localStorage).find(k => /^parley\.widget:[^]*:shop$/.test(k))));
			const read = (path) => fetch(%q + path, {headers: {Authorization: "Bearer " + s.token}}).then(r => r.status);
			const conv = "/v1/bots/shop/conversations/" + %q;
			return [await read(conv), await read(conv + "/history"), await read(conv + "/events")].join(",");
		})()`, parleyURL, conversation), &status),
		inspShot(dir, "8-second-visitor"),
	)
	if status != "403,403,403" {
		t.Errorf("the second visitor reading the first's conversation: %s, want 403 each", status)
	}
	t.Logf("screenshots in %s", dir)
}

// widgetDo runs browser actions with a deadline, failing the test with what the
// widget showed.
func widgetDo(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	tab := ctx
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		shown, _ := chromedp.Run(tab, chromedp.Evaluate[string](`(document.querySelector("parley-chat")?.shadowRoot?.querySelector(".panel")?.innerText ?? "") + "\n---\n" + (document.querySelector("parley-chat")?.shadowRoot?.querySelector(".transcript")?.innerHTML ?? "no widget")`))
		t.Fatalf("%s: %v\nwidget:\n%s", what, err, shown)
	}
}

// evalAwait evaluates a JavaScript expression whose value is a promise of a string.
func evalAwait(js string, dst *string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		v, err := chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise)(ctx, t)
		*dst = v
		return err
	})
}

// newTab opens url in a new tab of the same browser context as tab (the same storage).
func newTab(t *testing.T, tab context.Context, problems *browserProblems, url string) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(tab, chromedp.WithListener(problems.listener))
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS("body"))); err != nil {
		t.Fatalf("second tab: %v", err)
	}
	return ctx
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// widgetConversation reads the widget's conversation id from the tab's storage.
func widgetConversation(t *testing.T, tab context.Context) string {
	t.Helper()
	var id string
	widgetDo(t, tab, "read the conversation id", inspEval(`(() => {
		const k = Object.keys(localStorage).find(k => k.startsWith("parley.widget:") && k.endsWith(":shop"));
		return k ? JSON.parse(localStorage.getItem(k)).conversation_id : "";
	})()`, &id))
	return id
}

// turnsOf counts the stored turns of a shop conversation, read with the API token.
func turnsOf(t *testing.T, base, conversation string) int {
	t.Helper()
	code, b, _ := send(t, "GET", base+"/v1/bots/shop/conversations/"+conversation+"/history", "", bearer(adminToken))
	var h struct {
		Events []struct {
			Type string `json:"type"`
		} `json:"events"`
	}
	if code != 200 || json.Unmarshal(b, &h) != nil {
		t.Fatalf("history: %d %s", code, b)
	}
	n := 0
	for _, e := range h.Events {
		if e.Type == "turn" {
			n++
		}
	}
	return n
}

// waitTurns waits until the conversation has n stored turns.
func waitTurns(t *testing.T, base, conversation string, n int) {
	t.Helper()
	for range 200 {
		if turnsOf(t, base, conversation) >= n {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the conversation never reached %d turns", n)
}

// pausedModel is a fake model that writes chunks and waits after the first until
// release is closed, so a test sees the reply streaming before it ends.
func pausedModel(t *testing.T, chunks ...string) (fake *llmtest.Server, release chan struct{}) {
	release = make(chan struct{})
	return pausedModelEach(t, []chan struct{}{release}, chunks...), release
}

// pausedModelEach is pausedModel with a release for each request: request n
// waits for releases[n-1] (the last one for the requests after).
func pausedModelEach(t *testing.T, releases []chan struct{}, chunks ...string) *llmtest.Server {
	fake := llmtest.New("m", func(n int, _ llmtest.Request) llmtest.Reply {
		release := releases[min(n, len(releases))-1]
		return llmtest.Reply{Chunks: chunks, Pace: func(ctx context.Context, i int) error {
			if i == 1 {
				select {
				case <-release:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			return nil
		}}
	})
	t.Cleanup(fake.Close)
	return fake
}

// modelShopConfig is the configuration of a shop whose card lead-in the fake
// model writes, with the widget for host's page.
func modelShopConfig(t *testing.T, fake *llmtest.Server, host *httptest.Server) string {
	t.Setenv("TEST_WIDGET_KEY", testWidgetKey)
	return configFile(t, "llm:\n  base_url: "+fake.BaseURL()+"\n  model: m\n  timeout: 30s\n  max_retries: -1\n"+
		"widget: {key: \"${TEST_WIDGET_KEY}\"}\nbots:\n"+
		"  - {name: shop, engine: shop, shop: {generate: [intro]}, widget: {origins: [\""+host.URL+"\"]}}\n")
}

// TestWidgetStreamsAModelsReply: a shop whose card lead-in is written by a model
// (generate: [intro]) streams it into the widget as the model writes it
// (reply_delta), with the typing indicator on, and the final reply replaces the
// streamed one once the turn is answered.
func TestWidgetStreamsAModelsReply(t *testing.T) {
	fake, release := pausedModel(t, "Have a look", " at these", " hoodies:")
	var parleyURL string
	host := hostPage(t, &parleyURL)
	cfg := modelShopConfig(t, fake, host)
	parleyURL, _ = testServer(t, "-config", cfg)
	dir := widgetArtifacts(t)
	tab := browserTab(t)

	widgetDo(t, tab, "the model's first words appear while it writes",
		firstMessage(host.URL+"/", "show me hoodies"),
		inspUntil(inWidget(`li.streaming[aria-busy="true"] .bubble`)+`[0]?.textContent === "Have a look"`),
		inspUntil(`!`+shadow+`.querySelector(".typing").hidden`),
		inspShot(dir, "streaming"),
	)
	close(release)
	widgetDo(t, tab, "the answer replaces the streamed text",
		inspUntil(inWidget(`li.streaming`)+`.length === 0`),
		inspUntil(inWidget(`li.bot[data-reply="a-1-1"] .bubble`)+`[0]?.textContent === "Have a look at these hoodies:"`),
		inspUntil(inWidget(`li.bot[data-reply="a-1-1"]`)+`.length === 1`),
		inspUntil(inWidget(".card")+`.length > 0`),
		inspUntil(shadow+`.querySelector(".typing").hidden`),
		inspShot(dir, "streamed"),
	)
}

// TestWidgetStreamsAFlowsModelReply: a flows bot whose question is written by a
// model (the booking demo's collect_origin, generate: true) streams it into the
// widget, and the turn's answer replaces the streamed bubble in place: the
// reply_delta events and the answer name the same reply id, so the conversation
// shows one bubble for it, never the streamed one and the final one below it.
func TestWidgetStreamsAFlowsModelReply(t *testing.T) {
	fake, release := pausedModel(t, "Where", " are you", " flying from?")
	var parleyURL string
	host := hostPageOf(t, &parleyURL, "booking")
	t.Setenv("TEST_WIDGET_KEY", testWidgetKey)
	flowsFile, err := filepath.Abs("../../flows/demo/booking.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg := configFile(t, "llm:\n  base_url: "+fake.BaseURL()+"\n  model: m\n  timeout: 30s\n  max_retries: -1\n"+
		"widget: {key: \"${TEST_WIDGET_KEY}\"}\nbots:\n"+
		"  - {name: booking, engine: flows, flows: "+jsString(flowsFile)+", widget: {origins: [\""+host.URL+"\"]}}\n")
	parleyURL, _ = testServer(t, "-config", cfg)
	dir := widgetArtifacts(t)
	tab := browserTab(t)

	var streamed string
	widgetDo(t, tab, "the model's first words appear while it writes",
		firstMessage(host.URL+"/", "I want to book a flight"),
		inspUntil(inWidget(`li.streaming[aria-busy="true"] .bubble`)+`[0]?.textContent === "Where"`),
		evalAwait(`Promise.resolve(`+inWidget(`li.streaming`)+`[0].dataset.reply)`, &streamed),
		inspShot(dir, "flows-streaming"),
	)
	if streamed == "" {
		t.Fatal("the streamed bubble names no reply")
	}
	close(release)
	one := inWidget(`li.bot[data-reply=` + jsString(streamed) + `]`)
	widgetDo(t, tab, "the answer replaces the streamed bubble in place",
		inspUntil(inWidget(`li.streaming`)+`.length === 0`),
		inspUntil(one+`[0]?.querySelector(".bubble")?.textContent === "Where are you flying from?"`),
		inspUntil(one+`.length === 1`),
		inspUntil(inWidget(`li.bot`)+`.length === 1`),
		inspUntil(shadow+`.querySelector(".typing").hidden`),
		inspShot(dir, "flows-streamed"),
	)
}

// TestWidgetRenewsARefusedStreamToken: when the event stream's request is refused
// (401, as for a token that expired while the tab slept), the widget renews its
// session's token and follows the stream again with the new one, in the same
// conversation: a turn taken elsewhere reaches it live.
func TestWidgetRenewsARefusedStreamToken(t *testing.T) {
	host, base, front := shopBehindFlakyFront(t)
	tab := browserTab(t)

	widgetDo(t, tab, "a conversation",
		firstMessage(host.URL+"/", "show me hoodies"),
		inspUntil(inWidget(".card")+`.length > 0`),
	)
	conversation := widgetConversation(t, tab)
	if n := front.renewals.Load(); n != 0 {
		t.Fatalf("%d renewals before the stream was refused", n)
	}
	// The stream drops, and its next request is refused.
	front.refuseStream.Store(true)
	front.drop()
	front.restore()
	for deadline := time.Now().Add(20 * time.Second); front.renewals.Load() == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the widget did not renew its token after the stream refused it")
		}
	}
	if front.refuseStream.Load() {
		t.Fatal("renewed before the stream was refused")
	}
	if code, b, _ := send(t, "POST", base+"/v1/bots/shop/conversations/"+conversation+"/messages",
		`{"id":"elsewhere-1","text":"show me t-shirts"}`, bearer(adminToken)); code != 200 {
		t.Fatalf("a turn taken elsewhere: %d %s", code, b)
	}
	widgetDo(t, tab, "the stream, followed with the renewed token, brings the turn",
		inspUntil(userBubbles+` === "show me hoodies|show me t-shirts"`),
		inspUntil(shadow+`.querySelector(".notice").textContent === ""`),
	)
	if again := widgetConversation(t, tab); again != conversation {
		t.Errorf("conversation %q after the renewal, was %q", again, conversation)
	}
}

// TestWidgetDropsWordsAfterTheAnswer: the answer to a message comes on the
// message's own request and a model's words on the event stream, so on a slow
// stream the last words can reach the page after the answer was drawn. They are
// dropped then: the conversation shows the answer once, never a second,
// never-ending bubble of late words under it.
func TestWidgetDropsWordsAfterTheAnswer(t *testing.T) {
	releases := []chan struct{}{make(chan struct{}), make(chan struct{})}
	fake := pausedModelEach(t, releases, "Have a look", " at these", " picks:")
	var parleyURL string
	host := hostPage(t, &parleyURL)
	cfg := modelShopConfig(t, fake, host)
	base, _ := testServer(t, "-config", cfg)
	// The second reply's model call waits on releases[1]: release it before
	// the server stops (cleanups run last first), or shutdown waits for the
	// model's 30 s timeout and races testServer's 30 s stop deadline.
	t.Cleanup(func() { close(releases[1]) })
	front := newLaggingFront(t, base)
	parleyURL = front.srv.URL
	tab := browserTab(t)

	widgetDo(t, tab, "the model's first words appear while it writes",
		firstMessage(host.URL+"/", "show me hoodies"),
		inspUntil(inWidget(`li.streaming[data-reply="a-1-1"] .bubble`)+`[0]?.textContent === "Have a look"`),
	)
	close(releases[0])
	widgetDo(t, tab, "the answer is drawn while the stream holds back the last words",
		inspUntil(inWidget(`li.bot:not(.streaming)[data-reply="a-1-1"] .bubble`)+`[0]?.textContent === "Have a look at these picks:"`),
	)
	close(front.late)
	widgetDo(t, tab, "the late words are dropped",
		chromedp.KeyEvent("show me beanies"+kb.Enter),
		// The next reply's first words come on the stream after the late ones.
		inspUntil(inWidget(`li.streaming[data-reply="a-2-1"] .bubble`)+`[0]?.textContent === "Have a look"`),
		inspUntil(inWidget(`li.streaming[data-reply="a-1-1"]`)+`.length === 0`),
		inspUntil(inWidget(`li.bot[data-reply="a-1-1"]`)+`.length === 1`),
		inspUntil(inWidget(`li.bot[data-reply="a-1-1"] .bubble`)+`[0]?.textContent === "Have a look at these picks:"`),
	)
}

// laggingFront is Parley's front (a reverse proxy) whose event stream lags: once a
// model's first words have passed, it holds the stream back until late is closed.
type laggingFront struct {
	srv   *httptest.Server
	proxy *httputil.ReverseProxy
	late  chan struct{}
}

func newLaggingFront(t *testing.T, target string) *laggingFront {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	f := &laggingFront{proxy: httputil.NewSingleHostReverseProxy(u), late: make(chan struct{})}
	f.proxy.FlushInterval = -1 // stream SSE through
	f.proxy.ErrorLog = log.New(io.Discard, "", 0)
	f.srv = httptest.NewServer(f)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *laggingFront) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/events") {
		w = &laggingStream{ResponseWriter: w, late: f.late, ctx: r.Context()}
	}
	f.proxy.ServeHTTP(w, r)
}

// laggingStream passes an event stream through, holding back every write after
// the one with the first reply_delta event until late is closed.
type laggingStream struct {
	http.ResponseWriter
	late   <-chan struct{}
	ctx    context.Context
	deltas bool
}

func (s *laggingStream) Write(p []byte) (int, error) {
	if s.deltas {
		select {
		case <-s.late:
		case <-s.ctx.Done():
			return 0, s.ctx.Err()
		}
	}
	s.deltas = s.deltas || strings.Contains(string(p), `"reply_delta"`)
	return s.ResponseWriter.Write(p)
}

func (s *laggingStream) Flush() { http.NewResponseController(s.ResponseWriter).Flush() }
