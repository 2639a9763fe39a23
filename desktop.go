package main

import (
	"context"
	"time"

	"github.com/errand-app/errand/app/cli"
	"github.com/errand-app/errand/app/desktop"
)

// runDesktop opens the desktop window (a build without the desktop tag only explains).
func runDesktop(ctx context.Context, env cli.Env, started time.Time) int {
	return desktop.Main(ctx, desktop.Env{Getenv: env.Getenv, Stderr: env.Stderr, Started: started})
}
