package recorded

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestStreamedAnswerWireFormat: a stream: true request is answered as the servers
// stream chat completions: text/event-stream, a role chunk, one chunk per delta, a
// chunk with the finish reason, the usage chunk when asked for, and [DONE].
func TestStreamedAnswerWireFormat(t *testing.T) {
	s := NewServer("m", func(int, Request) Reply { return Reply{Content: "Where to?"} })
	base, stop, err := s.Listen()
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	body := `{"model":"m","messages":[{"role":"user","content":"Draft: Where to?"}],"temperature":0,"seed":1,"max_tokens":9,"stream":true,"stream_options":{"include_usage":true}}`
	resp, err := http.Post(base+"/chat/completions", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("%d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	type chunk struct {
		Object  string `json:"object"`
		Choices []struct {
			Delta struct {
				Role    string  `json:"role"`
				Content *string `json:"content"`
			} `json:"delta"`
			FinishReason *string `json:"finish_reason"`
		} `json:"choices"`
		Usage *struct {
			CompletionTokens int `json:"completion_tokens"`
		} `json:"usage"`
	}
	var got []string
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "data: ")
		switch {
		case !ok:
			continue
		case line == "[DONE]":
			got = append(got, "[DONE]")
			continue
		}
		var c chunk
		if err := json.Unmarshal([]byte(line), &c); err != nil || c.Object != "chat.completion.chunk" {
			t.Fatalf("chunk %s: %v", line, err)
		}
		switch {
		case c.Usage != nil && len(c.Choices) == 0:
			got = append(got, "usage")
		case c.Choices[0].FinishReason != nil:
			got = append(got, "finish:"+*c.Choices[0].FinishReason)
		case c.Choices[0].Delta.Role != "":
			got = append(got, "role:"+c.Choices[0].Delta.Role)
		default:
			got = append(got, *c.Choices[0].Delta.Content)
		}
	}
	want := []string{"role:assistant", "Where", " to?", "finish:stop", "usage", "[DONE]"}
	if diff := cmp.Diff(want, got); diff != "" || len(s.Problems()) > 0 {
		t.Fatalf("stream (-want +got):\n%s\nproblems %v", diff, s.Problems())
	}
}
