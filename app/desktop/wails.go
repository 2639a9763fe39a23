// Package desktop is Errand's desktop face: a Wails window showing the one UI (frontend/) over
// app/ui's Bridge, bound as window.go.ui.Bridge, with the Bridge's events sent as one window
// event. It is the only package that imports Wails.
package desktop

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	goruntime "runtime"
	"sync"
	"time"

	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
	"github.com/wailsapp/wails/v2/pkg/options/linux"
	"github.com/wailsapp/wails/v2/pkg/runtime"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/app/ui"
)

// Env is what the desktop app takes from the process.
type Env struct {
	Getenv func(string) string
	Stderr io.Writer
	// Started is when the process started, for the cold-start time the window logs once
	// it is interactive; zero logs nothing.
	Started time.Time
}

// shutdownWait bounds how long closing the window waits for a running task to notice its
// cancellation; after that the process exits anyway.
const shutdownWait = 5 * time.Second

// Main opens the Service and runs the window until it closes or ctx ends, and returns the
// process exit code. Built without the `desktop` tag, Wails refuses to start and Main
// reports that.
func Main(ctx context.Context, env Env) int {
	if env.Getenv == nil {
		env.Getenv = func(string) string { return "" }
	}
	if env.Stderr == nil {
		env.Stderr = io.Discard
	}
	log := slog.New(slog.NewTextHandler(env.Stderr, nil))
	if err := run(ctx, env, log); err != nil {
		fmt.Fprintf(env.Stderr, "errand: %v\n", err)
		return 1
	}
	return 0
}

func run(ctx context.Context, env Env, log *slog.Logger) (err error) {
	cfg := app.FromEnv(env.Getenv)
	// A person watching the desktop app should see the browser work; with no display to
	// put it on (a remote shell), it stays headless.
	cfg.Headless = !hasDisplay(goruntime.GOOS, env.Getenv)
	svc, err := app.Open(ctx, cfg, app.Options{Getenv: env.Getenv, Logger: log})
	if err != nil {
		return fmt.Errorf("open: %w", err)
	}
	defer func() {
		if cerr := svc.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("close: %w", cerr)
		}
	}()
	assets, built, err := ui.Assets()
	if err != nil {
		return err
	}
	if !built {
		log.Warn("the interface was not built into this binary; showing instructions instead")
	}
	icon, err := fs.ReadFile(files, "appicon.png")
	if err != nil {
		return fmt.Errorf("read icon: %w", err)
	}

	em := &emitter{}
	var interactive func()
	if !env.Started.IsZero() {
		interactive = func() {
			log.Info("window interactive", "coldStartMs", time.Since(env.Started).Milliseconds())
		}
	}
	b := ui.New(ctx, svc, ui.Options{Emit: em.emit, Version: app.Version, Interactive: interactive})
	var stopQuit func() bool
	err = wails.Run(&options.App{
		Title:            "Errand",
		Width:            1100,
		Height:           760,
		MinWidth:         800,
		MinHeight:        600,
		BackgroundColour: options.NewRGB(0xf7, 0xf7, 0xf5), // the light theme's page colour, so no white flash
		AssetServer:      &assetserver.Options{Assets: assets},
		Bind:             []any{b},
		// Errand draws forms and text: software rendering is plenty, and it spares the GPU
		// process WebKit would otherwise keep (Wails also defaults to this when Linux is nil).
		Linux: &linux.Options{Icon: icon, ProgramName: "errand", WebviewGpuPolicy: linux.WebviewGpuPolicyNever},
		OnStartup: func(wctx context.Context) {
			em.start(wctx)
			// Ctrl-C in the terminal (main's signal context) closes the window like the
			// close button does.
			stopQuit = context.AfterFunc(ctx, func() { runtime.Quit(wctx) })
		},
		OnShutdown: func(context.Context) {
			if stopQuit != nil {
				stopQuit()
			}
			em.stop()
			wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownWait)
			defer cancel()
			if err := ui.Close(wctx, b); err != nil {
				log.Warn("closing with a task still running", "err", err)
			}
		},
	})
	if err != nil {
		return fmt.Errorf("run window: %w", err)
	}
	return nil
}

// emitter sends events to the window once Wails has given us its context, and never after
// the window has gone.
type emitter struct {
	mu  sync.Mutex
	ctx context.Context // nil before startup and after shutdown
}

func (e *emitter) start(ctx context.Context) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.ctx = ctx
}

func (e *emitter) stop() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.ctx = nil
}

// emit holds the lock while emitting so stop returns only once no emit is in flight.
// EventsEmit only queues the script for the UI thread, so holding it is brief.
func (e *emitter) emit(name string, data any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ctx != nil {
		runtime.EventsEmit(e.ctx, name, data)
	}
}

// hasDisplay reports whether a visible browser window has somewhere to go. Only X11 and
// Wayland systems can lack one.
func hasDisplay(goos string, getenv func(string) string) bool {
	switch goos {
	case "windows", "darwin":
		return true
	}
	return getenv("DISPLAY") != "" || getenv("WAYLAND_DISPLAY") != ""
}
