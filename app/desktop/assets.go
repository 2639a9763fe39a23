package desktop

import "embed"

// files holds the window icon, a small copy of build/appicon.png, which go:embed cannot
// reach from here.
//
//go:embed appicon.png
var files embed.FS
