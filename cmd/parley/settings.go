package main

import (
	"net/url"
	"os"
	"strings"
)

// One precedence for every setting that can come from more than one place: a flag
// wins over the environment, which wins over the configuration file, which wins over
// the default (docs/reference/configuration.md). Each resolver also says where the
// value came from, for the start-up log.

// Where a setting came from.
const (
	fromFlag    = "flag"
	fromEnv     = "environment"
	fromFile    = "file"
	fromDefault = "default"
)

// firstSet returns the first non-empty value of flag, environment variable and
// file, or def, with where it came from.
func firstSet(flagValue, envName, fileValue, def string) (value, from string) {
	switch {
	case flagValue != "":
		return flagValue, fromFlag
	case envName != "" && os.Getenv(envName) != "":
		return os.Getenv(envName), fromEnv + " " + envName
	case fileValue != "":
		return fileValue, fromFile
	}
	return def, fromDefault
}

// storeURL is the store to open: -store or -db, else $PARLEY_DATABASE_URL, else the
// file's store:, else sqlite:parley.db.
func storeURL(f storeFlags, fileStore string) (value, from string) {
	flagValue := f.store
	if flagValue == "" && f.db != "" {
		flagValue = "sqlite:" + f.db
	}
	return firstSet(flagValue, "PARLEY_DATABASE_URL", fileStore, "sqlite:parley.db")
}

// listenAddress is where serve listens: -addr, else $PARLEY_LISTEN, else the
// file's listen:, else 127.0.0.1:8080.
func listenAddress(flagValue, fileListen string) (value, from string) {
	return firstSet(flagValue, "PARLEY_LISTEN", fileListen, "127.0.0.1:8080")
}

// storeKind and storeLocation describe a store URL for the log: its kind and where
// it is, never a password (a PostgreSQL URL's password and password= parameter are
// dropped).
func storeKind(u string) string {
	switch {
	case strings.HasPrefix(u, "postgres://"), strings.HasPrefix(u, "postgresql://"):
		return "postgres"
	case strings.HasPrefix(u, "sqlite:"):
		return "sqlite"
	case u == "mem:":
		return "memory"
	}
	return "unknown"
}

func storeLocation(u string) string {
	switch storeKind(u) {
	case "sqlite":
		return strings.TrimPrefix(u, "sqlite:")
	case "memory":
		return "in memory, nothing kept"
	case "postgres":
		p, err := url.Parse(u)
		if err != nil {
			return "(unparsable URL)"
		}
		if p.User != nil {
			p.User = url.User(p.User.Username())
		}
		q := p.Query()
		if q.Has("password") {
			q.Del("password")
			p.RawQuery = q.Encode()
		}
		return p.String()
	}
	return u
}
