// Package encodertest fills a stored type's every field for the tests of its
// hand-written JSON encoders: a value with no zero field, compared with what
// encoding/json writes of it (or read back through the decoder), fails the test the
// day a field is added to the type and not to its encoder, whatever the field's
// type or place.
package encodertest

import (
	"encoding/json"
	"reflect"
	"time"
)

// At is the time every time.Time field is filled with.
var At = time.Date(2026, 12, 2, 9, 30, 15, 250_000_000, time.UTC)

// Fill returns a T whose every exported field, at every depth, holds a value that
// is not its zero value: strings hold their field's name and characters encoders
// escape, numbers 7 or 7.5, booleans true, pointers a filled value, slices and maps
// one filled element (the key "k"), an interface the string "v", json.RawMessage
// the JSON in raw (by the field's name; `{"k":"v"}` when not given).
func Fill[T any](raw map[string]string) T {
	var v T
	fillValue(reflect.ValueOf(&v).Elem(), "", raw, 0)
	return v
}

// maxDepth stops a type that holds itself (through a pointer or a slice).
const maxDepth = 8

var (
	rawType  = reflect.TypeFor[json.RawMessage]()
	timeType = reflect.TypeFor[time.Time]()
)

func fillValue(v reflect.Value, name string, raw map[string]string, depth int) {
	if depth > maxDepth {
		return
	}
	switch {
	case v.Type() == rawType:
		text, ok := raw[name]
		if !ok {
			text = `{"k":"v"}`
		}
		v.SetBytes([]byte(text))
		return
	case v.Type() == timeType:
		v.Set(reflect.ValueOf(At))
		return
	}
	fillKind(v, name, raw, depth)
}

func fillKind(v reflect.Value, name string, raw map[string]string, depth int) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(name + " <&> é")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(7)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(7)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(7.5)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Interface:
		v.Set(reflect.ValueOf("v"))
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fillValue(p.Elem(), name, raw, depth+1)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fillValue(s.Index(0), name, raw, depth+1)
		v.Set(s)
	case reflect.Map:
		fillMap(v, name, raw, depth)
	case reflect.Struct:
		fillStruct(v, raw, depth)
	}
}

func fillMap(v reflect.Value, name string, raw map[string]string, depth int) {
	m := reflect.MakeMap(v.Type())
	key := reflect.New(v.Type().Key()).Elem()
	fillValue(key, "k", raw, depth+1)
	elem := reflect.New(v.Type().Elem()).Elem()
	fillValue(elem, name, raw, depth+1)
	m.SetMapIndex(key, elem)
	v.Set(m)
}

func fillStruct(v reflect.Value, raw map[string]string, depth int) {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Tag.Get("json") == "-" {
			continue
		}
		fillValue(v.Field(i), f.Name, raw, depth+1)
	}
}

// Zero lists the exported fields of v (a struct, at every depth through pointers,
// slices and maps) that hold their zero value: what a test reports when Fill could
// not fill one, so that a filled value is known to be whole.
func Zero(v any) []string {
	var out []string
	zeroFields(reflect.ValueOf(v), reflect.TypeOf(v).String(), &out, 0)
	return out
}

func zeroFields(v reflect.Value, path string, out *[]string, depth int) {
	if depth > maxDepth || v.Type() == timeType || v.Type() == rawType {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			zeroFields(v.Elem(), path, out, depth+1)
		}
	case reflect.Slice:
		for i := range v.Len() {
			zeroFields(v.Index(i), path+"[]", out, depth+1)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() || f.Tag.Get("json") == "-" {
				continue
			}
			if v.Field(i).IsZero() {
				*out = append(*out, path+"."+f.Name)
				continue
			}
			zeroFields(v.Field(i), path+"."+f.Name, out, depth+1)
		}
	}
}
