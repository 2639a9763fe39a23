package browser_test

import (
	"testing"

	"github.com/errand-app/errand/engine/browser"
	"github.com/errand-app/errand/engine/browser/browsertest"
)

// shared is the one Chromium of this test binary.
var shared *browser.Browser

func TestMain(m *testing.M) { browsertest.Main(m, &shared) }
