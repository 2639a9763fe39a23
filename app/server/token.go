package server

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// TokenFile returns the API token kept in dir/token, generating it (32 random bytes, hex)
// on first use. The file is the person's own (0600): whoever reads it can drive their
// browser. Reusing it keeps clients working across restarts.
func TokenFile(dir string) (token, path string, err error) {
	path = filepath.Join(dir, "token")
	b, err := os.ReadFile(path)
	switch {
	case err == nil:
		if tok := strings.TrimSpace(string(b)); tok != "" {
			// An older or hand-made file may be readable by others; it guards a browser.
			if err := os.Chmod(path, 0o600); err != nil {
				return "", path, fmt.Errorf("protect token: %w", err)
			}
			return tok, path, nil
		}
	case !errors.Is(err, fs.ErrNotExist):
		return "", path, fmt.Errorf("read token: %w", err)
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", path, fmt.Errorf("generate token: %w", err)
	}
	token = hex.EncodeToString(raw)
	// Write beside and rename, so a crash never leaves a half-written token.
	tmp, err := os.CreateTemp(dir, ".token-*")
	if err != nil {
		return "", path, fmt.Errorf("write token: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return "", path, fmt.Errorf("write token: %w", err)
	}
	if _, err := tmp.WriteString(token + "\n"); err != nil {
		tmp.Close()
		return "", path, fmt.Errorf("write token: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return "", path, fmt.Errorf("write token: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", path, fmt.Errorf("write token: %w", err)
	}
	return token, path, nil
}
