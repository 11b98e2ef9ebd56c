// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "gridlayout",
    products: [
        .library(name: "GridLayout", targets: ["GridLayout"]),
        .executable(name: "gridexample", targets: ["gridexample"]),
        .executable(name: "gridbench", targets: ["gridbench"]),
        .executable(name: "gridrepl", targets: ["gridrepl"]),
        // The JSON command line, installed as bin/gridlayout: its product has another name because
        // SwiftPM takes one name per product and "gridlayout" is the C library's.
        .executable(name: "gridlayout-cli", targets: ["gridlayout-cli"]),
        .library(name: "GridScript", targets: ["GridScript"]),
        // libgridlayout.so: the C ABI (bindings/c/gridlayout.h). No Lua in it.
        .library(name: "gridlayout", type: .dynamic, targets: ["GridLayoutC"]),
        // libgridlayout-lua.so: the module for stock lua5.4, installed as lib/lua/5.4/gridlayout.so.
        .library(name: "gridlayout-lua", type: .dynamic, targets: ["GridLayoutLua"]),
    ],
    targets: [
        // The engine: pure Swift, no Foundation, imports nothing of ours.
        .target(name: "GridLayout", linkerSettings: [.linkedLibrary("m")]),
        // Prints a grid's visible items from Swift.
        .executableTarget(name: "gridexample", dependencies: ["GridLayout"]),
        // Lua 5.4 (Debian's liblua5.4-dev) with its macros made importable.
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        // libedit (Debian's libedit-dev) for the REPL's line editing and history.
        .systemLibrary(name: "CEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // ncurses (Debian's libncurses-dev: libncursesw, which pulls in libtinfo) for gridrepl's live
        // terminal view. No pkgConfig: ncursesw.pc's -D flags are ones SwiftPM refuses, and the header
        // is in /usr/include.
        .systemLibrary(name: "CCurses", providers: [.apt(["libncurses-dev"])]),
        // GNU libmicrohttpd (Debian's libmicrohttpd-dev) for gridrepl --serve, the browser view.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // yajl (Debian's libyajl-dev) for the gridlayout command: its event parser reads a document
        // once, checking it and building the tree the request is read from. Linked
        // statically (libyajl_s.a; no pkgConfig, whose flags link the shared library), so that the
        // command needs no library beyond the C and C++ runtimes.
        .systemLibrary(name: "CYAJL", providers: [.apt(["libyajl-dev"])]),
        // What every host face shares (the C face and the Lua module): the event queue and its
        // delivery, view reuse and renumbering, the re-entrancy guard, the pictures (draw, svg).
        .target(name: "GridHost", dependencies: ["GridLayout"]),
        // The `gridlayout` Lua module: grids driven by Lua data sources.
        .target(name: "GridScript", dependencies: ["GridLayout", "GridHost", "CLua"]),
        // The REPL and script runner, like lua5.4 with gridlayout preloaded; its live view (ncurses)
        // and its browser view (libmicrohttpd).
        .executableTarget(name: "gridrepl", dependencies: ["GridScript", "GridHost", "GridLayout", "CLua", "CEdit", "CCurses", "CMicroHTTPD",
                                                   "LiveViewCore", "ServeCore"],
                          // The browser view's page, compiled into the binary as byte arrays
                          // (PackageResources): no Foundation bundle to look up at run time.
                          resources: [.embedInCode("Serve/page/index.html"), .embedInCode("Serve/page/page.js"),
                                      .embedInCode("Serve/page/page.css")]),
        // `gridlayout layout`: a JSON request in, frames out (docs/json.md). yajl's event parser
        // reads the request in one pass (no Foundation in the command).
        .executableTarget(name: "gridlayout-cli", dependencies: ["GridLayout", "CYAJL"]),
        // The live view's pure part (gridrepl --view, grid:view()): scale, cells, boxes and labels,
        // the status lines, index path input. No ncurses, no Lua: tested by LiveViewCoreTests.
        .target(name: "LiveViewCore"),
        // The browser view's pure part (gridrepl --serve): its routes, the validation of request
        // bodies, the state JSON, and the HTTP status of each kind of failure. No libmicrohttpd,
        // no Lua: tested by ServeCoreTests. Its JSON is FoundationEssentials' JSONEncoder and
        // JSONDecoder, not Foundation's: full Foundation would link ICU's data into gridrepl's
        // self-contained binary.
        .target(name: "ServeCore", dependencies: ["GridLayout", "GridHost"]),
        // Benchmarks of the hot paths; `make bench` runs them and rewrites BENCHMARKS.md.
        .executableTarget(name: "gridbench", dependencies: ["GridLayout", "GridScript", "CLua", "GridBenchFloor", "GridLayoutC",
                                                            "GridLayoutCSupport"]),
        // gridbench's floors in plain C: the lanes and flow layouts as bare loops, a C host's lua_pcall loop.
        // DWARF 4 as the Swift targets: Debian 12's valgrind cannot read clang's default DWARF 5.
        .target(name: "GridBenchFloor", dependencies: ["CLua"], cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // The C ABI's structs (from bindings/c/gridlayout.h) and its per-thread error message.
        // DWARF 4 too: gridbench links it, and callgrind reads gridbench's debug info.
        .target(name: "GridLayoutCSupport", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // @_cdecl exports of libgridlayout.so. Only gl_* are exported (exports.map); the library
        // has a SONAME (libgridlayout.so.GL_VERSION_MAJOR: keep it in step with gridlayout.h) and
        // stays loaded once loaded (nodelete: the Swift runtime keeps pointers into its metadata).
        // It must not depend on GridScript or CLua: C and Python users get no Lua.
        .target(name: "GridLayoutC", dependencies: ["GridLayout", "GridHost", "GridLayoutCSupport"],
                exclude: ["exports.map"],
                linkerSettings: [.unsafeFlags([
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/GridLayoutC/exports.map",
                    "-Xlinker", "-soname", "-Xlinker", "libgridlayout.so.1",
                    "-Xlinker", "-z", "-Xlinker", "nodelete",
                ])]),
        // luaopen_gridlayout, the one export of the Lua module (exports.map); no SONAME (Lua loads
        // it by path), nodelete as libgridlayout.so.
        .target(name: "GridLayoutLua", dependencies: ["GridScript", "CLua"],
                exclude: ["exports.map"],
                linkerSettings: [.unsafeFlags([
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/GridLayoutLua/exports.map",
                    "-Xlinker", "-z", "-Xlinker", "nodelete",
                ])]),
        // Helpers shared by the test targets: brute-force model, random data, fixtures.
        .target(name: "GridLayoutTestSupport", dependencies: ["GridLayout"],
                path: "Tests/GridLayoutTestSupport"),
        // libFuzzer targets for the engine, the Lua API and the C ABI: `make fuzz`; the plain
        // build replays Tests/fuzz/corpus.
        .executableTarget(name: "gridfuzz", dependencies: ["GridLayout", "GridScript", "CLua", "GridLayoutC", "GridLayoutCSupport",
                                                    "GridLayoutTestSupport"]),
        .testTarget(name: "GridLayoutTests", dependencies: ["GridLayout", "GridLayoutTestSupport"]),
        .testTarget(name: "GridScriptTests", dependencies: ["GridScript", "CLua", "GridLayoutTestSupport"]),
        .testTarget(name: "LiveViewCoreTests", dependencies: ["LiveViewCore"]),
        .testTarget(name: "ServeCoreTests", dependencies: ["ServeCore", "GridLayout"]),
    ]
)
