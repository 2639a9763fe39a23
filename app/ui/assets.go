package ui

import (
	"embed"
	"fmt"
	"io/fs"

	"github.com/errand-app/errand/frontend"
)

// notBuilt holds notbuilt/index.html, the page shown when the binary was compiled before
// `npm run build` (a blank window would look like a crash).
//
//go:embed notbuilt/index.html
var notBuilt embed.FS

// Assets returns the built UI the window and `errand serve` show, or the built-in notice
// when the frontend was not built into this binary; built says which.
func Assets() (assets fs.FS, built bool, err error) { return uiAssets(frontend.Dist) }

// uiAssets returns the files under "dist/" of dist, or the notice when dist holds no
// index.html.
func uiAssets(dist fs.FS) (assets fs.FS, built bool, err error) {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil, false, fmt.Errorf("open ui assets: %w", err)
	}
	if _, err := fs.Stat(sub, "index.html"); err == nil {
		return sub, true, nil
	}
	page, err := fs.Sub(notBuilt, "notbuilt")
	if err != nil {
		return nil, false, fmt.Errorf("open built-in page: %w", err)
	}
	return page, false, nil
}
