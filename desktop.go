package main

import (
	"context"
	"fmt"

	"github.com/errand-app/errand/app/cli"
)

// desktop opens the desktop app; the window lands with app/desktop.
func desktop(_ context.Context, env cli.Env) int {
	fmt.Fprintln(env.Stderr, "errand: the desktop app is not built into this binary yet; try errand help")
	return cli.ExitUsage
}
