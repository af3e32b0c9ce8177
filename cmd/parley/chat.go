package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/mattn/go-isatty"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/scenario"
)

const chatSynopsis = "[-config FILE] [-db PATH | -store URL] [-server URL [-token T]] [-conversation ID] BOT"

const chatHelp = `commands:
  a number    click that card action or quick reply of the last answer
  /say TEXT   send TEXT as it is (a number too)
  /state      print the conversation's engine state, lifecycle and version
  /reset      start the engine state over (the event log keeps the history)
  /new        start a new conversation
  /help       this list
  /quit       leave (so does end of input)
`

// chatTarget is where `parley chat` sends its turns: the runtime in process or a
// server's HTTP API.
type chatTarget interface {
	Turn(ctx context.Context, key parley.ConversationKey, msg parley.Message) ([]byte, error)
	Control(ctx context.Context, key parley.ConversationKey, kind, reason string) ([]byte, error)
	Conversation(ctx context.Context, key parley.ConversationKey) ([]byte, error)
}

// runChat is `parley chat BOT`: a conversation with one bot in the terminal, in
// process (the demo bots or -config, on a store that keeps nothing unless -db or
// -store names one) or against a running server (-server, -token). It reads lines
// from standard input; when that is not a terminal it echoes them, so that a
// scripted chat prints a readable transcript, and exits 1 if any line failed.
func runChat(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("chat", stderr, chatSynopsis)
	configPath := app.ConfigFlag(fs)
	serverURL := fs.String("server", "", "chat with a running server instead of in process")
	token := fs.String("token", os.Getenv("PARLEY_API_TOKEN"), "bearer token for -server (default $PARLEY_API_TOKEN); /reset needs the admin scope")
	convID := fs.String("conversation", "", "conversation id (default a new one); with -db, -store or -server an existing one continues")
	var sf storeFlags
	sf.register(fs)
	rest, err := parseArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	c := &chat{key: parley.ConversationKey{Bot: rest[0], ID: *convID}, out: &lockedWriter{w: stdout}}
	if c.key.ID == "" {
		c.key.ID = newChatID("chat-")
	}
	if *serverURL != "" {
		c.target = &scenario.Remote{BaseURL: *serverURL, Token: *token}
		c.where = *serverURL
		c.events = remoteEvents(*serverURL, *token)
	} else {
		target, closeTarget, err := localChat(ctx, *configPath, sf, c.key.Bot, stderr)
		if err != nil {
			return err
		}
		defer closeTarget()
		c.target, c.where = target, "in process"
		c.events = target.(*scenario.Local).Store.Events
	}
	defer c.unfollowNow()
	return c.run(ctx, stdin)
}

// localChat builds the bots of the config in process over the store the flags name,
// an in-memory one by default.
func localChat(ctx context.Context, configPath string, sf storeFlags, bot string, stderr io.Writer) (chatTarget, func(), error) {
	cfg, err := app.ResolveConfig(configPath)
	if err != nil {
		return nil, nil, err
	}
	if sf.db == "" && sf.store == "" {
		sf.store = "mem:"
	}
	store, err := openStore(ctx, sf, cfg.Store)
	if err != nil {
		return nil, nil, err
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv, err := app.NewServer(ctx, cfg, store, logger, app.Security{})
	if err != nil {
		store.Close()
		return nil, nil, err
	}
	srv.Start(ctx)
	if _, err := srv.Runtime.Bot(bot); err != nil {
		srv.Close()
		store.Close()
		return nil, nil, err
	}
	return &scenario.Local{Runtime: srv.Runtime, Store: store}, func() {
		srv.Close()
		store.Close()
	}, nil
}

// chat is one terminal conversation.
type chat struct {
	target chatTarget
	key    parley.ConversationKey
	where  string
	out    io.Writer
	// choices are the card actions and quick replies of the last answer, numbered
	// from 1 in the order they were printed.
	choices []parley.Option
	failed  bool
	// events reads the conversation's stored events, which the chat follows for the
	// messages people write into it (agent messages, chatpeople.go).
	events   eventReader
	unfollow context.CancelFunc
	followed string
}

func (c *chat) run(ctx context.Context, stdin io.Reader) error {
	tty := isTerminal(stdin)
	fmt.Fprintf(c.out, "parley chat: bot %s, conversation %s (%s). /help lists the commands.\n", c.key.Bot, c.key.ID, c.where)
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for {
		line, ok := c.next(sc, tty)
		if !ok || !c.line(ctx, line) {
			break
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	if err := sc.Err(); err != nil {
		return parley.WrapError(parley.EINVALID, err, "read standard input")
	}
	if c.failed && !tty {
		return exitError(1)
	}
	return nil
}

// next reads the next line that is not blank: prompted on a terminal, echoed
// when standard input is a script. ok is false at the end of the input.
func (c *chat) next(sc *bufio.Scanner, tty bool) (line string, ok bool) {
	for {
		if tty {
			fmt.Fprint(c.out, "you> ")
		}
		if !sc.Scan() {
			return "", false
		}
		if line = strings.TrimSpace(sc.Text()); line != "" {
			break
		}
	}
	if !tty {
		fmt.Fprintf(c.out, "you> %s\n", line)
	}
	return line, true
}

// line acts on one line the user typed; false ends the chat.
func (c *chat) line(ctx context.Context, line string) bool {
	cmd, arg, _ := strings.Cut(line, " ")
	switch cmd {
	case "/quit", "/exit":
		return false
	case "/help":
		fmt.Fprint(c.out, chatHelp)
	case "/state":
		c.state(ctx)
	case "/reset":
		c.reset(ctx)
	case "/new":
		c.key.ID = newChatID("chat-")
		c.choices = nil
		fmt.Fprintf(c.out, "-- new conversation %s\n", c.key.ID)
	case "/say":
		c.send(ctx, parley.Message{Text: strings.TrimSpace(arg)})
	default:
		if strings.HasPrefix(cmd, "/") {
			c.fail(parley.Errorf(parley.EINVALID, "unknown command %s (/help lists them)", cmd))
			return true
		}
		c.send(ctx, c.message(line))
	}
	return true
}

// message is what a typed line sends: the numbered choice's meaning (a click) when
// the line is one of the numbers shown, else the line as text.
func (c *chat) message(line string) parley.Message {
	if n, err := strconv.Atoi(line); err == nil && n >= 1 && n <= len(c.choices) {
		o := c.choices[n-1]
		return parley.Message{Text: o.Title, Meaning: o.Meaning}
	}
	return parley.Message{Text: line}
}

func (c *chat) send(ctx context.Context, msg parley.Message) {
	if strings.TrimSpace(msg.Text) == "" && msg.Meaning == "" {
		c.fail(parley.Errorf(parley.EINVALID, "nothing to send"))
		return
	}
	msg.ID = newChatID("m-")
	body, err := c.target.Turn(ctx, c.key, msg)
	if err != nil {
		c.fail(err)
		return
	}
	// Follow first: the seq it starts after is read before the answer is printed, so
	// a person who answers as soon as "handed off" shows is never before it.
	c.follow(ctx)
	c.printAnswer(body)
}

// printAnswer prints a turn's answer: its replies, and the handoff when the turn
// handed the conversation to a person.
func (c *chat) printAnswer(body []byte) {
	var res struct {
		Replies   []parley.Reply   `json:"replies"`
		Lifecycle parley.Lifecycle `json:"lifecycle"`
		Events    []string         `json:"events"`
	}
	if err := json.Unmarshal(body, &res); err != nil {
		c.fail(parley.WrapError(parley.EINTERNAL, err, "read the answer"))
		return
	}
	c.choices = nil
	for _, r := range res.Replies {
		c.printReply(r)
	}
	for _, e := range res.Events {
		if e == string(parley.EventHandoff) {
			fmt.Fprintln(c.out, "-- handed off: a person will answer here")
		}
	}
}

// printReply prints one reply: its text, its cards as a list (a card with one action
// numbered, so that its number clicks it; a card with several, each action numbered)
// and its quick replies numbered.
func (c *chat) printReply(r parley.Reply) {
	if r.Text != "" {
		fmt.Fprintf(c.out, "bot> %s\n", indentLines(r.Text, "     "))
	} else if len(r.Cards) > 0 || len(r.Options) > 0 {
		fmt.Fprintln(c.out, "bot>")
	}
	for _, card := range r.Cards {
		c.printCard(card)
	}
	for _, o := range r.Options {
		fmt.Fprintf(c.out, "     %s\n", c.choice(o))
	}
}

func (c *chat) printCard(card parley.Card) {
	title := card.Title
	if price := strings.TrimSpace(card.Price + " " + card.Currency); price != "" {
		title += " - " + price
	}
	clicks := slices.DeleteFunc(slices.Clone(card.Actions), func(a parley.Option) bool { return a.URL != "" })
	if len(clicks) == 1 {
		fmt.Fprintf(c.out, "     [%d] %s (%s)\n", c.add(clicks[0]), title, clicks[0].Title)
	} else {
		fmt.Fprintf(c.out, "     * %s\n", title)
		for _, a := range clicks {
			fmt.Fprintf(c.out, "         %s\n", c.choice(a))
		}
	}
	c.printCardLinks(card)
}

// printCardLinks prints a card's address and its link actions.
func (c *chat) printCardLinks(card parley.Card) {
	if card.URL != "" {
		fmt.Fprintf(c.out, "         %s\n", card.URL)
	}
	for _, a := range card.Actions {
		if a.URL != "" {
			fmt.Fprintf(c.out, "         %s: %s\n", a.Title, a.URL)
		}
	}
}

// choice numbers an option, or shows a link option as its address.
func (c *chat) choice(o parley.Option) string {
	if o.URL != "" {
		return o.Title + ": " + o.URL
	}
	return fmt.Sprintf("[%d] %s", c.add(o), o.Title)
}

func (c *chat) add(o parley.Option) int {
	c.choices = append(c.choices, o)
	return len(c.choices)
}

func (c *chat) state(ctx context.Context) {
	body, err := c.target.Conversation(ctx, c.key)
	if !c.ok(err, "-- no state yet: the conversation starts with its first message") {
		return
	}
	var v struct {
		State     json.RawMessage  `json:"state"`
		Lifecycle parley.Lifecycle `json:"lifecycle"`
		Version   int64            `json:"version"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		c.fail(parley.WrapError(parley.EINTERNAL, err, "read the conversation"))
		return
	}
	var pretty bytes.Buffer
	if json.Indent(&pretty, v.State, "", "  ") != nil {
		pretty.Write(v.State)
	}
	fmt.Fprintf(c.out, "-- lifecycle %s, version %d, state:\n%s\n", v.Lifecycle, v.Version, pretty.String())
}

func (c *chat) reset(ctx context.Context) {
	_, err := c.target.Control(ctx, c.key, "reset", "parley chat /reset")
	if !c.ok(err, "-- nothing to reset: the conversation has no turn yet") {
		return
	}
	c.choices = nil
	fmt.Fprintln(c.out, "-- reset: the engine state starts over")
}

// ok reports whether a call on the conversation succeeded; a conversation not
// found prints notYet, any other error fails the line.
func (c *chat) ok(err error, notYet string) bool {
	switch {
	case parley.ErrorCode(err) == parley.ENOTFOUND:
		fmt.Fprintln(c.out, notYet)
		return false
	case err != nil:
		c.fail(err)
		return false
	}
	return true
}

func (c *chat) fail(err error) {
	c.failed = true
	fmt.Fprintf(c.out, "error: %s: %s\n", parley.ErrorCode(err), errText(err))
}

// indentLines indents every line of s but the first.
func indentLines(s, indent string) string {
	return strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+indent)
}

// newChatID returns prefix and 12 random hex digits: conversation and message ids
// that a chat continued on a kept store does not reuse.
func newChatID(prefix string) string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return prefix + hex.EncodeToString(b[:])
}

// isTerminal reports whether r is a terminal (a person typing).
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}
