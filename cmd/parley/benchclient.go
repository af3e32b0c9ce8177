package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
)

// benchClient posts bench turns over kept-alive HTTP/1.1 connections, one request
// at a time on each, written from a template and read back by http.ReadResponse.
// It stands in for net/http's Transport, whose two goroutines per connection
// (writeLoop, readLoop) and per-request allocations cost the bench process about
// 75 µs of CPU a turn (CPU profile of parley bench http -n 5000 -concurrency 1):
// CPU on the same cores as the server under test and garbage in the same heap,
// which a real client, in its own process on its own machine, does not take from
// the server. The request is what a client sends: the same method, path, headers
// and JSON body.
type benchClient struct {
	token   string
	timeout time.Duration // per request; 0 for none
	pools   map[string]*connPool
}

// newBenchClient makes a client for the servers at bases (http://host:port);
// token, when set, goes as the bearer token of every request.
func newBenchClient(bases []string, token string, timeout time.Duration) (*benchClient, error) {
	c := &benchClient{token: token, timeout: timeout, pools: map[string]*connPool{}}
	for _, base := range bases {
		u, err := url.Parse(base)
		if err != nil || u.Scheme != "http" || u.Host == "" {
			return nil, parley.Errorf(parley.EINVALID, "bench http: server %q: want http://host:port", base)
		}
		c.pools[base] = &connPool{addr: hostPort(u), host: u.Host, idle: make(chan *benchConn, 256)}
	}
	return c, nil
}

// hostPort is u's address to dial, port 80 when it names none.
func hostPort(u *url.URL) string {
	if u.Port() == "" {
		return net.JoinHostPort(u.Hostname(), "80")
	}
	return u.Host
}

// connPool keeps the idle connections to one server.
type connPool struct {
	addr, host string
	idle       chan *benchConn
}

// benchConn is one kept-alive connection and the buffers it reuses.
type benchConn struct {
	conn net.Conn
	br   *bufio.Reader
	req  []byte
}

func (p *connPool) get(ctx context.Context) (*benchConn, error) {
	select {
	case c := <-p.idle:
		return c, nil
	default:
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", p.addr)
	if err != nil {
		return nil, err
	}
	return &benchConn{conn: conn, br: bufio.NewReader(conn)}, nil
}

// put keeps c for the next request, or closes it when the pool is full.
func (p *connPool) put(c *benchConn) {
	select {
	case p.idle <- c:
	default:
		c.conn.Close()
	}
}

// close closes the idle connections.
func (c *benchClient) close() {
	for _, p := range c.pools {
		for len(p.idle) > 0 {
			(<-p.idle).conn.Close()
		}
	}
}

// turnBody is the JSON body of a bench turn.
type turnBody struct {
	ID     string    `json:"id"`
	Text   string    `json:"text"`
	SentAt time.Time `json:"sent_at"`
}

// post sends turn body to conversation conv of the booking bot on base and reads
// the answer, an error unless it is 200.
func (c *benchClient) post(ctx context.Context, base, conv string, body turnBody) error {
	p := c.pools[base]
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	bc, err := p.get(ctx)
	if err != nil {
		return err
	}
	bc.req = c.appendRequest(bc.req[:0], p.host, conv, b)
	status, keep, err := c.roundTrip(bc)
	if err != nil || !keep {
		bc.conn.Close()
	} else {
		p.put(bc)
	}
	if err != nil {
		return err
	}
	if status != http.StatusOK {
		return fmt.Errorf("HTTP %d", status)
	}
	return nil
}

// appendRequest appends the POST .../messages request of conv with body b.
func (c *benchClient) appendRequest(dst []byte, host, conv string, b []byte) []byte {
	dst = append(dst, "POST /v1/bots/booking/conversations/"...)
	dst = append(dst, url.PathEscape(conv)...)
	dst = append(dst, "/messages HTTP/1.1\r\nHost: "...)
	dst = append(dst, host...)
	dst = append(dst, "\r\nUser-Agent: parley-bench\r\nContent-Type: application/json\r\nContent-Length: "...)
	dst = strconv.AppendInt(dst, int64(len(b)), 10)
	if c.token != "" {
		dst = append(dst, "\r\nAuthorization: Bearer "...)
		dst = append(dst, c.token...)
	}
	dst = append(dst, "\r\n\r\n"...)
	return append(dst, b...)
}

// roundTrip writes bc's request and reads the whole response: its status and
// whether the connection may carry the next request.
func (c *benchClient) roundTrip(bc *benchConn) (status int, keep bool, err error) {
	if c.timeout > 0 {
		if err := bc.conn.SetDeadline(time.Now().Add(c.timeout)); err != nil {
			return 0, false, err
		}
	}
	if _, err := bc.conn.Write(bc.req); err != nil {
		return 0, false, err
	}
	resp, err := http.ReadResponse(bc.br, nil)
	if err != nil {
		return 0, false, err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, err == nil && !resp.Close, err
}
