package cli

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/app/server"
	"github.com/errand-app/errand/app/ui"
)

// serveShutdown bounds how long a stopping server waits for requests in flight; the
// running task was cancelled first, so they answer quickly.
const serveShutdown = 10 * time.Second

// serveCmd is `errand serve [--addr 127.0.0.1:7480]`: the HTTP API on loopback
// (docs/decisions.md D-35), behind a bearer token from ERRAND_TOKEN or generated into the data
// directory, and the desktop window's UI for a normal browser at the address it prints.
func serveCmd(ctx context.Context, args []string, env Env) int {
	fs := flagSet("errand serve", env)
	var c common
	c.register(fs)
	addr := fs.String("addr", "127.0.0.1:7480", "listen address; loopback only")
	pos, err := parse(fs, args)
	if err != nil {
		return ExitUsage
	}
	if len(pos) != 0 {
		fmt.Fprintf(env.Stderr, "errand serve: unexpected argument %q\n", pos[0])
		return ExitUsage
	}
	if err := server.CheckLoopback(*addr); err != nil {
		fmt.Fprintf(env.Stderr, "errand serve: %v\n", err)
		return ExitUsage
	}
	cfg := app.FromEnv(env.Getenv)
	if c.dataDir != "" {
		cfg.DataDir = c.dataDir
	}
	dir, err := app.ResolveDataDir(cfg, env.Getenv)
	if err != nil {
		fmt.Fprintf(env.Stderr, "errand serve: %v\n", err)
		return ExitFailed
	}
	token, where := env.Getenv("ERRAND_TOKEN"), "ERRAND_TOKEN"
	if token == "" {
		if token, where, err = server.TokenFile(dir); err != nil {
			fmt.Fprintf(env.Stderr, "errand serve: %v\n", err)
			return ExitFailed
		}
	}
	svc, ok := c.service(ctx, env, "errand serve")
	if !ok {
		return ExitFailed
	}
	defer svc.Close()
	level := slog.LevelWarn
	if c.verbose {
		level = slog.LevelDebug
	}
	logger := slog.New(slog.NewTextHandler(env.Stderr, &slog.HandlerOptions{Level: level}))

	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", *addr)
	if err != nil {
		fmt.Fprintf(env.Stderr, "errand serve: listen on %s: %v\n", *addr, err)
		return ExitFailed
	}
	assets, built, err := ui.Assets()
	if err != nil {
		fmt.Fprintf(env.Stderr, "errand serve: %v\n", err)
		return ExitFailed
	}
	if !built {
		fmt.Fprintln(env.Stderr, "errand serve: the interface was not built into this binary (make frontend); the page says so")
	}
	hub := server.NewHub()
	bridge := ui.New(ctx, svc, ui.Options{Emit: hub.Emit, Version: app.Version, Clock: env.Clock})
	defer func() {
		// The task was cancelled with the server; this waits for its goroutine.
		if err := ui.Close(context.WithoutCancel(ctx), bridge); err != nil {
			fmt.Fprintf(env.Stderr, "errand serve: %v\n", err)
		}
	}()
	srv := server.New(svc, server.Config{Token: token, Clock: env.Clock, Logger: logger,
		UI: &server.UI{Bridge: bridge, Events: hub, Assets: assets}})
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn)}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	fmt.Fprintf(env.Stdout, "errand serve: listening on http://%s — token in %s\n", ln.Addr(), where)
	fmt.Fprintf(env.Stdout, "errand serve: open http://%s/?token=%s in a browser for the app\n", ln.Addr(), token)

	code := ExitOK
	select {
	case <-ctx.Done():
	case err := <-served:
		fmt.Fprintf(env.Stderr, "errand serve: %v\n", err)
		served <- err // the wait below reads it again
		code = ExitFailed
	}
	// Cancel the task first, so requests waiting on it answer and Shutdown is quick; the
	// task stays resumable where it stopped.
	if err := srv.Close(); err != nil {
		fmt.Fprintf(env.Stderr, "errand serve: %v\n", err)
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), serveShutdown)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		fmt.Fprintf(env.Stderr, "errand serve: shut down: %v\n", errors.Join(err, hs.Close()))
		code = ExitFailed
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) && code == ExitOK {
		fmt.Fprintf(env.Stderr, "errand serve: %v\n", err)
		code = ExitFailed
	}
	return code
}
