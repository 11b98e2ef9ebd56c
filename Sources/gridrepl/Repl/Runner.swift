import CLua
import GridScript
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The Lua helpers the host needs for every operation that may run a metamethod or raise an
/// error. The host calls them through `lua_pcall`, so a Lua error never longjmps across Swift.
/// They capture the library functions before any user code runs.
private let helperSource = """
local check, timeoutMessage = ...
local G, tostring, type, error, sethook, unpack = _ENV, tostring, type, error, debug.sethook, table.unpack
collectgarbage("generational")
local H = {}
function H.get(name) return G[name] end
function H.set(name, value) G[name] = value end
function H.memory() return collectgarbage("count") * 1024 end
function H.collect() collectgarbage() end
function H.tostring(v) return tostring(v) end
function H.prompt(first)
  local p
  if first then p = G._PROMPT else p = G._PROMPT2 end
  if p ~= nil then return tostring(p) end
end
function H.args()
  local a = G.arg
  if type(a) ~= "table" then error("'arg' is not a table", 0) end
  return unpack(a, 1, #a)
end
-- The hook of Ctrl-C and --timeout: check() says which (1 or 2) stops the running code.
local armed = 0
local function stop()
  local why = check()
  if why == 1 then
    sethook(stop, "", armed)
    error("interrupted!", 3)
  elseif why == 2 then
    -- From now on at every instruction: a pcall that catches the error cannot go on, as the
    -- next instruction after it raises again, up to the chunk.
    sethook(stop, "", 1)
    error(timeoutMessage, 3)
  end
end
-- The prompt's environment (unless --lua-locals): the names that top-level `local` statements
-- of prompt chunks declared (LocalRewrite turns them into calls of `declare`), then the globals.
-- A declared name stays a prompt local, nil or not, until the session ends.
local declared, values = {}, {}
local select = select
local function declare(n, ...)
  for i = 1, n do declared[(select(i, ...))] = true end
  return select(n + 1, ...)
end
H.locals = values
H.env = setmetatable({}, {
  __index = function(_, k)
    if k == "__gridrepl_local" then return declare end
    if declared[k] then return values[k] end
    return G[k]
  end,
  __newindex = function(_, k, v)
    if declared[k] then values[k] = v else G[k] = v end
  end,
})
-- At the prompt: `gl` and `gridlayout` are the module, unless the names are taken.
local require = require
function H.promptGlobals()
  local ok, gl = pcall(require, "gridlayout")
  if not ok then return end
  if G.gl == nil then G.gl = gl end
  if G.gridlayout == nil then G.gridlayout = gl end
end
-- After `-i script`: its results in `results` (with n), its grid in `grid`, unless the names
-- are taken (the host passes the grid: the first result if a grid, else the one made last).
function H.keepResults(grid, ...)
  local n = select("#", ...)
  if n > 0 and G.results == nil then G.results = {n = n, ...} end
  if G.grid == nil then G.grid = grid end
end
-- The grid `gridlayout.new` made last: the one the views show and `-i` names `grid` when a
-- script returns none. The module's `new` is wrapped when the module is loaded; it is called
-- under pcall and its error raised again at level 2, so that the message names the caller's line
-- as the module's own does (the wrapper's lines are left out of tracebacks: a host chunk).
local lastGrid
local preload, pcall = package.preload, pcall
local open = preload.gridlayout
if open then
  preload.gridlayout = function(...)
    local gl = open(...)
    local new = gl.new
    gl.new = function(...)
      local ok, grid = pcall(new, ...)
      if not ok then error(grid, 2) end
      lastGrid = grid
      return grid
    end
    return gl
  end
end
function H.lastGrid() return lastGrid end
function H.forgetLastGrid() lastGrid = nil end
function H.arm(count) armed = count or 0; sethook(stop, "", armed) end
function H.install() sethook(stop, "", 1 << 30) end
if timeoutMessage then  -- coroutines (from coroutine.create) get the hook too
  local cocreate = coroutine.create
  coroutine.create = function(f)
    local co = cocreate(f)
    if armed ~= 0 then sethook(co, stop, "", armed) end
    return co
  end
end
return H
"""

private let helpersKey = "gridrepl.helpers"


enum Runner {
    /// The mode of the chunks the host loads: "t" (text only) in the sandbox.
    nonisolated(unsafe) static var loadMode = "bt"

    /// Prefixes messages; nil in interactive mode (lua.c's `progname`).
    nonisolated(unsafe) static var messagePrefix: String? = progname
    /// The name messages begin with: argv[0]'s last path component, as the user typed the
    /// command (lua.c uses argv[0] whole; the directory says nothing useful in a message).
    nonisolated(unsafe) static var progname = "gridrepl"

    /// Sets `progname` from argv[0], when it names something.
    static func setProgname(_ argv0: String?) {
        guard let argv0, let name = argv0.split(separator: "/").last, !name.isEmpty else { return }
        progname = String(name)
        messagePrefix = progname
    }

    /// lua.c's `l_message`.
    static func message(_ prefix: String?, _ text: String) {
        writeError((prefix.map { "\($0): " } ?? "") + text + "\n")
    }

    /// The string at `index` (numbers converted), or a placeholder.
    static func string(_ L: OpaquePointer, _ index: Int32) -> String {
        var length = 0
        guard let p = lua_tolstring(L, index, &length) else {
            return "(error object is a \(String(cString: luaL_typename(L, index))) value)"
        }
        return p.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// lua.c's `report`: prints and pops the error message of a failed status.
    @discardableResult
    static func report(_ L: OpaquePointer, _ status: Int32) -> Int32 {
        if status != LUA_OK {
            message(messagePrefix, string(L, -1))
            lua_settop(L, -2)
        }
        return status
    }

    /// Pushes helper `name`.
    static func pushHelper(_ L: OpaquePointer, _ name: String) {
        lua_getfield(L, gl_registryindex(), helpersKey)
        lua_getfield(L, -1, name)
        lua_rotate(L, -2, -1)
        lua_settop(L, -2)
    }

    /// Pushes the grid the script's `gridlayout.new` made last and returns true, or pushes
    /// nothing and returns false when it made none (since `forgetLastGrid`).
    static func pushLastGrid(_ L: OpaquePointer) -> Bool {
        guard callHelper(L, "lastGrid", 0, 1) == LUA_OK else {
            lua_settop(L, -2)
            return false
        }
        if GridViewHost.isGrid(L, -1) { return true }
        lua_settop(L, -2)
        return false
    }

    /// Forgets the last grid made, before running a script whose grid a view or `-i` wants.
    static func forgetLastGrid(_ L: OpaquePointer) {
        if callHelper(L, "forgetLastGrid", 0, 0) != LUA_OK { lua_settop(L, -2) }
    }

    /// Calls helper `name` with `nargs` arguments from the stack, protected.
    @discardableResult
    static func callHelper(_ L: OpaquePointer, _ name: String, _ nargs: Int32, _ nresults: Int32) -> Int32 {
        pushHelper(L, name)
        lua_insert(L, -(nargs + 1))
        return lua_pcall(L, nargs, nresults, 0)
    }

    /// Pushes global `name` (metamethods included), or nil and returns false on an error.
    @discardableResult
    static func getGlobal(_ L: OpaquePointer, _ name: String) -> Bool {
        lua_pushstring(L, name)
        if callHelper(L, "get", 1, 1) != LUA_OK {
            lua_settop(L, -2)
            lua_pushnil(L)
            return false
        }
        return true
    }

    /// lua.c's `docall`: calls the function below `narg` arguments with the message handler,
    /// and with Ctrl-C armed to interrupt it.
    static func docall(_ L: OpaquePointer, _ narg: Int32, _ nres: Int32) -> Int32 {
        armHook(L)
        let base = lua_gettop(L) - narg
        // lua.c's message handler, in C (it runs while an error is raised).
        lua_pushcclosure(L, gl_lua_message_handler, 0)
        lua_insert(L, base)
        if Interactive.active { Limits.startClock() }  // each line gets the whole budget
        let wasStrict = Limits.strict
        Limits.strict = true
        interruptState = L
        setSignal(SIGINT, interruptAction)
        Limits.running.add(1, ordering: .relaxed)
        let status = lua_pcall(L, narg, nres, base)
        Limits.running.subtract(1, ordering: .relaxed)
        setSignal(SIGINT, Interactive.active ? promptAction : nil)
        Limits.strict = wasStrict
        if Interactive.active { Limits.deadline = 0 }
        if sameHook(lua_gethook(L), stopHook) { lua_sethook(L, nil, 0, 0) }  // a late Ctrl-C
        Limits.interruptPending = 0
        lua_remove(L, base)
        if status == LUA_ERRMEM { callHelper(L, "collect", 0, 0) == LUA_OK ? () : lua_settop(L, -2) }  // the failed chunk's garbage
        return status
    }

    /// Sets the hook that stops running code at the `--timeout` deadline (checked every
    /// `Limits.checkInterval` instructions), or readies it for Ctrl-C.
    static func armHook(_ L: OpaquePointer) {
        if Limits.timeout != nil {
            lua_pushinteger(L, lua_Integer(Limits.checkInterval))
            callHelper(L, "arm", 1, 0) == LUA_OK ? () : lua_settop(L, -2)
        } else if lua_gethook(L) == nil {
            callHelper(L, "arm", 0, 0) == LUA_OK ? () : lua_settop(L, -2)
        }
    }

    static func dochunk(_ L: OpaquePointer, _ status: Int32) -> Int32 {
        var status = status
        if status == LUA_OK { status = docall(L, 0, 0) }
        return report(L, status)
    }

    static func dofile(_ L: OpaquePointer, _ name: UnsafePointer<CChar>?) -> Int32 {
        dochunk(L, luaL_loadfilex(L, name, loadMode))
    }

    static func dostring(_ L: OpaquePointer, _ s: UnsafePointer<CChar>, _ name: String) -> Int32 {
        dochunk(L, luaL_loadbufferx(L, s, strlen(s), name, loadMode))
    }

    /// `-l g=mod` or `-l mod`: runs `g = require(mod)`.
    static func dolibrary(_ L: OpaquePointer, _ spec: String) -> Int32 {
        var globalName = spec
        var moduleName = spec
        if let eq = spec.firstIndex(of: "=") {
            globalName = String(spec[..<eq])
            moduleName = String(spec[spec.index(after: eq)...])
        }
        getGlobal(L, "require")
        lua_pushstring(L, moduleName)
        var status = docall(L, 1, 1)
        if status == LUA_OK {
            lua_pushstring(L, globalName)
            lua_insert(L, -2)
            status = callHelper(L, "set", 2, 0)
        }
        return report(L, status)
    }

    /// lua.c's `handle_script`: runs the script at argv[index] with the script arguments.
    static func handleScript(_ L: OpaquePointer, _ argv: [UnsafeMutablePointer<CChar>], _ index: Int) -> Int32 {
        report(L, runScript(L, argv, index))
    }

    /// Runs the script at argv[index]: its results, or its error message, are left on the stack.
    static func runScript(_ L: OpaquePointer, _ argv: [UnsafeMutablePointer<CChar>], _ index: Int) -> Int32 {
        var name: UnsafePointer<CChar>? = UnsafePointer(argv[index])
        if strcmp(argv[index], "-") == 0 && strcmp(argv[index - 1], "--") != 0 { name = nil }  // stdin
        return runLoaded(L, luaL_loadfilex(L, name, loadMode))
    }

    /// Calls the chunk just loaded (when `status` is LUA_OK) with the script arguments, as a
    /// script is run: its results, or its error message, are left on the stack.
    static func runLoaded(_ L: OpaquePointer, _ status: Int32) -> Int32 {
        var status = status
        if status == LUA_OK {
            let top = lua_gettop(L)
            status = callHelper(L, "args", 0, LUA_MULTRET)
            if status == LUA_OK { status = docall(L, lua_gettop(L) - top, LUA_MULTRET) }
        }
        return status
    }

    /// lua.c's `handle_luainit`: LUA_INIT_5_4 or LUA_INIT, `@file` or code.
    static func handleLuaInit(_ L: OpaquePointer) -> Int32 {
        var name = "=LUA_INIT_\(LUA_VERSION_MAJOR)_\(LUA_VERSION_MINOR)"
        var value = getenv(String(name.dropFirst()))
        if value == nil {
            name = "=LUA_INIT"
            value = getenv("LUA_INIT")
        }
        guard let value else { return LUA_OK }
        if value[0] == CChar(UInt8(ascii: "@")) { return dofile(L, value + 1) }
        return dostring(L, value, name)
    }

    /// The version lines of `-v`.
    static func printVersion() {
        writeOut("\(progname) \(GridScript.version)\n\(luaCopyright)\n")
    }

    /// LUA_COPYRIGHT of the Lua library in use, read from its `lua_ident` (Swift cannot import
    /// the macro nor the array).
    static var luaCopyright: String {
        let fallback = "Lua \(LUA_VERSION_MAJOR).\(LUA_VERSION_MINOR).\(LUA_VERSION_RELEASE)  Copyright (C) 1994-2022 Lua.org, PUC-Rio"
        guard let symbol = dlsym(nil, "lua_ident") else { return fallback }
        // "$LuaVersion: <copyright> $$LuaAuthors: <authors> $"
        let ident = String(cString: symbol.assumingMemoryBound(to: CChar.self))
        let marker = "$LuaVersion: "
        guard ident.hasPrefix(marker) else { return fallback }
        let rest = ident.dropFirst(marker.count)
        guard let end = rest.firstIndex(of: "$") else { return fallback }
        var copyright = String(rest[..<end])
        while copyright.hasSuffix(" ") { copyright.removeLast() }
        return copyright
    }

    /// Creates the state and does what lua.c's `pmain` does; returns the exit status.
    static func main() -> Int32 {
        let argc = Int(CommandLine.argc)
        var argv: [UnsafeMutablePointer<CChar>] = []
        for i in 0..<argc { if let p = CommandLine.unsafeArgv[i] { argv.append(p) } }
        let args = argv.map { String(cString: $0) }
        setProgname(args.first)
        guard let L = luaL_newstate() else {
            message(progname, "cannot create state: not enough memory")
            return 1
        }
        defer { lua_close(L) }
        let options = Options.parse(args)
        if options.bad {
            Options.printUsage(badOption: args[options.first], complaint: options.complaint)
            return 1
        }
        if options.help {
            Options.printUsage(badOption: nil)
            return 0
        }
        if options.showVersion {
            printVersion()
            return 0
        }
        if options.serve {
            guard !options.view else {
                message(progname, "'--serve' and '--view' cannot be used together")
                return 1
            }
            guard options.first < argc else {
                message(progname, "'--serve' needs a script: gridrepl --serve [PORT] script.lua [args]")
                return 1
            }
        }
        if options.view {
            // Checked before anything runs: no script output, no escape codes, a clear error.
            guard options.first < argc else {
                message(progname, "'--view' needs a script: \(progname) --view script.lua [args]")
                return 1
            }
            guard isatty(0) != 0 && isatty(1) != 0 else {
                message(progname, "--view needs a terminal: standard \(isatty(0) == 0 ? "input" : "output") is not one")
                return 1
            }
        }
        Interactive.persistLocals = !options.luaLocals
        Limits.memoryCap = options.maxMemory
        Limits.memoryCapText = options.maxMemoryText
        Limits.timeout = options.timeout
        Limits.installModuleLimits()
        Limits.startWatchdog()
        if options.version { printVersion() }
        if options.ignoreEnvironment {
            lua_pushboolean(L, 1)
            lua_setfield(L, gl_registryindex(), "LUA_NOENV")
        }
        luaL_openlibs(L)
        GridScript.preload(L)
        ViewHost.install()
        guard installHelpers(L) else { return 1 }
        Limits.installAllocator(L)
        if options.sandbox {
            guard Limits.applySandbox(L) else { return 1 }
            loadMode = "t"
        }
        Limits.startClock()  // a script's budget covers everything it runs
        createArgTable(L, argv, options.first)
        if !options.ignoreEnvironment && handleLuaInit(L) != LUA_OK { return 1 }
        if !runArgs(L, argv, args, options.first) { return 1 }
        if options.serve {
            let status = ViewHost.serveScript(L, argv, options.first, port: options.servePort)
            if status != 0 || !options.interactive { return status }
            Interactive(L).run()
            return 0
        }
        if options.view {
            let status = ViewHost.runScript(L, argv, options.first)
            if status != 0 || !options.interactive { return status }
            Interactive(L).run()
            return 0
        }
        if options.first < argc {
            if options.interactive {
                // The script's results stay reachable at the prompt.
                lua_settop(L, 0)
                forgetLastGrid(L)
                if report(L, runScript(L, argv, options.first)) != LUA_OK { return 1 }
                if lua_gettop(L) > 0 && GridViewHost.isGrid(L, 1) {
                    lua_pushvalue(L, 1)
                } else if !pushLastGrid(L) {
                    lua_pushnil(L)
                }
                lua_insert(L, 1)
                if callHelper(L, "keepResults", lua_gettop(L), 0) != LUA_OK { report(L, LUA_ERRRUN) }
                lua_settop(L, 0)
            } else if handleScript(L, argv, options.first) != LUA_OK {
                return 1
            }
        }
        if options.interactive {
            Interactive(L).run()
        } else if options.first == argc && !options.execute && !options.version {
            if isatty(0) != 0 {
                printVersion()
                Interactive(L).run()
            } else if dofile(L, nil) != LUA_OK {
                return 1
            }
        }
        return 0
    }

    /// Loads the helper table into the registry and captures the interrupt hook.
    static func installHelpers(_ L: OpaquePointer) -> Bool {
        var status = luaL_loadbuffer(L, helperSource, helperSource.utf8.count, "=[gridrepl]")
        if status == LUA_OK {
            gl_pushswiftclosure(L, Limits.check, 0)
            if Limits.timeout != nil { lua_pushstring(L, Limits.timeoutMessage) } else { lua_pushnil(L) }
            status = lua_pcall(L, 2, 1, 0)
        }
        guard status == LUA_OK else { report(L, status); return false }
        lua_setfield(L, gl_registryindex(), helpersKey)
        if callHelper(L, "install", 0, 0) == LUA_OK {
            stopHook = lua_gethook(L)
            lua_sethook(L, nil, 0, 0)
        } else {
            lua_settop(L, -2)
        }
        return true
    }

    /// lua.c's `createargtable`: arg[0] is the script, options get negative indices.
    static func createArgTable(_ L: OpaquePointer, _ argv: [UnsafeMutablePointer<CChar>], _ first: Int) {
        var script = first
        if script == argv.count { script = 0 }  // no script name
        let narg = argv.count - (script + 1)
        lua_createtable(L, Int32(max(narg, 0)), Int32(script + 1))
        for (i, a) in argv.enumerated() {
            lua_pushstring(L, a)
            lua_rawseti(L, -2, lua_Integer(i - script))
        }
        lua_setglobal(L, "arg")  // no metatable on _G yet: cannot raise
    }

    /// lua.c's `runargs`: the `-e`, `-l` and `-W` options before the script, in order.
    static func runArgs(_ L: OpaquePointer, _ argv: [UnsafeMutablePointer<CChar>], _ args: [String], _ limit: Int) -> Bool {
        var i = 1
        while i < limit {
            if args[i] == "--max-memory" || args[i] == "--timeout" {  // and its value
                i += 2
                continue
            }
            let a = Array(args[i].utf8)
            let option: UInt8 = a.count > 1 && a[0] == UInt8(ascii: "-") ? a[1] : 0
            switch option {
            case UInt8(ascii: "e"), UInt8(ascii: "l"):
                var extra = UnsafePointer(argv[i] + 2)
                var text = String(args[i].dropFirst(2))
                if a.count == 2 {
                    i += 1
                    extra = UnsafePointer(argv[i])
                    text = args[i]
                }
                let status = option == UInt8(ascii: "e")
                    ? dostring(L, extra, "=(command line)")
                    : dolibrary(L, text)
                if status != LUA_OK { return false }
            case UInt8(ascii: "W"):
                lua_warning(L, "@on", 0)
            default:
                break
            }
            i += 1
        }
        return true
    }
}
