package desktop

import "testing"

func TestHasDisplay(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	if hasDisplay("linux", env(nil)) {
		t.Error("linux without DISPLAY has a display")
	}
	if !hasDisplay("linux", env(map[string]string{"DISPLAY": ":99"})) || !hasDisplay("linux", env(map[string]string{"WAYLAND_DISPLAY": "wayland-0"})) {
		t.Error("linux with a display has none")
	}
	if !hasDisplay("darwin", env(nil)) || !hasDisplay("windows", env(nil)) {
		t.Error("macOS and Windows always have a display")
	}
}
