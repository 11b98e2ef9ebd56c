#!/usr/bin/env bash
# Installs the Debian packages the build needs, when they are missing. Safe to run every time.
set -euo pipefail
packages=(liblua5.4-dev libedit-dev pkg-config lua5.4 valgrind)   # Lua for GridScript, libedit for gridrepl; stock lua5.4 and valgrind for bindings/c and bindings/lua
packages+=(libncurses-dev)   # ncurses for gridrepl's live view (--view, grid:view())
packages+=(libmicrohttpd-dev)   # HTTP for gridrepl --serve (the browser view)
packages+=(libjs-codemirror)   # the editor of gridrepl --serve's playground, served from where Debian installs it
packages+=(libyajl-dev)   # JSON events for the gridlayout command (repeated keys, where a document is not JSON)
packages+=(chromium chromium-driver)   # headless chromium for the browser view's tests (Tests/browser, via selenium)
packages+=(luajit neovim)   # the LuaJIT binding (bindings/luajit): luajit, and Neovim's embedded LuaJIT
packages+=(love xvfb xdotool)   # the LÖVE example (examples/love): LÖVE 11 (LuaJIT), and its test's X server and mouse
packages+=(binutils dpkg-dev groff-base)   # packaging (make static/deb, Tests/packaging): strip and readelf, dpkg-shlibdeps, the man page check
# The wheel's test makes a venv with pip: Debian's python3 needs python3-venv for that (ensurepip).
python3 -c 'import ensurepip, venv' 2>/dev/null || packages+=(python3-venv)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}" >&2
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >&2
fi
# pytest runs gridrepl's REPL tests (Tests/repl); pyte renders the live view's screen for them;
# jsonschema checks gridlayout's requests and responses against schemas/ (Tests/cli);
# selenium drives chromium for gridrepl --serve's tests (Tests/browser).
# mypy type-checks code that uses the Python package's generated options (Tests/surface).
# distributed (dask.distributed) runs docs/batch.md's cluster (bindings/python/tests/test_batch.py).
# Each from PyPI, else Debian's package.
for module in pytest pyte jsonschema selenium mypy distributed; do
    python3 -c "import $module" 2>/dev/null && continue
    echo "installing: $module" >&2
    python3 -m pip install -q "$module" >&2 \
        || python3 -m pip install -q --break-system-packages "$module" >&2 \
        || { sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
             DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "python3-$module" >&2; }
done
