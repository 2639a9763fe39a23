package browser_test

import (
	"bytes"
	"context"
	"image/png"
	"testing"
)

func TestScreenshotIsThePage(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/page1.html")
	b, err := p.Screenshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if r := img.Bounds(); r.Dx() < 100 || r.Dy() < 100 {
		t.Errorf("screenshot is %v", r)
	}
	p.Close()
	if _, err := p.Screenshot(context.Background()); err == nil {
		t.Error("a closed tab gave a screenshot")
	}
}
