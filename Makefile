# The two commands the README opens with:
#   make example   lays out a grid and prints its visible items
#   make test      runs every test
.PHONY: example test bench deps golden sanitize

deps:
	@tools/ensure-deps.sh

example: deps
	swift build --product gridrepl
	.build/debug/gridrepl scripts/smgridview.lua

# Rewrites scripts/expected/*.out from the scripts' current output: check the diff by eye.
golden: deps
	swift build --product gridrepl
	for s in scripts/*.lua; do COLUMNS=80 LINES=24 .build/debug/gridrepl $$s > scripts/expected/$$(basename $$s .lua).out; done

test: deps
	swift build --build-tests
	swift test
	$(MAKE) --no-print-directory -C bindings/c test valgrind CONFIG=debug
	bindings/lua/test-stock-lua.sh
	python3 -m pytest -q Tests/repl bindings/python/tests

# The Swift tests under AddressSanitizer with leak checking (tools/lsan.supp suppresses only the
# test harness's own leaks), then the C tests under valgrind. Its own scratch path: the ASan build
# takes a few minutes the first time and leaves .build alone.
sanitize: deps
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tools/lsan.supp \
	  swift test --sanitize=address --scratch-path .build-asan
	$(MAKE) --no-print-directory -C bindings/c valgrind CONFIG=debug

bench: deps
	swift build -c release --product gridbench
	.build/release/gridbench
