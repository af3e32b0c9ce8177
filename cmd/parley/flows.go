package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/gates"
)

// runFlows is `parley flows put`: it validates a gates flow and stores a new version,
// in a store or through a running server's API.
func runFlows(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "put" {
		fmt.Fprintln(stderr, "usage: parley flows put [-server URL] [-id ID] [-db PATH | -store URL] FILE")
		return exitError(2)
	}
	fset := newFlagSet("flows put", stderr, "[-server URL [-token TOKEN]] [-id ID] [-db PATH | -store URL] FILE")
	serverURL := fset.String("server", "", "store through a running server's API (PUT /v1/flows/{id})")
	token := fset.String("token", os.Getenv("PARLEY_API_TOKEN"), "bearer token (admin scope) for -server (default $PARLEY_API_TOKEN)")
	id := fset.String("id", "", "flow id (default: the flow's own id, else the file name without extension)")
	var sf storeFlags
	sf.register(fset)
	if _, err := parseArgs(fset, args[1:], 1, 1); err != nil {
		return err
	}
	path := fset.Arg(0)
	data, err := os.ReadFile(path)
	if err != nil {
		return parley.WrapError(parley.EINVALID, err, "read flow")
	}
	flow, err := gates.ParseFlow(data, path)
	if err != nil {
		fmt.Fprintln(stdout, parley.ErrorDetail(err))
		return exitError(1)
	}
	// The flow names itself; the file name (coach-v2.json) is only where it is kept.
	flowID := cmp.Or(*id, flow.ID, strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)))
	var version int
	if *serverURL != "" {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, strings.TrimRight(*serverURL, "/")+"/v1/flows/"+url.PathEscape(flowID), bytes.NewReader(data))
		if err != nil {
			return parley.WrapError(parley.EINVALID, err, "server URL")
		}
		req.Header.Set("Content-Type", "application/json")
		if !isGatesJSON(path) {
			req.Header.Set("Content-Type", "application/yaml")
		}
		if *token != "" {
			req.Header.Set("Authorization", "Bearer "+*token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return parley.WrapError(parley.EUNAVAILABLE, err, "server unreachable")
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			fmt.Fprintf(stdout, "%s", body)
			return exitError(1)
		}
		var out struct{ Version int }
		if err := json.Unmarshal(body, &out); err != nil {
			return err
		}
		version = out.Version
	} else {
		store, err := openStore(ctx, sf, "")
		if err != nil {
			return err
		}
		defer store.Close()
		if version, err = store.PutFlow(ctx, flowID, data); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "flow %s stored as version %d\n", flowID, version)
	return nil
}

// isGatesJSON tells a JSON flow file from a YAML one by its name.
func isGatesJSON(path string) bool { return strings.HasSuffix(path, ".json") }
