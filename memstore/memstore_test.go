package memstore_test

import (
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/memstore"
	"github.com/parleyhq/parley/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) parley.Store { return memstore.New() })
}

func TestListConformance(t *testing.T) {
	storetest.RunList(t, func(t *testing.T) storetest.Lister { return memstore.New() })
}
