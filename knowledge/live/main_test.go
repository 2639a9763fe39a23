package live

import (
	"testing"

	"github.com/errand-app/errand/engine/browser"
	"github.com/errand-app/errand/engine/browser/browsertest"
)

// br is the headless Chromium the tests of this package share.
var br *browser.Browser

func TestMain(m *testing.M) { browsertest.Main(m, &br) }
