# Audiograph build glue. `make run` sets up and opens an example; `make test` runs every test.
SWIFT ?= swift
EXAMPLE ?= data/births.csv

.PHONY: run deps build test bench clean

## Install what is missing (Debian/Ubuntu packages, through sudo when not root), build, describe an example.
run: deps build
	$(SWIFT) run audiograph-cli describe $(EXAMPLE)

## Debian packages the build and tests need.
deps:
	@scripts/install-deps.sh

build:
	$(SWIFT) build

## All tests: unit tests, end-to-end tests of the built binaries, then the GUI under Xvfb (Tests/gui).
test:
	$(SWIFT) test --disable-swift-testing
	SWIFT=$(SWIFT) Tests/gui/run-gui-tests.sh

## Benchmarks (not tests): print numbers next to pandas and astronify; see bench/README.md.
bench:
	bench/describe-vs-pandas.sh
	bench/sonify-vs-astronify.sh

clean:
	rm -rf .build
