# The README's two commands are `make run` and `make test`; both install what
# they need first, so they work on a fresh Debian 12 machine.
SWIFT ?= swift
BUILD_FLAGS ?=

.PHONY: deps build run test bench clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

# Runs the daemon in the foreground with its embedded default config.
run: build
	$(SWIFT) run $(BUILD_FLAGS) animd --verbose

# Unit, property, X (Xvfb) and integration tests (real animd processes on real sockets).
test: deps
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build $(BUILD_FLAGS)

# Release-mode benchmarks; figures go to docs/performance.md by hand, with the date.
bench: deps
	$(SWIFT) build -c release --product animd-bench
	$(SWIFT) build -c release --product animd
	.build/release/animd-bench

clean:
	rm -rf .build
