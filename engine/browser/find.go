package browser

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
)

// ErrNoBrowser is returned by Find when no Chrome or Chromium is installed.
var ErrNoBrowser = errors.New("no Chrome or Chromium found: install the Debian package chromium (apt-get install chromium), or Google Chrome, or give its path")

// Find returns the browser executable to launch: explicit when it is set (and exists),
// otherwise the first installed of the usual places for this system, then chromium or
// google-chrome on PATH.
func Find(explicit string) (string, error) {
	if explicit != "" {
		if st, err := os.Stat(explicit); err != nil || st.IsDir() {
			return "", fmt.Errorf("find browser: %s is not an executable: %w", explicit, ErrNoBrowser)
		}
		return explicit, nil
	}
	for _, p := range candidates(runtime.GOOS) {
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("find browser: %w", ErrNoBrowser)
}

// candidates lists where each system's packages put the browser. On Debian the real binary
// comes first: the /usr/bin/chromium wrapper adds flags of its own.
func candidates(goos string) []string {
	switch goos {
	case "darwin":
		return []string{
			"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
			"/Applications/Chromium.app/Contents/MacOS/Chromium",
		}
	case "windows":
		return []string{
			`C:\Program Files\Google\Chrome\Application\chrome.exe`,
			`C:\Program Files (x86)\Google\Chrome\Application\chrome.exe`,
			`C:\Program Files\Chromium\Application\chrome.exe`,
		}
	}
	return []string{
		"/usr/lib/chromium/chromium",
		"/usr/bin/chromium",
		"/usr/bin/chromium-browser",
		"/usr/bin/google-chrome",
		"/usr/bin/google-chrome-stable",
	}
}
