package strictyaml

import "testing"

func TestDecodeRefusesUnknownKeysWithTheirPosition(t *testing.T) {
	var v struct {
		Name string `yaml:"name"`
	}
	if err := Decode([]byte("name: a\n"), &v); err != nil || v.Name != "a" {
		t.Fatalf("Decode = %v, %+v", err, v)
	}
	err := Decode([]byte("name: a\nnmae: b\n"), &v)
	if err == nil {
		t.Fatal("an unknown key decoded")
	}
	if got := Position(err); got[:4] != "2:1:" {
		t.Errorf("Position = %q, want it to start with 2:1:", got)
	}
}
