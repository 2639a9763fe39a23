// Package frontend holds Errand's user interface — one TypeScript code base for the
// desktop window and, later, for `errand serve` — and embeds its built files (npm run
// build writes them to dist/) so the single binary carries them.
package frontend

import "embed"

// Dist is the built UI under "dist/". On a fresh clone it holds only dist/.keep (so the
// package compiles before npm has run); app/desktop then shows a page saying how to build.
//
//go:embed all:dist
var Dist embed.FS
