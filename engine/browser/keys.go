package browser

import (
	"strings"
	"unicode/utf8"
)

// keyDef is what Input.dispatchKeyEvent needs to look like a real key: the DOM key and
// code, the Windows virtual key code Blink maps editing commands from, and the text it types.
type keyDef struct {
	key, code string
	vk        int64
	text      string
}

// DevTools modifier bits.
const (
	modAlt   int64 = 1
	modCtrl  int64 = 2
	modMeta  int64 = 4
	modShift int64 = 8
)

// parseChord reads "Enter", "shift+tab" or "Control+a" into a key and modifier bits.
func parseChord(s string) (keyDef, int64, bool) {
	s = strings.TrimSpace(s)
	if s == "+" {
		return charKey("+"), 0, true
	}
	parts := strings.Split(s, "+")
	var mods int64
	for _, m := range parts[:len(parts)-1] {
		switch strings.ToLower(strings.TrimSpace(m)) {
		case "alt", "option":
			mods |= modAlt
		case "ctrl", "control":
			mods |= modCtrl
		case "meta", "cmd", "command", "super":
			mods |= modMeta
		case "shift":
			mods |= modShift
		default:
			return keyDef{}, 0, false
		}
	}
	k, ok := namedKey(strings.TrimSpace(parts[len(parts)-1]))
	return k, mods, ok
}

func namedKey(name string) (keyDef, bool) {
	switch strings.ToLower(name) {
	case "enter", "return":
		return keyDef{"Enter", "Enter", 13, "\r"}, true
	case "tab":
		return keyDef{"Tab", "Tab", 9, ""}, true
	case "escape", "esc":
		return keyDef{"Escape", "Escape", 27, ""}, true
	case "backspace":
		return keyDef{"Backspace", "Backspace", 8, ""}, true
	case "delete", "del":
		return keyDef{"Delete", "Delete", 46, ""}, true
	case "space", "spacebar":
		return keyDef{" ", "Space", 32, " "}, true
	case "arrowdown", "down":
		return keyDef{"ArrowDown", "ArrowDown", 40, ""}, true
	case "arrowup", "up":
		return keyDef{"ArrowUp", "ArrowUp", 38, ""}, true
	case "arrowleft", "left":
		return keyDef{"ArrowLeft", "ArrowLeft", 37, ""}, true
	case "arrowright", "right":
		return keyDef{"ArrowRight", "ArrowRight", 39, ""}, true
	case "home":
		return keyDef{"Home", "Home", 36, ""}, true
	case "end":
		return keyDef{"End", "End", 35, ""}, true
	case "pageup":
		return keyDef{"PageUp", "PageUp", 33, ""}, true
	case "pagedown":
		return keyDef{"PageDown", "PageDown", 34, ""}, true
	}
	if utf8.RuneCountInString(name) == 1 {
		return charKey(name), true
	}
	if len(name) >= 2 && (name[0] == 'F' || name[0] == 'f') {
		n := 0
		for _, c := range name[1:] {
			if c < '0' || c > '9' {
				return keyDef{}, false
			}
			n = n*10 + int(c-'0')
		}
		if n >= 1 && n <= 12 {
			f := "F" + name[1:]
			return keyDef{f, f, int64(111 + n), ""}, true
		}
	}
	return keyDef{}, false
}

// charKey is a key that types one character; letters and digits get their physical code so
// shortcuts such as Control+a reach the editor.
func charKey(ch string) keyDef {
	r, _ := utf8.DecodeRuneInString(ch)
	switch {
	case r >= 'a' && r <= 'z':
		u := string(r - 32)
		return keyDef{ch, "Key" + u, int64(r - 32), ch}
	case r >= 'A' && r <= 'Z':
		return keyDef{ch, "Key" + ch, int64(r), ch}
	case r >= '0' && r <= '9':
		return keyDef{ch, "Digit" + ch, int64(r), ch}
	}
	return keyDef{ch, "", 0, ch}
}
