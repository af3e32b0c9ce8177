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
	data, flowID, err := readGatesFlow(stdout, path, *id)
	if err != nil {
		return err
	}
	var version int
	if *serverURL != "" {
		version, err = putFlowViaServer(ctx, stdout, *serverURL, *token, flowID, path, data)
	} else {
		version, err = putFlowInStore(ctx, sf, flowID, data)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "flow %s stored as version %d\n", flowID, version)
	return nil
}

// readGatesFlow reads and validates the flow file at path and returns it with its
// id: -id, else the flow's own id, else the file name without extension. A flow
// that does not validate is printed and exit status 1.
func readGatesFlow(stdout io.Writer, path, id string) ([]byte, string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, "", parley.WrapError(parley.EINVALID, err, "read flow")
	}
	flow, err := gates.ParseFlow(data, path)
	if err != nil {
		fmt.Fprintln(stdout, parley.ErrorDetail(err))
		return nil, "", exitError(1)
	}
	// The flow names itself; the file name (coach-v2.json) is only where it is kept.
	return data, cmp.Or(id, flow.ID, strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))), nil
}

// putFlowViaServer stores the flow through a running server's PUT /v1/flows/{id}
// and returns the version stored; a refusal is printed and exit status 1.
func putFlowViaServer(ctx context.Context, stdout io.Writer, serverURL, token, flowID, path string, data []byte) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, strings.TrimRight(serverURL, "/")+"/v1/flows/"+url.PathEscape(flowID), bytes.NewReader(data))
	if err != nil {
		return 0, parley.WrapError(parley.EINVALID, err, "server URL")
	}
	req.Header.Set("Content-Type", "application/json")
	if !isGatesJSON(path) {
		req.Header.Set("Content-Type", "application/yaml")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, parley.WrapError(parley.EUNAVAILABLE, err, "server unreachable")
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		fmt.Fprintf(stdout, "%s", body)
		return 0, exitError(1)
	}
	var out struct{ Version int }
	if err := json.Unmarshal(body, &out); err != nil {
		return 0, err
	}
	return out.Version, nil
}

// putFlowInStore stores the flow in the store the flags name and returns the
// version stored.
func putFlowInStore(ctx context.Context, sf storeFlags, flowID string, data []byte) (int, error) {
	store, err := openStore(ctx, sf, "")
	if err != nil {
		return 0, err
	}
	defer store.Close()
	return store.PutFlow(ctx, flowID, data)
}

// isGatesJSON tells a JSON flow file from a YAML one by its name.
func isGatesJSON(path string) bool { return strings.HasSuffix(path, ".json") }
