package demo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"
)

// shutdownTimeout bounds how long Close waits for in-flight requests (a
// pending save takes SaveDelay) before cutting connections.
const shutdownTimeout = 5 * time.Second

// Server is a Site listening on a local address.
type Server struct {
	*Site

	srv    *http.Server
	url    string
	cancel context.CancelFunc
	wg     sync.WaitGroup

	// Written by the goroutines before wg.Done, read after wg.Wait.
	serveErr    error
	shutdownErr error
}

// Start serves a new Site on addr ("" = 127.0.0.1 on a free port) until ctx
// is done or Close is called.
func Start(ctx context.Context, addr string, opts Options) (*Server, error) {
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	site := New(opts)
	ctx, cancel := context.WithCancel(ctx)
	s := &Server{
		Site:   site,
		url:    "http://" + ln.Addr().String(),
		cancel: cancel,
		srv: &http.Server{
			Handler:           site.Handler(),
			ReadHeaderTimeout: 10 * time.Second,
			ErrorLog:          slog.NewLogLogger(site.log.Handler(), slog.LevelWarn),
		},
	}
	s.wg.Add(2)
	go func() {
		defer s.wg.Done()
		if err := s.srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			s.serveErr = fmt.Errorf("serve demo site: %w", err)
			cancel() // let the shutdown goroutine finish too
		}
	}()
	go func() {
		defer s.wg.Done()
		<-ctx.Done()
		// ctx is already done; shutdown gets its own deadline.
		sctx, stop := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
		defer stop()
		if err := s.srv.Shutdown(sctx); err != nil {
			s.shutdownErr = fmt.Errorf("shut down demo site: %w", errors.Join(err, s.srv.Close()))
		}
	}()
	site.log.Info("demo site listening", slog.String("url", s.url))
	return s, nil
}

// URL is the site's base URL, e.g. http://127.0.0.1:41234.
func (s *Server) URL() string { return s.url }

// Close stops the server gracefully, waiting for in-flight requests up to
// a timeout. It is safe to call more than once and after ctx is done.
func (s *Server) Close() error {
	s.cancel()
	s.wg.Wait()
	return errors.Join(s.serveErr, s.shutdownErr)
}
