package encodertest

import (
	"encoding/json"
	"testing"
	"time"
)

type inner struct {
	N    int
	Tags []string
}

type outer struct {
	Name    string
	Ptr     *inner
	List    []inner
	ByKey   map[string]inner
	Any     any
	Raw     json.RawMessage
	At      time.Time
	Skipped string `json:"-"`
	hidden  string
}

func TestFillLeavesNoFieldZero(t *testing.T) {
	v := Fill[outer](map[string]string{"Raw": `[1]`})
	if z := Zero(v); len(z) > 0 {
		t.Fatalf("zero fields: %v", z)
	}
	if string(v.Raw) != `[1]` || v.Skipped != "" || v.hidden != "" || v.ByKey["k <&> é"].N != 7 {
		t.Fatalf("filled %+v", v)
	}
	var empty outer
	if z := Zero(empty); len(z) != 7 {
		t.Fatalf("Zero of the zero value: %v, want its 7 exported fields", z)
	}
}
