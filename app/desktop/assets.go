package desktop

import (
	"embed"
	"fmt"
	"io/fs"
)

// files holds the window icon and notbuilt/index.html, the page shown when the binary was
// compiled before `npm run build` (a blank window would look like a crash). The icon is a
// small copy of build/appicon.png, which go:embed cannot reach from here.
//
//go:embed appicon.png notbuilt/index.html
var files embed.FS

// uiAssets returns the built UI from frontend.Dist (files under "dist/"), or the built-in
// notice when dist holds no index.html; built says which.
func uiAssets(dist fs.FS) (assets fs.FS, built bool, err error) {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil, false, fmt.Errorf("open ui assets: %w", err)
	}
	if _, err := fs.Stat(sub, "index.html"); err == nil {
		return sub, true, nil
	}
	page, err := fs.Sub(files, "notbuilt")
	if err != nil {
		return nil, false, fmt.Errorf("open built-in page: %w", err)
	}
	return page, false, nil
}
