package postgres

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"
	"unsafe"

	"github.com/jackc/pgx/v5/pgtype"
)

// The commit statement's parameters and its result row go over the wire without
// pgx's generic encoding (ExtendedQueryBuilder: a plan lookup and an interface
// conversion per argument, a scan plan per column): the commit's own values have
// few Go types, each sent in PostgreSQL's binary format as pgx would send it;
// anything else (the outbox's arrays, the seqs' arrays) goes through the
// connection's type map as before.

// microsecFromUnixEpochToY2K is PostgreSQL's timestamp epoch, 2000-01-01 UTC, in
// microseconds since the Unix epoch.
const microsecFromUnixEpochToY2K = 946684800 * 1000000

// binaryFormats is the format code of every commit parameter and result column:
// binary.
var binaryFormats = func() (f [numCommitParams]int16) {
	for i := range f {
		f[i] = pgtype.BinaryFormatCode
	}
	return f
}()

// wireParams encodes args, the statement's parameters in order, for the parameter
// types oids the server gave at prepare. Strings, JSON and bytea are sent as they
// are (the binary format of text, json and bytea is the bytes themselves); nil
// pointers and nil byte slices are NULL.
func wireParams(m *pgtype.Map, oids []uint32, args []any) ([][]byte, error) {
	if len(oids) != len(args) {
		return nil, fmt.Errorf("postgres: the commit statement takes %d parameters, %d given", len(oids), len(args))
	}
	// One buffer for the fixed-size values; slices of it are taken once it is full.
	var fixed [numCommitParams * 8]byte
	values := make([][]byte, len(args))
	for i, v := range args {
		if b, ok := bytesParam(oids[i], v); ok {
			values[i] = b
			continue
		}
		if b, ok := fixedParam(oids[i], v, fixed[i*8:i*8]); ok {
			values[i] = b
			continue
		}
		// Whatever else: the type map's binary encoding, as pgx would send it.
		b, err := m.Encode(oids[i], pgtype.BinaryFormatCode, v, nil)
		if err != nil {
			return nil, fmt.Errorf("postgres: commit parameter $%d: %w", i+1, err)
		}
		values[i] = b
	}
	return values, nil
}

// bytesParam is a string parameter of a text type, or bytes of a json or bytea one,
// as its bytes (nil for a nil pointer or slice: NULL); ok is false for anything else.
func bytesParam(oid uint32, v any) (b []byte, ok bool) {
	text := oid == pgtype.TextOID || oid == pgtype.VarcharOID
	raw := oid == pgtype.JSONOID || oid == pgtype.ByteaOID
	switch v := v.(type) {
	case string:
		return unsafeBytes(v), text
	case *string:
		if v == nil {
			return nil, text
		}
		return unsafeBytes(*v), text
	case []byte:
		return v, raw
	case json.RawMessage:
		return v, raw
	}
	return nil, false
}

// fixedParam is an int8, int2 or timestamptz parameter in its binary form, appended
// to dst (nil for a nil time: NULL); ok is false for anything else, and whatever it
// appended then is not used.
func fixedParam(oid uint32, v any, dst []byte) (b []byte, ok bool) {
	switch v := v.(type) {
	case int64:
		return binary.BigEndian.AppendUint64(dst, uint64(v)), oid == pgtype.Int8OID
	case int16:
		return binary.BigEndian.AppendUint16(dst, uint16(v)), oid == pgtype.Int2OID
	case time.Time:
		return appendTimestamptz(dst, v), oid == pgtype.TimestamptzOID
	case *time.Time:
		if v == nil {
			return nil, oid == pgtype.TimestamptzOID
		}
		return appendTimestamptz(dst, *v), oid == pgtype.TimestamptzOID
	}
	return nil, false
}

// unsafeBytes is s's bytes, not copied: the wire only reads them (Bind copies them
// into the connection's write buffer). An empty string is an empty value, not NULL.
func unsafeBytes(s string) []byte {
	if s == "" {
		return []byte{}
	}
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// appendTimestamptz appends t in timestamptz's binary format: microseconds since
// 2000-01-01 UTC (pgx's encoding, without its infinities, which a commit never sends).
func appendTimestamptz(b []byte, t time.Time) []byte {
	micro := t.Unix()*1000000 + int64(t.Nanosecond())/1000
	return binary.BigEndian.AppendUint64(b, uint64(micro-microsecFromUnixEpochToY2K))
}

// scanInt8 and scanTimestamptz decode the commit row's first columns (binary).
func scanInt8(src []byte) (int64, error) {
	if len(src) != 8 {
		return 0, fmt.Errorf("postgres: an int8 of %d bytes", len(src))
	}
	return int64(binary.BigEndian.Uint64(src)), nil
}

func scanTimestamptz(src []byte) (time.Time, error) {
	if len(src) != 8 {
		return time.Time{}, fmt.Errorf("postgres: a timestamptz of %d bytes", len(src))
	}
	micro := int64(binary.BigEndian.Uint64(src))
	return time.UnixMicro(micro + microsecFromUnixEpochToY2K).UTC(), nil
}
