package recorded

import (
	"net/url"
	"strings"
)

// Site is the scope memories are kept under: the URL's host with its port, lower-case
// ("example.com", "127.0.0.1:41234"); "" for an address that is not on the web.
func Site(rawURL string) string {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return ""
	}
	return strings.ToLower(u.Host)
}

// URLPattern is the site and path of a URL with the segments that name one record (numbers,
// ids, long hashes) made "*", so /patients/17/edit and /patients/42/edit are one page:
// "127.0.0.1:41234/patients/*/edit". The query and fragment are dropped. An address that
// is not on the web is returned as it is.
func URLPattern(rawURL string) string {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return rawURL
	}
	return strings.ToLower(u.Host) + PathPattern(u.Path)
}

// PathPattern is URLPattern's path part: "/patients/*/edit"; "/" for the root.
func PathPattern(path string) string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i, s := range segs {
		if isRecordID(s) {
			segs[i] = "*"
		}
	}
	return "/" + strings.Join(segs, "/")
}

// isRecordID reports whether a path segment names one record rather than a kind of page:
// it has a digit and no run of three letters that would make it a word ("v2", "2fa" stay),
// or it is long and mixes letters and digits (a uuid, a hash, a slug with an id).
func isRecordID(s string) bool {
	digits, letters, run, maxRun := 0, 0, 0, 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
			run = 0
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			letters++
			run++
			maxRun = max(maxRun, run)
		default:
			run = 0
		}
	}
	if digits == 0 {
		return false
	}
	return digits >= 3 && maxRun < 3 || letters == 0 || len(s) >= 16 && digits >= 4
}
