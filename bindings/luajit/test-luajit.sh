#!/usr/bin/env bash
# Runs every scripts/*.lua under Debian's luajit with `require "gridlayout"` resolved to the LuaJIT
# binding (bindings/luajit, over libgridlayout.so) and under gridrepl, and compares the two outputs
# (stdout and stderr, exit status), both with COLUMNS=80 LINES=24, as test-stock-lua.sh does for
# lua5.4. A script that cannot run byte for byte is listed with its reason and checked for it.
# Then the module's API and errors against gridrepl's, and the binding inside headless Neovim.
#   GRIDLAYOUT_LIBDIR  folder holding libgridlayout.so (default: the staged debug build, `make -C
#                      bindings/c lib CONFIG=debug`, brought up to date first)
#   GRIDREPL_BIN       gridrepl to compare with (default: .build/debug/gridrepl; built if missing)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
libdir=${GRIDLAYOUT_LIBDIR:-$root/.build/gridlayout-c/debug/lib}
repl=${GRIDREPL_BIN:-$root/.build/debug/gridrepl}

for tool in luajit nvim; do
    command -v $tool > /dev/null || { echo "$tool not found (tools/ensure-deps.sh installs it)" >&2; exit 1; }
done
if [ -z "${GRIDLAYOUT_LIBDIR:-}" ]; then
    make -s -C "$root/bindings/c" lib CONFIG=debug > /dev/null
fi
[ -f "$libdir/libgridlayout.so" ] || { echo "no libgridlayout.so in $libdir" >&2; exit 1; }
[ -x "$repl" ] || (cd "$root" && swift build --product gridrepl > /dev/null)
export GRIDLAYOUT_LIBRARY=$libdir/libgridlayout.so
export LUA_PATH="$root/bindings/luajit/?.lua;;"

# Scripts that cannot give gridrepl's bytes under LuaJIT, and why. Lua 5.4 prints a float with an
# integral value as 288.0 and LuaJIT, whose numbers are all doubles, as 288: those scripts must
# give gridrepl's output once its '.0' are dropped. A script in Lua 5.3+ syntax must fail on it.
declare -A floats=([paging]=1 [store]=1)
declare -A syntax=([timeline]="'//' (integer division, Lua 5.3)")

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
passed=0 failed=0
cd "$root"
for script in scripts/*.lua; do
    name=$(basename "$script" .lua)
    set +e
    COLUMNS=80 LINES=24 LUA_INIT= luajit "$script" > "$out/$name.jit" 2>&1
    jit_status=$?
    COLUMNS=80 LINES=24 LUA_INIT= "$repl" "$script" > "$out/$name.repl" 2>&1
    repl_status=$?
    set -e
    if [ -n "${syntax[$name]:-}" ]; then
        if [ $jit_status -ne 0 ] && grep -q "unexpected symbol near '/'" "$out/$name.jit"; then
            passed=$((passed + 1)); echo "skip $script: uses ${syntax[$name]}, which LuaJIT does not parse"
        else
            failed=$((failed + 1)); echo "FAIL $script: expected LuaJIT to refuse ${syntax[$name]}, status $jit_status"
        fi
        continue
    fi
    how="byte for byte"
    if [ -n "${floats[$name]:-}" ]; then
        sed -E 's/([0-9])\.0([^0-9]|$)/\1\2/g' "$out/$name.repl" > "$out/$name.repl-int"
        if cmp -s "$out/$name.repl" "$out/$name.repl-int"; then
            failed=$((failed + 1)); echo "FAIL $script: listed as printing floats, but gridrepl prints none"; continue
        fi
        mv "$out/$name.repl-int" "$out/$name.repl"
        how="but for Lua 5.4's float '.0'"
    fi
    if [ $jit_status -eq $repl_status ] && cmp -s "$out/$name.jit" "$out/$name.repl"; then
        passed=$((passed + 1))
        echo "ok   $script ($(wc -l < "$out/$name.jit") lines, status $jit_status, $how)"
    else
        failed=$((failed + 1))
        echo "FAIL $script: luajit status $jit_status, gridrepl status $repl_status"
        diff "$out/$name.repl" "$out/$name.jit" | head -20 || true
    fi
done
# The module's API and errors, as gridrepl's (positions, messages, the methods' names).
for check in bindings/luajit/tests/*.lua; do
    set +e
    a=$(cd bindings/luajit/tests && luajit "$(basename "$check")" 2>&1)
    b=$(cd bindings/luajit/tests && "$repl" "$(basename "$check")" 2>&1)
    set -e
    if [ "$a" = "$b" ]; then
        passed=$((passed + 1)); echo "ok   $check ($(echo "$a" | wc -l) lines as gridrepl's)"
    else
        failed=$((failed + 1)); echo "FAIL $check: luajit and gridrepl differ"
        diff <(echo "$b") <(echo "$a") | head -20 || true
    fi
done
# A Neovim plugin's use: the binding inside headless Neovim's own LuaJIT.
a=$(nvim --headless --clean -c 'lua package.path = vim.env.LUA_PATH .. package.path
  local gl = require "gridlayout"
  local g = gl.new{ lanes = 3, spacing = 10, width = 320, height = 300 }
  g.dataSource = { count = function() return 10 end, size = function() return 100, 120 end }
  g:reload(); g:scrollTo(0, 200)
  local v = g:visible()
  io.stdout:write(jit.version, " ", gl.version, " ", #v, " ", v[1].section, ".", v[1].item, " ", table.concat({g:frame(1, 10)}, " "), "\n")' -c q 2>&1) || true
if echo "$a" | grep -qx "LuaJIT 2.1.[0-9a-z.~+-]* $(cat VERSION) 7 1.4 0 390 100 120"; then
    passed=$((passed + 1)); echo "ok   headless Neovim: $a"
else
    failed=$((failed + 1)); echo "FAIL headless Neovim gave: $a"
fi
echo "luajit: $passed passed, $failed failed"
[ $failed -eq 0 ]
