# The two commands the README opens with:
#   make example   lays out a grid and prints its visible items
#   make test      runs every test
.PHONY: example test generate test-packaging bench bench-instructions deps golden docs-images sanitize fuzz static install uninstall deb wheel

# The project's one version number (CHANGELOG.md; Tests/packaging/test_version.py checks the rest).
VERSION := $(shell cat VERSION)

deps:
	@tools/ensure-deps.sh

example: deps
	swift build --product gridrepl
	.build/debug/gridrepl scripts/smgridview.lua

# Rewrites scripts/expected/*.out from the scripts' current output: check the diff by eye.
golden: deps
	swift build --product gridrepl
	for s in scripts/*.lua; do COLUMNS=80 LINES=24 .build/debug/gridrepl $$s > scripts/expected/$$(basename $$s .lua).out; done

# The build must not warn: a warning in the full build of a clean clone fails the test.
test: deps
	@mkdir -p .build
	swift build --build-tests > .build/build-tests.log 2>&1; status=$$?; cat .build/build-tests.log; exit $$status
	@if grep -E ': warning:' .build/build-tests.log; then echo "make test: the build warns (zero warnings is the rule)"; exit 1; fi
	swift test
	$(MAKE) --no-print-directory -C bindings/c test valgrind CONFIG=debug
	bindings/lua/test-stock-lua.sh
	bindings/luajit/test-luajit.sh
	.build/debug/gridfuzz Tests/fuzz/corpus
	python3 -m pytest -q Tests/repl Tests/browser Tests/cli bindings/python/tests Tests/docs Tests/surface Tests/packaging Tests/love

# Writes every face's copy of the engine's vocabulary (tools/generate.py) from the engine's option
# table and tools/vocabulary.py: gridlayout.h's enums, the C, Lua and Swift names, Python's
# constants, literals and typed options, the docs' option and status tables, the JSON Schemas.
# Tests/surface/test_generated.py fails when the tree is not what this writes.
generate: deps
	swift build --product gridlayout
	GRIDLAYOUT_LIBRARY=$$(swift build --show-bin-path)/libgridlayout.so python3 tools/generate.py

# Rewrites docs/images/*.svg, the tutorial's pictures, from the seed scripts (Tests/docs checks them),
# and docs/images/browser.png, the browser view of scripts/browser.lua in headless chromium (the
# screenshot test of Tests/browser, told where to save it), and docs/images/love.png, the LÖVE
# photo wall's screenshot from Tests/love.
DOCS_IMAGES := ninegrid waterfall smgridview feed
docs-images: deps
	swift build --product gridrepl
	for s in $(DOCS_IMAGES); do .build/debug/gridrepl scripts/$$s.lua docs/images/$$s.svg > /dev/null || exit 1; done
	GRIDREPL_SCREENSHOT=$(CURDIR)/docs/images/browser.png python3 -m pytest -q Tests/browser -k test_screenshot
	GRIDREPL_PLAYGROUND_SCREENSHOT=$(CURDIR)/docs/images/playground.png python3 -m pytest -q Tests/browser -k test_playground_screenshot
	GRIDLAYOUT_LOVE_SCREENSHOT=$(CURDIR)/docs/images/love.png python3 -m pytest -q Tests/love

# Only the packaging tests (they build what they check: static, deb, wheel).
test-packaging: deps
	python3 -m pytest -q Tests/packaging

# The Swift tests under AddressSanitizer with leak checking (tools/lsan.supp suppresses only the
# test harness's own leaks), then the C tests under valgrind. Its own scratch path: the ASan build
# takes a few minutes the first time and leaves .build alone.
sanitize: deps
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tools/lsan.supp \
	  swift test --sanitize=address --scratch-path .build-asan
	$(MAKE) --no-print-directory -C bindings/c valgrind CONFIG=debug

# Every benchmark; rewrites BENCHMARKS.md between its markers and the plots in docs/bench/
# (tools/bench/report.py, ~3 min): gridbench's timings, the flow layout from Python against Taffy,
# Yoga and pure Lua, gridlayout layout against Python's json, and the Lua instruction counts
# (bench-instructions).
bench: deps
	swift build -c release --product gridbench
	swift build -c release --product gridlayout
	swift build -c release --product gridlayout-cli
	python3 tools/bench/report.py

# Instructions per item of the Lua data source paths and of the layouts and their C floors, under callgrind (~40 s): a table on stdout.
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

# ---- Packaging ------------------------------------------------------------------------------
# Self-contained artefacts: gridrepl, gridlayout (the JSON command line, product gridlayout-cli),
# libgridlayout.so and the Lua module gridlayout.so with the Swift standard library linked in
# (they need libc, libstdc++, libgcc_s and libm; gridrepl and the module also Lua, gridrepl libedit
# and ncurses; the C library and gridlayout no Lua; nothing of the toolchain),
# a release build in its own scratch path, staged stripped under $(STAGE).
STATIC := .build-static
STAGE := $(STATIC)/stage
STATIC_FLAGS := -c release --scratch-path $(STATIC) --static-swift-stdlib -Xswiftc -static-stdlib
MAJOR := $(word 1,$(subst ., ,$(VERSION)))

static: deps
	swift build $(STATIC_FLAGS) --product gridrepl
	swift build $(STATIC_FLAGS) --product gridlayout-cli
	swift build $(STATIC_FLAGS) --product gridlayout
	swift build $(STATIC_FLAGS) --product gridlayout-lua
	@rm -rf $(STAGE) && mkdir -p $(STAGE)/bin $(STAGE)/lib $(STAGE)/man
	strip -o $(STAGE)/bin/gridrepl $(STATIC)/release/gridrepl
	strip -o $(STAGE)/bin/gridlayout $(STATIC)/release/gridlayout-cli
	strip --strip-unneeded -o $(STAGE)/lib/libgridlayout.so.$(VERSION) $(STATIC)/release/libgridlayout.so
	strip --strip-unneeded -o $(STAGE)/lib/gridlayout.so $(STATIC)/release/libgridlayout-lua.so
	sed 's/@VERSION@/$(VERSION)/g' man/gridrepl.1 > $(STAGE)/man/gridrepl.1
	sed 's/@VERSION@/$(VERSION)/g' man/gridlayout.1 > $(STAGE)/man/gridlayout.1
	@echo "staged $(STAGE): gridrepl $$(du -k $(STAGE)/bin/gridrepl | cut -f1) kB, gridlayout $$(du -k $(STAGE)/bin/gridlayout | cut -f1) kB, libgridlayout.so.$(VERSION) $$(du -k $(STAGE)/lib/libgridlayout.so.$(VERSION) | cut -f1) kB, gridlayout.so (Lua) $$(du -k $(STAGE)/lib/gridlayout.so | cut -f1) kB"

# make install PREFIX=/usr/local DESTDIR=: bin/gridrepl, bin/gridlayout; lib/libgridlayout.so{,.1,.1.2.0},
# include/gridlayout.h, lib/pkgconfig/gridlayout.pc and the Lua module lib/lua/5.4/gridlayout.so
# (bindings/c's install); the Python package in PYTHONDIR (its libgridlayout.so a link to the library);
# share/man/man1/gridrepl.1 and gridlayout.1; the docs and example scripts in share/doc/gridlayout.
# `make uninstall` with the same variables removes exactly those files.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
LUACDIR ?= $(LIBDIR)/lua/5.4
# Debian's python3 looks in /usr/lib/python3/dist-packages (the .deb's); for another prefix or
# Python add this folder to PYTHONPATH, set PYTHONDIR, or install the wheel instead.
PYTHONDIR ?= $(PREFIX)/lib/python3/dist-packages
MANDIR ?= $(PREFIX)/share/man
# LuaJIT's (and Neovim's) package.path covers $(PREFIX)/share/lua/5.1 for /usr and /usr/local.
LUAJITDIR ?= $(PREFIX)/share/lua/5.1
LUAJITFILES := bindings/luajit/gridlayout.lua bindings/luajit/gridlayout/cdef.lua
DOCDIR ?= $(PREFIX)/share/doc/gridlayout
PYFILES := $(sort $(wildcard bindings/python/gridlayout/*.py)) bindings/python/gridlayout/py.typed
DOCS := README.md CHANGELOG.md BENCHMARKS.md $(sort $(wildcard docs/*.md docs/images/*.svg docs/images/*.png schemas/*.json)) bindings/c/README.md \
        bindings/lua/README.md bindings/luajit/README.md bindings/python/README.md scripts/README.md $(sort $(wildcard scripts/*.lua)) \
        $(sort $(wildcard bindings/c/examples/*.c))
C_DIRS = PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) LIBDIR=$(LIBDIR) INCLUDEDIR=$(INCLUDEDIR) \
         PKGCONFIGDIR=$(PKGCONFIGDIR) LUACDIR=$(LUACDIR)

install: static
	$(MAKE) --no-print-directory -C bindings/c install STAGED=$(CURDIR)/$(STAGE)/lib $(C_DIRS)
	install -d -m 755 $(DESTDIR)$(BINDIR) $(DESTDIR)$(PYTHONDIR)/gridlayout $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(STAGE)/bin/gridrepl $(DESTDIR)$(BINDIR)/gridrepl
	install -m 755 $(STAGE)/bin/gridlayout $(DESTDIR)$(BINDIR)/gridlayout
	install -m 644 $(PYFILES) $(DESTDIR)$(PYTHONDIR)/gridlayout/
	install -d -m 755 $(DESTDIR)$(LUAJITDIR)/gridlayout
	install -m 644 bindings/luajit/gridlayout.lua $(DESTDIR)$(LUAJITDIR)/gridlayout.lua
	install -m 644 bindings/luajit/gridlayout/cdef.lua $(DESTDIR)$(LUAJITDIR)/gridlayout/cdef.lua
	ln -sf $$(realpath -sm --relative-to=$(PYTHONDIR)/gridlayout $(LIBDIR)/libgridlayout.so.$(MAJOR)) \
	      $(DESTDIR)$(PYTHONDIR)/gridlayout/libgridlayout.so
	install -m 644 $(STAGE)/man/gridrepl.1 $(DESTDIR)$(MANDIR)/man1/gridrepl.1
	install -m 644 $(STAGE)/man/gridlayout.1 $(DESTDIR)$(MANDIR)/man1/gridlayout.1
	@for f in $(DOCS); do install -D -m 644 $$f $(DESTDIR)$(DOCDIR)/$$f || exit 1; done
	@echo "installed gridlayout $(VERSION) into $(DESTDIR)$(PREFIX)"

uninstall:
	$(MAKE) --no-print-directory -C bindings/c uninstall $(C_DIRS)
	rm -f $(DESTDIR)$(BINDIR)/gridrepl $(DESTDIR)$(MANDIR)/man1/gridrepl.1 \
	      $(DESTDIR)$(BINDIR)/gridlayout $(DESTDIR)$(MANDIR)/man1/gridlayout.1 \
	      $(addprefix $(DESTDIR)$(PYTHONDIR)/gridlayout/,$(notdir $(PYFILES)) libgridlayout.so) \
	      $(addprefix $(DESTDIR)$(DOCDIR)/,$(DOCS)) \
	      $(DESTDIR)$(LUAJITDIR)/gridlayout.lua $(DESTDIR)$(LUAJITDIR)/gridlayout/cdef.lua
	rmdir --ignore-fail-on-non-empty $(DESTDIR)$(LUAJITDIR)/gridlayout 2>/dev/null || true
	rm -rf $(DESTDIR)$(PYTHONDIR)/gridlayout/__pycache__
	@for f in $(DOCS); do d=$$(dirname $$f); while [ "$$d" != . ]; do echo $$d; d=$$(dirname $$d); done; done \
	 | sort -ru | while read -r d; do echo $(DESTDIR)$(DOCDIR)/$$d; done \
	 | { cat; echo $(DESTDIR)$(DOCDIR); echo $(DESTDIR)$(PYTHONDIR)/gridlayout; } \
	 | while read -r d; do [ ! -d "$$d" ] || rmdir --ignore-fail-on-non-empty "$$d"; done

# make deb: dist/gridlayout_VERSION_ARCH.deb (dpkg-deb), what `make install` installs, laid out
# for Debian 12: the library, .pc and Lua module under /usr/lib/MULTIARCH, the Python package in
# /usr/lib/python3/dist-packages (tools/make-deb.sh writes the control file).
DEB_MAINTAINER ?= gridlayout maintainers <maintainers@users.noreply.a-seed-1acab131.example>
deb: static
	@rm -rf $(STATIC)/deb
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(STATIC)/deb PREFIX=/usr \
	  LIBDIR=/usr/lib/$$(dpkg-architecture -qDEB_HOST_MULTIARCH) PYTHONDIR=/usr/lib/python3/dist-packages > /dev/null
	tools/make-deb.sh $(STATIC)/deb $(VERSION) dist "$(DEB_MAINTAINER)"

# make wheel: dist/gridlayout-VERSION-py3-none-PLATFORM.whl, the Python package with the
# self-contained library inside (it needs no Lua): `pip install` it where there is no Swift.
wheel: static
	python3 tools/make-wheel.py $(STAGE)/lib/libgridlayout.so.$(VERSION) dist
