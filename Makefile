# SPDX-License-Identifier: GPL-3.0-or-later
# Audiograph build glue. `make run` sets up and opens an example; `make test` runs every test.
# swift on PATH, else the swift.org tarball's usual place.
SWIFT ?= $(shell command -v swift 2>/dev/null || { test -x /opt/swift/usr/bin/swift && echo /opt/swift/usr/bin/swift; } || echo swift)
EXAMPLE ?= data/births.csv
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: run deps build test test-repeat fuzz test-desktop test-debian13 test-debian13-lane ci bench bench-scale bench-stalls install uninstall deb clean

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

## All tests (scripts/run-tests.sh): the message catalog's checks and one build, then lanes side by side:
## unit tests and the chart guess on ~2,300 public tables (Tests/corpus); the accessibility suite with Orca,
## then the unit tests under ThreadSanitizer (under `make ci`, in the Debian 13 root instead); the drawing,
## chart-kind, exploring, real-table and workbook suites; install/open/uninstall/.deb and the Wayland suite
## (Tests/gui). Each step
## prints its time ("[time] unit: 71 s", scripts/timed.sh), each lane its log when it ends.
TIMED = scripts/timed.sh
test:
	SWIFT=$(SWIFT) scripts/run-tests.sh

## libFuzzer on the CSV, JSON and workbook readers and chart inference, under AddressSanitizer, for
## FUZZ_SECONDS (Tests/fuzz/run-fuzz.sh); not part of `make test`: run it after changing a reader.
FUZZ_SECONDS ?= 600
fuzz:
	SWIFT=$(SWIFT) Tests/fuzz/run-fuzz.sh $(FUZZ_SECONDS)

## One GUI suite N times in a row (scripts/test-repeat.sh), to find a test that fails once in a while:
## `make test-repeat SUITE=a11y_tests N=5`; LOAD=release runs a release build beside it, as CI is busy.
SUITE ?= gui_tests
N ?= 5
LOAD ?=
test-repeat:
	SWIFT=$(SWIFT) LOAD=$(LOAD) scripts/test-repeat.sh $(SUITE) $(N)

## `make test-desktop`: the build, then the GUI suites named in GUI_SUITES one after another (by default the
## drawing and keyboard suite, install/validators/.deb, the Wayland suites under sway and GNOME Shell, large
## text and zoom); GUI_SUITES="a11y_tests real_tables_tests" runs others.
## WAYLAND_TESTS names some Wayland tests to run instead of all (WAYLAND_TESTS="orca_speaks"), GNOME_TESTS
## some GNOME Shell tests (GNOME_TESTS="orca_speaks"). BUILD_NICE
## runs the build under nice (CI: the Debian 12 lanes' GUI tests run beside it).
GUI_SUITES ?= gui_tests desktop_tests wayland_tests seeing_tests gnome_tests
WAYLAND_TESTS ?=
GNOME_TESTS ?=
WAYLAND_TESTS_EXCEPT ?=
BUILD_NICE ?=
test-desktop:
	$(TIMED) build $(BUILD_NICE) $(SWIFT) build
	SWIFT=$(SWIFT) WAYLAND_TESTS="$(WAYLAND_TESTS)" GNOME_TESTS="$(GNOME_TESTS)" WAYLAND_TESTS_EXCEPT="$(WAYLAND_TESTS_EXCEPT)" \
	  $(TIMED) gui Tests/gui/run-gui-tests.sh $(GUI_SUITES)

## GUI suites on Debian 13 (GTK 4.18, Orca 48.1) in a clean debootstrap root, cached under
## /var/cache/audiograph, in private mount, pid and network namespaces (scripts/debian-root.sh; needs root).
test-debian13:
	$(TIMED) debian13-root scripts/debian-root.sh prepare trixie
	$(MAKE) --no-print-directory test-debian13-lane

## What the Debian 13 root runs (scripts/gui-lanes.sh): the GUI suites in DEBIAN13_LANES (comma-separated
## groups) side by side after one build; each lane has its own display, buses and process namespace. Not the
## unit, corpus and sanitizer runs, which test no platform difference (the same Swift toolchain runs them
## on Debian 12), nor yet the X11 suites that open dialogs with Orca (a11y, real tables, search, clipboard):
## under CI's load Orca 48 takes in a key over 600 ms late and loses the focused control of the dialog it
## opened (docs/decisions.md, "Orca 48 and dialogs"). For the same reason the sway and GNOME Shell suites
## leave out the fifty dialog openings (with CI's Debian 12 lanes beside them they missed 2 to 5 of 50); on a
## quiet machine: `make test-debian13-lane DEBIAN13_LANES=gnome_tests GNOME_TESTS=dialogs_heard_every_time`.
## Nor the workbook suite since 2026-11-29: its sheets are read by the core, the same on both, and CI's two
## cores were the limit (84 s of a lane; docs/testing.md).
## With AUDIOGRAPH_RELEASE_BIN (CI: the release binaries scripts/ci.sh built on Debian 12), the desktop
## suite installs those rather than build them again.
## By hand: `make test-debian13-lane DEBIAN13_LANES="a11y_tests real_tables_tests"`.
DEBIAN13_LANES ?= desktop_tests wayland_tests gnome_tests, \
  chart_kinds_tests exploring_tests seeing_tests gui_tests$(DEBIAN13_EXTRA_LANES)
## DEBIAN13_EXTRA_LANES: more lanes after those (CI: ", sanitizers", the unit tests under ThreadSanitizer, which
## `make test` then leaves out: scripts/ci.sh).
DEBIAN13_EXTRA_LANES ?=
test-debian13-lane:
	$(TIMED) debian13 scripts/debian-root.sh run trixie env BUILD_NICE="nice -n 15" \
	  WAYLAND_TESTS="$(WAYLAND_TESTS)" GNOME_TESTS="$(GNOME_TESTS)" WAYLAND_TESTS_EXCEPT="dialogs_heard_every_time" \
	  GNOME_TESTS_EXCEPT="dialogs_heard_every_time" scripts/gui-lanes.sh "$(DEBIAN13_LANES)"

## What CI runs (.ci/run, as root): `make test` and `test-debian13` side by side (scripts/ci.sh).
ci:
	scripts/ci.sh

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
