package demo

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func get(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

func TestStartServesAndCloses(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	srv, err := Start(ctx, "", Options{SaveDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(srv.URL(), "http://127.0.0.1:") {
		t.Errorf("URL() = %q", srv.URL())
	}
	resp, err := get(ctx, srv.URL()+"/patients")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "Maria Lopez") {
		t.Fatalf("GET /patients: %d", resp.StatusCode)
	}
	// The embedded Site is reachable through the Server.
	if srv.Visits("/patients") != 1 || len(srv.Patients()) != 2 {
		t.Errorf("Visits = %d, patients = %d", srv.Visits("/patients"), len(srv.Patients()))
	}

	if err := srv.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := srv.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if _, err := get(ctx, srv.URL()+"/"); err == nil {
		t.Fatal("server still answers after Close")
	}
}

func TestStartStopsWhenContextDone(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	srv, err := Start(ctx, "127.0.0.1:0", Options{})
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	// Close waits for the shutdown that cancel started.
	if err := srv.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := get(t.Context(), srv.URL()+"/"); err == nil {
		t.Fatal("server still answers after ctx was cancelled")
	}
}

func TestStartAddressInUse(t *testing.T) {
	srv, err := Start(t.Context(), "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL(), "http://")
	if _, err := Start(t.Context(), addr, Options{}); err == nil || !strings.Contains(err.Error(), "listen on "+addr) {
		t.Fatalf("Start on a busy address: err = %v", err)
	}
}
