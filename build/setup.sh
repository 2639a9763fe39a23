#!/usr/bin/env bash
# Installs what Errand needs on Debian/Ubuntu. `build/setup.sh test` is enough for
# `make test`; `build/setup.sh run` adds the desktop build (GTK/WebKit); `shot` adds a
# virtual display and ImageMagick for `make shot`. As root it runs apt-get; otherwise it
# names the packages to install and stops.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-test}

missing=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
need_pkg() { have_pkg "$1" || missing+=("$1"); }

# A browser: the one named by ERRAND_CHROME, Debian's chromium, or a Chrome on PATH.
if [ -z "${ERRAND_CHROME:-}" ] && [ ! -x /usr/lib/chromium/chromium ] &&
	! command -v chromium >/dev/null && ! command -v google-chrome >/dev/null; then
	missing+=(chromium)
fi
command -v npm >/dev/null || missing+=(nodejs npm)
if [ "$what" = run ] || [ "$what" = shot ]; then
	for p in libgtk-3-dev libwebkit2gtk-4.0-dev pkg-config build-essential; do need_pkg "$p"; done
fi
if [ "$what" = shot ]; then
	for p in xvfb x11-utils imagemagick; do need_pkg "$p"; done
fi

if [ ${#missing[@]} -gt 0 ]; then
	if ! command -v apt-get >/dev/null; then
		echo "errand setup: install these (names are Debian's): ${missing[*]}" >&2
		exit 1
	fi
	if [ "$(id -u)" != 0 ]; then
		echo "errand setup: missing Debian packages: ${missing[*]}" >&2
		echo "  install them with: sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
		exit 1
	fi
	echo "errand setup: installing ${missing[*]}" >&2
	apt-get -o DPkg::Lock::Timeout=600 update -q >&2
	DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${missing[@]}" >&2
fi

go_version=$(go env GOVERSION 2>/dev/null || true)
case "$go_version" in
go1.2[6-9]* | go1.[3-9]*) ;;
*) echo "errand setup: Go 1.26 or newer is needed (found '${go_version:-none}'): https://go.dev/dl" >&2; exit 1 ;;
esac

# The frontend's packages, from the lock file; only when it changed.
if [ -f frontend/package-lock.json ]; then
	stamp=frontend/node_modules/.errand-lock
	if [ ! -f "$stamp" ] || ! cmp -s frontend/package-lock.json "$stamp"; then
		(cd frontend && npm ci --no-audit --no-fund --loglevel=error) >&2
		cp frontend/package-lock.json "$stamp"
	fi
fi
