# SPDX-License-Identifier: GPL-3.0-or-later
# Audiograph build glue. `make run` sets up and opens an example; `make test` runs every test.
# swift on PATH, else the swift.org tarball's usual place.
SWIFT ?= $(shell command -v swift 2>/dev/null || { test -x /opt/swift/usr/bin/swift && echo /opt/swift/usr/bin/swift; } || echo swift)
EXAMPLE ?= data/births.csv
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: run deps build test test-desktop test-debian13 ci bench bench-scale bench-stalls install uninstall deb clean

## Install what is missing (Debian packages, through sudo when not root), build, and open an example chart
## in the viewer; without a display, describe it in the terminal instead.
run: deps build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	  $(SWIFT) run audiograph $(EXAMPLE); \
	else \
	  echo "make run: no graphical display here, so the example is described in the terminal instead."; \
	  $(SWIFT) run audiograph-cli describe $(EXAMPLE); \
	fi

## Debian packages the build and tests need.
deps:
	@SWIFT=$(SWIFT) scripts/install-deps.sh

## The programs (in the build tree they read the translations from po/ as they are; see docs/decisions.md).
build:
	$(SWIFT) build

## All tests: the message catalog's checks, unit tests, end-to-end tests of the built binaries, the chart guess on ~2,300 public
## tables (Tests/corpus: the hand-labelled set exactly, the whole corpus at least 97% sensible), then the GUI, accessibility and desktop
## integration tests under Xvfb (Tests/gui), the unit tests under AddressSanitizer and ThreadSanitizer,
## and 30 seconds of fuzzing the CSV reader.
## Each step prints its time ("[time] unit: 212 s", scripts/timed.sh).
TIMED = scripts/timed.sh
test:
	$(TIMED) catalog Tests/l10n/check-catalog.sh
	$(TIMED) unit $(SWIFT) test --disable-swift-testing
	SWIFT=$(SWIFT) $(TIMED) corpus Tests/corpus/run-corpus-checks.sh
	SWIFT=$(SWIFT) $(TIMED) gui Tests/gui/run-gui-tests.sh
	SWIFT=$(SWIFT) $(TIMED) sanitizers Tests/sanitizers/run-sanitizers.sh
	SWIFT=$(SWIFT) $(TIMED) fuzz Tests/fuzz/run-fuzz.sh 30

## What `test-debian13` runs inside Debian 13: the build, the unit tests, the drawing and keyboard suite,
## the desktop suite (install, validators, .deb) and the Wayland suite with Orca 48 (sway 1.10). Not yet the
## X11 Orca suites (a11y_tests, real_tables_tests): Orca 48 still misses some dialog and list focus there
## (docs/decisions.md, issue 15); run them with GUI_SUITES="a11y_tests real_tables_tests". WAYLAND_TESTS
## names some Wayland tests to run instead of all (WAYLAND_TESTS="orca_speaks"). The corpus, sanitizer and
## fuzzing runs test no platform difference.
GUI_SUITES ?= gui_tests desktop_tests wayland_tests
WAYLAND_TESTS ?=
test-desktop: build
	$(TIMED) catalog Tests/l10n/check-catalog.sh
	$(TIMED) unit $(SWIFT) test --disable-swift-testing
	SWIFT=$(SWIFT) WAYLAND_TESTS="$(WAYLAND_TESTS)" $(TIMED) gui Tests/gui/run-gui-tests.sh $(GUI_SUITES)

## `test-desktop` on Debian 13 (GTK 4.18, Orca 48.1) in a clean debootstrap root, cached under
## /var/cache/audiograph, in private mount, pid and network namespaces (scripts/debian-root.sh; needs root).
test-debian13:
	$(TIMED) debian13-root scripts/debian-root.sh prepare trixie
	$(TIMED) debian13 scripts/debian-root.sh run trixie make test-desktop GUI_SUITES="$(GUI_SUITES)" WAYLAND_TESTS="$(WAYLAND_TESTS)"

## What CI runs (.ci/run, as root): every test here, then the desktop suites on Debian 13.
ci: test test-debian13

## Benchmarks (not tests): print numbers next to pandas and astronify, and the viewer's start, scrub and
## redraw times; see bench/README.md. `make bench-scale` times 10 thousand to 100 million rows.
bench:
	bench/describe-vs-pandas.sh
	bench/describe-vs-peers.sh
	bench/spreadsheet-vs-pandas.sh
	bench/sonify-vs-astronify.sh
	bench/gui-timing.sh

bench-scale:
	bench/scale.sh

## The viewer's longest main-loop stall per scenario on a ten-million-row file (goal: none over 50 ms).
bench-stalls:
	bench/stalls.sh

## Release binaries, desktop file, metainfo, icons, manual pages, completions and examples under PREFIX.
install:
	SWIFT=$(SWIFT) scripts/install.sh install --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

uninstall:
	SWIFT=$(SWIFT) scripts/install.sh uninstall --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

## A Debian package of this tree in dist/.
deb:
	SWIFT=$(SWIFT) scripts/build-deb.sh

clean:
	rm -rf .build .build-asan .build-tsan .build-fuzz .build-bench .build-corpus dist
