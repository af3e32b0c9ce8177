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
		oid := oids[i]
		switch v := v.(type) {
		case string:
			if oid == pgtype.TextOID || oid == pgtype.VarcharOID {
				values[i] = unsafeBytes(v)
				continue
			}
		case *string:
			if oid == pgtype.TextOID || oid == pgtype.VarcharOID {
				if v != nil {
					values[i] = unsafeBytes(*v)
				}
				continue
			}
		case []byte:
			if oid == pgtype.JSONOID || oid == pgtype.ByteaOID {
				values[i] = v
				continue
			}
		case json.RawMessage:
			if oid == pgtype.JSONOID || oid == pgtype.ByteaOID {
				values[i] = v
				continue
			}
		case int64:
			switch oid {
			case pgtype.Int8OID:
				values[i] = binary.BigEndian.AppendUint64(fixed[i*8:i*8], uint64(v))
				continue
			}
		case int16:
			if oid == pgtype.Int2OID {
				values[i] = binary.BigEndian.AppendUint16(fixed[i*8:i*8], uint16(v))
				continue
			}
		case time.Time:
			if oid == pgtype.TimestamptzOID {
				values[i] = appendTimestamptz(fixed[i*8:i*8], v)
				continue
			}
		case *time.Time:
			if oid == pgtype.TimestamptzOID {
				if v != nil {
					values[i] = appendTimestamptz(fixed[i*8:i*8], *v)
				}
				continue
			}
		}
		// Whatever else: the type map's binary encoding, as pgx would send it.
		b, err := m.Encode(oid, pgtype.BinaryFormatCode, v, nil)
		if err != nil {
			return nil, fmt.Errorf("postgres: commit parameter $%d: %w", i+1, err)
		}
		values[i] = b
	}
	return values, nil
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
