# The two commands the README opens with:
#   make example   lays out a grid and prints its visible items
#   make test      runs every test
.PHONY: example test bench deps

deps:
	@tools/ensure-deps.sh

example: deps
	swift run -c release gridexample lanes vertical 200

test: deps
	swift build --build-tests
	swift test

bench: deps
	swift build -c release --product gridbench
	.build/release/gridbench
