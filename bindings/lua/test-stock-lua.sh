#!/usr/bin/env bash
# Runs every scripts/*.lua under Debian's stock lua5.4 with `require "gridlayout"` resolved to
# the Lua module gridlayout.so (LUA_CPATH), and under gridrepl, and compares the two outputs
# (stdout and stderr, exit status), both with COLUMNS=80 LINES=24.
#   GRIDLAYOUT_LIBDIR  folder holding gridlayout.so (default: the staged debug build, `make -C
#                      bindings/c lua CONFIG=debug`, brought up to date first)
#   GRIDREPL_BIN       gridrepl to compare with (default: .build/debug/gridrepl; built if missing)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
libdir=${GRIDLAYOUT_LIBDIR:-$root/.build/gridlayout-c/debug/lib}
repl=${GRIDREPL_BIN:-$root/.build/debug/gridrepl}
lua=${LUA:-lua5.4}

command -v "$lua" > /dev/null || { echo "$lua not found (tools/ensure-deps.sh installs Debian's lua5.4)" >&2; exit 1; }
if [ -z "${GRIDLAYOUT_LIBDIR:-}" ]; then
    make -s -C "$root/bindings/c" lua CONFIG=debug > /dev/null
fi
[ -f "$libdir/gridlayout.so" ] || { echo "no gridlayout.so in $libdir" >&2; exit 1; }
[ -x "$repl" ] || (cd "$root" && swift build --product gridrepl > /dev/null)

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
passed=0 failed=0
cd "$root"
for script in scripts/*.lua; do
    name=$(basename "$script" .lua)
    set +e
    COLUMNS=80 LINES=24 LUA_CPATH="$libdir/?.so" LUA_INIT= "$lua" "$script" > "$out/$name.lua" 2>&1
    lua_status=$?
    COLUMNS=80 LINES=24 LUA_INIT= "$repl" "$script" > "$out/$name.repl" 2>&1
    repl_status=$?
    set -e
    if [ $lua_status -eq $repl_status ] && cmp -s "$out/$name.lua" "$out/$name.repl"; then
        passed=$((passed + 1))
        echo "ok   $script ($(wc -l < "$out/$name.lua") lines, status $lua_status)"
    else
        failed=$((failed + 1))
        echo "FAIL $script: lua5.4 status $lua_status, gridrepl status $repl_status"
        diff "$out/$name.repl" "$out/$name.lua" | head -20 || true
    fi
done
# The module's identity under stock Lua: the same table gridrepl preloads.
check='local gl = require "gridlayout"; local g = gl.new{ lanes = 3, spacing = 10 }
g.dataSource = { count = function() return 10 end, size = function() return 100, 120 end }
g:reload(); print(gl.version, #gl.methods, g:contentSize())
print(pcall(g.frame, g, 1, 11))'
a=$(LUA_CPATH="$libdir/?.so" "$lua" -e "$check" 2>&1) || true
b=$("$repl" -e "$check" 2>&1) || true
if [ "$a" = "$b" ]; then
    passed=$((passed + 1)); echo "ok   module API and errors: $(echo "$a" | head -1)"
else
    failed=$((failed + 1)); echo "FAIL module API: lua5.4 gave '$a', gridrepl '$b'"
fi
# The module stands alone: stock lua5.4 loads no libgridlayout.so with it.
loaded=$(LUA_CPATH="$libdir/?.so" LD_DEBUG=libs "$lua" -e 'require "gridlayout"' 2>&1 | grep -o 'calling init: .*' || true)
if echo "$loaded" | grep -q 'gridlayout\.so' && ! echo "$loaded" | grep -q 'libgridlayout'; then
    passed=$((passed + 1)); echo "ok   the module loads without libgridlayout.so"
else
    failed=$((failed + 1)); echo "FAIL the module's loaded objects: $loaded"
fi
echo "stock lua5.4: $passed passed, $failed failed"
[ $failed -eq 0 ]
