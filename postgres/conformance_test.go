package postgres

import (
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/storetest"
)

// TestConformance runs the Store conformance suite, each test on its own schema.
func TestConformance(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T) parley.Store {
		s, err := Open(t.Context(), testURL(), Options{Schema: freshSchema(t), MaxAttempts: 3})
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		return s
	})
}

// TestListConformance runs the ListConversations suite on its own schema.
func TestListConformance(t *testing.T) {
	t.Parallel()
	storetest.RunList(t, func(t *testing.T) storetest.Lister {
		s, err := Open(t.Context(), testURL(), Options{Schema: freshSchema(t), MaxAttempts: 3})
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		return s
	})
}
