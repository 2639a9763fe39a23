# Errand: `make run` opens the desktop app, `make test` runs every test. Both install what
# is missing first (build/setup.sh).
GO      ?= go
BIN     ?= errand
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X github.com/errand-app/errand/app.Version=$(VERSION)

.PHONY: run test bench demo build desktop frontend shot setup-test setup-run setup-shot clean

run: setup-run frontend
	$(GO) build -tags desktop,production -ldflags "-w -s $(LDFLAGS)" -o $(BIN) .
	@if [ -z "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
		echo "No display here, so no window: running the headless demo instead (./$(BIN) demo)."; \
		./$(BIN) demo; \
	else ./$(BIN); fi

# The frontend is built first: the web twin's end-to-end test serves the real UI. The
# instruction corpus (engine/understand) runs near go test's default 10 minutes on two
# cores, so the timeout is set above it.
test: setup-test frontend
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 30m ./...
	@if [ -f frontend/package.json ]; then cd frontend && npm test --silent; fi

bench: setup-test
	$(GO) test -run '^$$' -bench . -benchmem ./...

demo: setup-test
	$(GO) run -ldflags "$(LDFLAGS)" . demo

# The headless binary (no window; every subcommand works).
build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) .

frontend:
	@if [ -f frontend/package.json ]; then cd frontend && npm run build --silent; fi

# Opens the window under Xvfb, screenshots it (build/shots/window.png, failing when blank)
# and prints its cold start and idle memory.
shot: setup-shot frontend
	$(GO) build -tags desktop,production -ldflags "-w -s $(LDFLAGS)" -o $(BIN) .
	build/shot.sh ./$(BIN) build/shots

setup-test:
	@build/setup.sh test

setup-run:
	@build/setup.sh run

setup-shot:
	@build/setup.sh shot

clean:
	rm -f $(BIN)
