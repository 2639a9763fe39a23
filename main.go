// Command errand runs errands in a web browser: with no arguments it opens the desktop app,
// with a subcommand it works headless (see `errand help`).
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/errand-app/errand/app/cli"
)

func main() {
	started := time.Now()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fi, _ := os.Stdin.Stat()
	ei, _ := os.Stderr.Stat()
	env := cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv,
		Terminal: fi != nil && fi.Mode()&os.ModeCharDevice != 0,
		Live:     ei != nil && ei.Mode()&os.ModeCharDevice != 0}
	if len(os.Args) < 2 {
		os.Exit(runDesktop(ctx, env, started))
	}
	os.Exit(cli.Main(ctx, os.Args[1:], env))
}
