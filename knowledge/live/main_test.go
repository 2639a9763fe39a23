package live

import (
	"testing"

	"github.com/errand-app/errand/engine/browser"
	"github.com/errand-app/errand/engine/browser/browsertest"
)

// b is the headless Chromium the tests of this package share.
var b *browser.Browser

func TestMain(m *testing.M) { browsertest.Main(m, &b) }
