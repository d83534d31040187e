# The README's two commands are `make run` and `make test`; both install what
# they need first, so they work on a fresh Debian 12 machine.
SWIFT ?= swift
# bash, for pipefail: a test run piped into tee still fails the target when a test fails.
SHELL := /bin/bash
# Extra flags for every swift build and test (make test BUILD_FLAGS=-v).
BUILD_FLAGS ?=

.PHONY: deps build run test test-tsan test-install fuzz bench bench-touch bench-smoke man notices install uninstall deb dist test-package code-order clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

# Runs the daemon in the foreground with its embedded default config, and ~/.config/animd/animd.toml laid over it
# when that file exists (animctl hello names the layers).
run: build
	$(SWIFT) run $(BUILD_FLAGS) animd --verbose

# Unit, property, X (Xvfb, Xorg), libinput, Wayland and integration tests (real animd processes on real sockets), then
# the install test. One suite at a time (about 95 s instead of 50): suites that start Xorg, Weston and many clients
# would otherwise take CPU from a suite that checks what a slow reader receives, on a 2-core machine. The run ends
# with every skipped suite and test, by name and with its reason (scripts/report-skipped.sh).
test: deps
	$(SWIFT) format lint --strict --recursive Sources Tests Benchmarks Fuzz Package.swift
	python3 scripts/check-imports.py
	python3 scripts/module-graph.py --check-docs
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	python3 scripts/third-party-notices.py --check "$$($(SWIFT) build --show-bin-path $(BUILD_FLAGS))"
	set -o pipefail; $(SWIFT) test --skip-build --no-parallel $(BUILD_FLAGS) 2>&1 | tee .build/test-output.log
	scripts/report-skipped.sh .build/test-output.log
	$(MAKE) --no-print-directory test-install

# The suite again under ThreadSanitizer, the daemon included (the integration tests start the binaries built beside
# the test bundle): any data race aborts the run. ANIMD_SANITIZER turns off the few tests that bound what a sanitizer
# changes (wake-ups, resident memory) and scales the flood tests' bounds on latency and idle CPU. With the Swift runtime linked dynamically (Package.swift,
# ANIMD_DYNAMIC_RUNTIME), which ThreadSanitizer needs. Every suite runs: none is left out to save time
# (docs/reliability.md, "Sanitizers"). TSAN_SKIP is for a run by hand that wants fewer.
TSAN_SKIP ?= ^$$
test-tsan: deps
	ANIMD_DYNAMIC_RUNTIME=1 $(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan $(BUILD_FLAGS)
	ANIMD_DYNAMIC_RUNTIME=1 ANIMD_SANITIZER=thread TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --no-parallel --sanitize=thread --scratch-path .build-tsan --skip '$(TSAN_SKIP)' $(BUILD_FLAGS)

# make install into a temporary PREFIX (with the debug build the tests used), systemd-analyze verify on the
# installed units, the completions loaded in bash, the man pages rendered, then make uninstall leaving nothing.
test-install: deps
	scripts/test-install.sh

# `make install PREFIX=~/.local` for one user (no root); the default is a system-wide /usr/local.
# CONFIGURATION=debug installs the debug build instead of building a release.
PREFIX ?= /usr/local
CONFIGURATION ?= release
# A release install is built as the packages are (RELEASE_FLAGS, below).
INSTALL_FLAGS = $(if $(filter release,$(CONFIGURATION)),$(RELEASE_FLAGS))
install: deps
	$(SWIFT) build -c $(CONFIGURATION) $(INSTALL_FLAGS) $(BUILD_FLAGS) --product animd
	$(SWIFT) build -c $(CONFIGURATION) $(INSTALL_FLAGS) $(BUILD_FLAGS) --product animctl
	$(SWIFT) build -c $(CONFIGURATION) $(INSTALL_FLAGS) $(BUILD_FLAGS) --product animd-demo
	$(SWIFT) build -c $(CONFIGURATION) $(INSTALL_FLAGS) $(BUILD_FLAGS) --product animd-touch-relay
	scripts/install.sh install "$(PREFIX)" "$$($(SWIFT) build -c $(CONFIGURATION) $(INSTALL_FLAGS) $(BUILD_FLAGS) --show-bin-path)"

# Removes exactly what make install wrote under PREFIX (its manifest), and the folders it created if empty.
uninstall:
	scripts/install.sh uninstall "$(PREFIX)"

# The release artifacts (docs/packaging.md), in .build/packages: `make deb` builds animd_VERSION_amd64.deb and
# qml6-module-animd_VERSION_amd64.deb with dpkg-buildpackage and debhelper (debian/), and checks them with lintian,
# which must report no error; `make dist` builds animd-VERSION-x86_64-linux.tar.gz, the same files as animd's .deb
# under a prefix layout with its own install.sh (not the QML module, which is built for one Qt: docs/packaging.md).
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/AnimProtocol/Version.swift)
PACKAGES := .build/packages
# The release artifacts' build flags, the same for both so that they share one build: bind-now (debian/rules says
# why), and each function in a section of its own, which animd's release link orders by linker/code-order.txt
# (Package.swift), so that what an idle animd runs lies together (scripts/code-order.py says why; `make code-order`
# writes the file again).
export RELEASE_FLAGS := -Xlinker -z -Xlinker now -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
deb: deps
	@scripts/install-deps.sh packaging
	dpkg-buildpackage --build=binary --no-sign
	mkdir -p $(PACKAGES)
	mv -f ../animd_$(VERSION)_amd64.deb ../qml6-module-animd_$(VERSION)_amd64.deb ../animd_$(VERSION)_amd64.buildinfo \
	    ../animd_$(VERSION)_amd64.changes $(PACKAGES)/
	lintian --fail-on error --info --display-info $(PACKAGES)/animd_$(VERSION)_amd64.deb $(PACKAGES)/qml6-module-animd_$(VERSION)_amd64.deb
	python3 scripts/code-order.py check "$$($(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --show-bin-path)/animd"

dist: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --product animd
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --product animctl
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --product animd-demo
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --product animd-touch-relay
	python3 scripts/code-order.py check "$$($(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --show-bin-path)/animd"
	scripts/make-dist.sh "$(VERSION)" "$$($(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --show-bin-path)" $(PACKAGES)

# Installs both on a new machine's packages without Swift (scripts/fresh-machine --without-swift) and runs them there
# (scripts/test-package.sh): the .deb as root, the tarball as an unprivileged user.
test-package: deb dist
	scripts/fresh-machine --without-swift --with $(PACKAGES) scripts/test-package.sh

# Regenerates docs/man/animd.1 and animctl.1 from the commands' own ArgumentParser definitions and the
# hand-written sections in docs/man/sections (scripts/make-man.py). A test fails when they no longer match.
man:
	$(SWIFT) build --product animd
	$(SWIFT) build --product animctl
	python3 scripts/make-man.py .build/debug animctl animd

# Writes THIRD-PARTY-NOTICES again from the binaries' own symbols (scripts/third-party-notices.py); make test fails
# when it is stale.
notices:
	$(SWIFT) build $(BUILD_FLAGS)
	python3 scripts/third-party-notices.py "$$($(SWIFT) build --show-bin-path $(BUILD_FLAGS))"

# libFuzzer on the request path and the config parser, 60 s each (FUZZ_SECONDS for longer); CI runs it.
FUZZ_SECONDS ?= 60
fuzz: deps
	scripts/fuzz.sh $(FUZZ_SECONDS)

# Release-mode benchmarks, each against a baseline in the same run (the fan-out one against a C server,
# Benchmarks/baseline-server, built by the benchmark with cc, and against the same job on NIO, Benchmarks/nio-floor;
# the touch one against the same headless Xorg without animd, and with a client that only reads raw touches);
# figures go to docs/performance.md by hand, dated.
bench: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --product animd-bench
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --product animd
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --product animd-bench-floor
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --product animd-bench-swift-floor
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --product animctl
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --product animd-xprobe
	.build/release/animd-bench

# What exclusive touch costs on the libinput backend: the relay's pass-through delay and the CPU per event of animd
# and its relay, against shared mode in the same run (root, umockdev; docs/performance.md).
bench-touch: deps
	$(SWIFT) build -c release $(BUILD_FLAGS) --product animd
	$(SWIFT) build -c release $(BUILD_FLAGS) --product animctl
	$(SWIFT) build -c release $(BUILD_FLAGS) --product animd-touch-relay
	scripts/bench-exclusive-touch.sh "$$($(SWIFT) build -c release $(BUILD_FLAGS) --show-bin-path)"

# Writes link/code-order.txt again from a profile of the release build (valgrind; scripts/code-order.py), for when
# make dist's check says it is stale.
code-order: deps
	@scripts/install-deps.sh profiling
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --product animd
	python3 scripts/code-order.py write "$$($(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --show-bin-path)/animd"
	# SwiftPM does not know animd's link reads the file: the next build links it again only without the old binary.
	rm -f "$$($(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --show-bin-path)/animd"

# CI's check that the fan-out benchmark runs: one short row at 10 subscribers, with the debug build the tests used.
# Its figures decide nothing.
bench-smoke: deps
	$(SWIFT) build $(BUILD_FLAGS) --product animd-bench
	$(SWIFT) build $(BUILD_FLAGS) --product animd
	$(SWIFT) build $(BUILD_FLAGS) --product animd-bench-floor
	$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/animd-bench fanout --smoke

clean:
	rm -rf .build
