# The README's two commands are `make run` and `make test`; both install what
# they need first, so they work on a fresh Debian 12 machine.
SWIFT ?= swift
# -DNDEBUG for C++: TOMLKit's bundled toml++ keeps its internal assert()s on otherwise, and some malformed
# configs reach them and abort the process (found by the config fuzzer; docs/reliability.md). With them off,
# toml++ reports those configs as ordinary parse errors.
BUILD_FLAGS ?= -Xcxx -DNDEBUG

.PHONY: deps build run test fuzz bench clean

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

# libFuzzer on the request path and the config parser, 60 s each (FUZZ_SECONDS for longer); CI runs it.
FUZZ_SECONDS ?= 60
fuzz: deps
	scripts/fuzz.sh $(FUZZ_SECONDS)

# Release-mode benchmarks; figures go to docs/performance.md by hand, with the date.
bench: deps
	$(SWIFT) build -c release $(BUILD_FLAGS) --product animd-bench
	$(SWIFT) build -c release $(BUILD_FLAGS) --product animd
	.build/release/animd-bench

clean:
	rm -rf .build
