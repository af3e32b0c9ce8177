package shop_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/catalog"
	"github.com/parleyhq/parley/shop"
)

// cachedCatalog answers from pages recorded from the embedded catalog beforehand, so
// that a benchmark measures the engine's decision and not the catalog query.
type cachedCatalog struct {
	pages      map[string]shop.Page
	products   map[string]shop.Product
	categories []shop.Category
	known      map[string]bool
}

func (c *cachedCatalog) Categories(context.Context) ([]shop.Category, error) {
	return c.categories, nil
}

func (c *cachedCatalog) Known(_ context.Context, words []string) ([]string, error) {
	var out []string
	for _, w := range words {
		if c.known[w] {
			out = append(out, w)
		}
	}
	return out, nil
}

func pageKey(q shop.Query) string {
	return fmt.Sprint(q.Terms, q.Category, q.MinPrice, q.MaxPrice, q.Offset, q.Limit)
}

func (c *cachedCatalog) Search(_ context.Context, q shop.Query) (shop.Page, error) {
	p, ok := c.pages[pageKey(q)]
	if !ok {
		return shop.Page{}, parley.Errorf(parley.ENOTFOUND, "query not recorded: %s", pageKey(q))
	}
	return p, nil
}

func (c *cachedCatalog) Product(_ context.Context, id string) (shop.Product, error) {
	p, ok := c.products[id]
	if !ok {
		return shop.Product{}, parley.Errorf(parley.ENOTFOUND, "no product %s", id)
	}
	return p, nil
}

// recordingCatalog records the pages and products a conversation asks for.
type recordingCatalog struct {
	inner shop.Catalog
	cache *cachedCatalog
}

func (r recordingCatalog) Search(ctx context.Context, q shop.Query) (shop.Page, error) {
	p, err := r.inner.Search(ctx, q)
	if err == nil {
		r.cache.pages[pageKey(q)] = p
	}
	return p, err
}

func (r recordingCatalog) Categories(ctx context.Context) ([]shop.Category, error) {
	cats, err := r.inner.(shop.Vocabulary).Categories(ctx)
	r.cache.categories = cats
	return cats, err
}

func (r recordingCatalog) Known(ctx context.Context, words []string) ([]string, error) {
	known, err := r.inner.(shop.Vocabulary).Known(ctx, words)
	for _, w := range known {
		r.cache.known[w] = true
	}
	return known, err
}

func (r recordingCatalog) Product(ctx context.Context, id string) (shop.Product, error) {
	p, err := r.inner.Product(ctx, id)
	if err == nil {
		r.cache.products[id] = p
	}
	return p, err
}

// benchConversation is the benchmark's shop conversation: search, show_more
// twice, select, confirm.
var benchConversation = []parley.Message{
	{ID: "m1", Text: "show me clothing"},
	{ID: "m2", Text: "Show more", Meaning: "show_more"},
	{ID: "m3", Text: "Show more", Meaning: "show_more"},
	{ID: "m4", Text: "Add to cart", Meaning: "select:70"},
	{ID: "m5", Text: "wakha"},
}

func benchEngine(b *testing.B) *shop.Engine {
	cat, err := catalog.OpenEmbedded(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	defer cat.Close()
	cache := &cachedCatalog{pages: map[string]shop.Page{}, products: map[string]shop.Product{}, known: map[string]bool{}}
	rec := newEngine(b, shop.DefaultConfig(), recordingCatalog{inner: cat, cache: cache})
	runConversation(b, rec, nil)
	return newEngine(b, shop.DefaultConfig(), cache)
}

func runConversation(b *testing.B, e *shop.Engine, durations []time.Duration) []time.Duration {
	state := e.NewState(parley.ConversationKey{Bot: "shop", ID: "bench"})
	for i, m := range benchConversation {
		m.SentAt = t0.Add(time.Duration(i) * time.Second)
		start := time.Now()
		d, err := e.Decide(context.Background(), parley.Turn{Index: int64(i + 1), State: state, Message: m})
		if durations != nil {
			durations = append(durations, time.Since(start))
		}
		if err != nil {
			b.Fatal(err)
		}
		state = d.State
	}
	if st := state.(*shop.State); st.Conversation.State != "idle" || len(st.ShownProductIDs) != 14 {
		b.Fatalf("the conversation ended in %s with %d products shown", st.Conversation.State, len(st.ShownProductIDs))
	}
	return durations
}

// BenchmarkConversation measures Decide over the five turns of a shop
// conversation, the catalog answering from memory. ns/op is one whole
// conversation; p50-ns/turn is the median turn.
func BenchmarkConversation(b *testing.B) {
	e := benchEngine(b)
	durations := make([]time.Duration, 0, 5*b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		durations = runConversation(b, e, durations)
	}
	b.StopTimer()
	slices.Sort(durations)
	if len(durations) > 0 {
		b.ReportMetric(float64(durations[len(durations)/2].Nanoseconds()), "p50-ns/turn")
	}
}
