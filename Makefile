# The two commands the README opens with:
#   make example   lays out a grid and prints its visible items
#   make test      runs every test
.PHONY: example test bench bench-instructions deps golden sanitize fuzz

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
	.build/debug/gridfuzz Tests/fuzz/corpus
	python3 -m pytest -q Tests/repl bindings/python/tests

# The Swift tests under AddressSanitizer with leak checking (tools/lsan.supp suppresses only the
# test harness's own leaks), then the C tests under valgrind. Its own scratch path: the ASan build
# takes a few minutes the first time and leaves .build alone.
sanitize: deps
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tools/lsan.supp \
	  swift test --sanitize=address --scratch-path .build-asan
	$(MAKE) --no-print-directory -C bindings/c valgrind CONFIG=debug

# Every benchmark; rewrites BENCHMARKS.md between its markers and the plots in docs/bench/
# (tools/bench/report.py, ~3 min): gridbench's timings, the flow layout from Python against Taffy,
# Yoga and pure Lua, and the Lua instruction counts (bench-instructions).
bench: deps
	swift build -c release --product gridbench
	swift build -c release --product gridlayout
	python3 tools/bench/report.py

# Only the Lua data source's instructions per item, under callgrind (~30 s): a table on stdout.
bench-instructions: deps
	swift build -c release --product gridbench
	python3 tools/bench/instructions.py

# libFuzzer (Sources/gridfuzz) on each target of FUZZ_TARGETS — the engine, the Lua API, the C
# ABI — for FUZZ_SECONDS each (its own scratch path, release build). Tests/fuzz/corpus/TARGET holds
# the committed seeds and regression inputs (replayed by `make test`); new inputs go to
# .build-fuzz/corpus-TARGET, crashers to .build-fuzz/artifacts-TARGET. SWIFT_BACKTRACE=enable=no:
# the backtracer can hang on a crash.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= engine lua c
# More libFuzzer flags, e.g. FUZZ_FLAGS='-fork=2 -ignore_crashes=1' to go on past a crash.
FUZZ_FLAGS ?=
fuzz: deps
	swift build -c release --product gridfuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING --scratch-path .build-fuzz
	status=0; for t in $(FUZZ_TARGETS); do \
	  mkdir -p .build-fuzz/artifacts-$$t .build-fuzz/corpus-$$t && \
	  GRIDFUZZ_TARGET=$$t SWIFT_BACKTRACE=enable=no .build-fuzz/release/gridfuzz -max_total_time=$(FUZZ_SECONDS) \
	    -max_len=4096 -timeout=10 -print_final_stats=1 -artifact_prefix=.build-fuzz/artifacts-$$t/ $(FUZZ_FLAGS) \
	    .build-fuzz/corpus-$$t Tests/fuzz/corpus/$$t || status=1; \
	done; exit $$status
