import CLua
import GridLayout

/// A data source whose callbacks are the functions of a Lua table (docs/lua.md, "The data source").
/// Lua counts sections and items from 1; the engine from 0: the conversion happens here.
///
/// Lives only for one reload. `resolve` pushes every callback (or nil) once, onto consecutive
/// stack slots after the traceback handler, so a call is a `lua_pushvalue`, not a table lookup by
/// name (which cost a third of a callback). Every call is protected (`lua_pcall`): a script error
/// comes back as a thrown `ScriptError` with the script's message and traceback, never as a
/// longjmp through Swift.
struct LuaDataSource: GridDataSource {
    /// The callbacks, in the order of their stack slots.
    enum Callback: Int32, CaseIterable {
        case sections, count, size, sizes, header, showLoader, sameSize, lanes
        case insert, remove, move, moveItem, canMove, canMoveToSection
        case footer, span, section
        var name: String { String(describing: self) }
    }

    let L: LuaState
    /// Absolute stack index of the traceback message handler; the callbacks follow it.
    let handler: Int32
    private let present: [Bool]
    /// With `sizes` but no `size`: the last section's sizes, for item-by-item asks.
    private let cache = SizesCache()

    private final class SizesCache {
        var section = -1
        var sizes: [Size] = []
    }

    /// Pushes the message handler and every callback of the table at `table` (absolute index).
    /// Throws when reading a field raises (the table may be an object whose `__index` runs code),
    /// when a field is neither a function nor nil, or when `count` or both `size` and `sizes` are missing.
    static func resolve(_ L: LuaState, table: Int32) throws(ScriptError) -> LuaDataSource {
        // The handler, the callbacks, and a callback's call with its arguments and results.
        guard lua_checkstack(L, Int32(Callback.allCases.count) + 8) != 0 else { throw .noMemory }
        lua_pushcclosure(L, tracebackHandler, 0)
        let handler = lua_gettop(L)
        var present: [Bool] = []
        for callback in Callback.allCases {
            let type: Int32
            do { type = try pushField(L, table, callback.name, handler: handler) } catch {
                throw ScriptError("reading dataSource.\(callback.name) failed: \(error.message)")
            }
            guard type == LUA_TFUNCTION || type == LUA_TNIL else {
                throw ScriptError("dataSource.\(callback.name) must be a function, got \(String(cString: lua_typename(L, type)))")
            }
            present.append(type == LUA_TFUNCTION)
        }
        guard present[Int(Callback.count.rawValue)] else {
            throw ScriptError("the dataSource has no 'count' function (count(section) returns the section's item count)")
        }
        guard present[Int(Callback.size.rawValue)] || present[Int(Callback.sizes.rawValue)] else {
            throw ScriptError("the dataSource has no 'size' function (size(section, item) returns width, height)")
        }
        return LuaDataSource(L: L, handler: handler, present: present)
    }

    /// Pushes the callback; false (pushing nothing) when the table has none.
    @inline(__always)
    private func push(_ callback: Callback) -> Bool {
        guard present[Int(callback.rawValue)] else { return false }
        lua_pushvalue(L, handler + 1 + callback.rawValue)
        return true
    }

    /// Pushes a section or item index, converted to Lua's count from 1.
    @inline(__always)
    private func arg(_ index: Int) { lua_pushinteger(L, lua_Integer(index + 1)) }

    /// Calls the pushed function with the `nargs` pushed arguments, leaving `results` results.
    @inline(__always)
    private func call(_ nargs: Int32, results: Int32 = 2) throws(ScriptError) {
        if lua_pcall(L, nargs, results, handler) != LUA_OK {
            let message = errorMessage()
            lua_settop(L, -2)
            throw ScriptError(message)
        }
    }

    /// The error a failed call left on top of the stack.
    private func errorMessage() -> String {
        boundedMessage(String(luaAny: L, -1) ?? "(error object is a \(typeName(L, -1)) value)")
    }

    @inline(__always)
    private func pop(_ n: Int32 = 2) { lua_settop(L, -n - 1) }

    /// The integer result at `index`, or an error naming what came back.
    private func integer(_ index: Int32) throws(ScriptError) -> Int {
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, index, &isInteger)  // exact for integers, and for integral floats
        if lua_type(L, index) == LUA_TNUMBER, isInteger != 0 { return Int(value) }
        throw ScriptError("returned \(describeValue(L, index)), expected an integer")
    }

    /// Two number results (width, height).
    @inline(__always)
    private func size() throws(ScriptError) -> Size {
        var isWidth: Int32 = 0, isHeight: Int32 = 0
        let width = lua_tonumberx(L, -2, &isWidth), height = lua_tonumberx(L, -1, &isHeight)
        // lua_tonumberx also converts numeric strings: a string is still the wrong type.
        guard isWidth != 0, isHeight != 0, lua_type(L, -2) == LUA_TNUMBER, lua_type(L, -1) == LUA_TNUMBER else {
            throw notASize()
        }
        return Size(width: width, height: height)
    }

    /// The error for the two results on top of the stack when they are not two numbers.
    private func notASize() -> ScriptError {
        ScriptError("returned \(describeValue(L, -2)), \(describeValue(L, -1)); expected two numbers (width, height)")
    }

    func numberOfSections() throws -> Int {
        guard push(.sections) else { return 1 }
        try call(0)
        defer { pop() }
        return try integer(-2)
    }

    func numberOfItems(inSection section: Int) throws -> Int {
        _ = push(.count)  // checked present by `resolve`
        arg(section)
        try call(1)
        defer { pop() }
        return try integer(-2)
    }

    func sizeForItem(at path: GridIndexPath) throws -> Size {
        guard push(.size) else { return try cachedSize(path) }
        arg(path.section)
        arg(path.item)
        try call(2)
        defer { pop() }
        return try size()
    }

    /// A batch of `size(section, item)` calls in one protected call (`gl_call_size_batch` in C):
    /// the engine's dynamic call into the data source and a `lua_pcall` are paid once per batch
    /// rather than once per item (BENCHMARKS.md, the Lua data source's instructions per item).
    func sizesForItems(_ items: Range<Int>, inSection section: Int, into sizes: UnsafeMutableBufferPointer<Size>) throws {
        guard present[Int(Callback.size.rawValue)] else {
            for item in items {
                let path = GridIndexPath(section: section, item: item)
                do { sizes[item - items.lowerBound] = try cachedSize(path) } catch { throw sizeFailed(path, error.message) }
            }
            return
        }
        let top = lua_gettop(L)
        var batch = gl_size_batch(section: lua_Integer(section + 1), first: lua_Integer(items.lowerBound + 1),
                                  count: lua_Integer(items.count), done: 0, out: nil)
        // `Size` is two Doubles, width then height: the C loop writes them as pairs.
        let status = sizes.withMemoryRebound(to: Double.self) { out in
            batch.out = out.baseAddress
            return gl_call_size_batch(L, handler + 1 + Callback.size.rawValue, handler, &batch)
        }
        defer { lua_settop(L, top) }
        let path = GridIndexPath(section: section, item: items.lowerBound + Int(batch.done))
        if status != LUA_OK {
            throw sizeFailed(path, errorMessage())
        }
        if lua_gettop(L) == top + 2 {
            throw sizeFailed(path, notASize().message)
        }
    }

    private func sizeFailed(_ path: GridIndexPath, _ message: String) -> GridError {
        .callbackFailed(callback: .itemSize, at: .item(path), message: message)
    }

    /// Without `size`, the item's entry in `sizes`: the engine asks item by item when it appends
    /// (reloadNew); the section's table is read once per operation.
    private func cachedSize(_ path: GridIndexPath) throws(ScriptError) -> Size {
        if cache.section != path.section {
            cache.sizes = try readSizes(inSection: path.section) ?? []
            cache.section = path.section
        }
        guard path.item < cache.sizes.count else {
            throw ScriptError("the dataSource has no 'size' function, and 'sizes' has no entry for this item")
        }
        return cache.sizes[path.item]
    }

    /// `sizes(section)`: one table for the whole section, either flat `{w1, h1, w2, h2, …}` or
    /// pairs `{{w1, h1}, {w2, h2}, …}`, or a string of packed little-endian doubles
    /// `w1 h1 w2 h2 …` (`string.pack("<dd…", …)`), read without a Lua API call per number.
    func sizesForItems(inSection section: Int) throws -> [Size]? { try readSizes(inSection: section) }

    private func readSizes(inSection section: Int) throws(ScriptError) -> [Size]? {
        guard push(.sizes) else { return nil }
        arg(section)
        try call(1, results: 1)
        defer { pop(1) }
        if lua_type(L, -1) == LUA_TSTRING { return try packedSizes() }
        guard lua_type(L, -1) == LUA_TTABLE else {
            throw ScriptError("returned \(describeValue(L, -1)), expected a table of sizes or a string of packed doubles")
        }
        let length = Int(lua_rawlen(L, -1))
        if length == 0 { return [] }
        let pairs = lua_rawgeti(L, -1, 1) == LUA_TTABLE
        lua_settop(L, -2)
        var sizes: [Size] = []
        if pairs {
            sizes.reserveCapacity(length)
            for i in 1...length {
                guard lua_rawgeti(L, -1, lua_Integer(i)) == LUA_TTABLE else {
                    let got = typeName(L, -1)
                    pop(1)
                    throw ScriptError("returned a table whose entry \(i) is a \(got), expected {width, height}")
                }
                lua_rawgeti(L, -1, 1)
                lua_rawgeti(L, -2, 2)
                defer { pop(3) }
                do { sizes.append(try size()) } catch { throw ScriptError("entry \(i) \(error.message)") }
            }
        } else {
            guard length % 2 == 0 else {
                throw ScriptError("returned a flat table of \(length) numbers, expected width, height pairs")
            }
            sizes.reserveCapacity(length / 2)
            var i: lua_Integer = 1
            while i < lua_Integer(length) {
                lua_rawgeti(L, -1, i)
                lua_rawgeti(L, -2, i + 1)
                defer { pop(2) }
                do { sizes.append(try size()) } catch { throw ScriptError("entries \(i), \(i + 1) \(error.message)") }
                i += 2
            }
        }
        return sizes
    }

    /// The sizes in the string at the top of the stack: 16 bytes an item, its width and height as
    /// little-endian IEEE doubles. The engine checks the numbers, as it checks a table's.
    private func packedSizes() throws(ScriptError) -> [Size] {
        var length = 0
        guard let bytes = lua_tolstring(L, -1, &length) else { return [] }
        guard length % 16 == 0 else {
            throw ScriptError("returned a string of \(length) bytes, expected 16 an item (width, height as "
                              + "string.pack(\"<dd\", w, h))")
        }
        let raw = UnsafeRawPointer(bytes)
        func number(_ offset: Int) -> Double {
            Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        }
        return [Size](unsafeUninitializedCapacity: length / 16) { buffer, count in
            for k in 0..<buffer.count {
                buffer.initializeElement(at: k, to: Size(width: number(16 * k), height: number(16 * k + 8)))
            }
            count = buffer.count
        }
    }

    func headerSize(inSection section: Int) throws -> Size? { try supplementarySize(.header, section) }
    func footerSize(inSection section: Int) throws -> Size? { try supplementarySize(.footer, section) }

    /// `header(section)` or `footer(section)`: `w, h`, or nil (none) when absent or both nil.
    private func supplementarySize(_ callback: Callback, _ section: Int) throws(ScriptError) -> Size? {
        guard push(callback) else { return nil }
        arg(section)
        try call(1)
        defer { pop() }
        if lua_type(L, -2) == LUA_TNIL && lua_type(L, -1) == LUA_TNIL { return nil }
        return try size()
    }


    var providesSpans: Bool { present[Int(Callback.span.rawValue)] }

    /// `span(section, item)`: nil (one lane), an integer (checked ≥ 1 by the engine) or true (all).
    func span(at path: GridIndexPath) throws -> ItemSpan? {
        guard push(.span) else { return nil }
        arg(path.section)
        arg(path.item)
        try call(2, results: 1)
        defer { pop(1) }
        switch lua_type(L, -1) {
        case LUA_TNIL: return nil
        case LUA_TBOOLEAN where lua_toboolean(L, -1) != 0: return .all
        default:
            var isInteger: Int32 = 0
            let k = lua_tointegerx(L, -1, &isInteger)
            guard lua_type(L, -1) == LUA_TNUMBER, isInteger != 0 else {
                throw ScriptError("returned \(describeValue(L, -1)), expected nil, an integer >= 1 or true")
            }
            return .lanes(Int(k))
        }
    }

    /// `section(s)`: nil, or a table of the section's options (`SectionOptions.keys`), each read as
    /// the grid's option of that name is.
    func options(forSection section: Int) throws -> SectionOptions? {
        guard push(.section) else { return nil }
        arg(section)
        try call(1, results: 1)
        defer { pop(1) }
        switch lua_type(L, -1) {
        case LUA_TNIL: return nil
        case LUA_TTABLE: break
        default: throw ScriptError("returned \(describeValue(L, -1)), expected nil or a table of section options")
        }
        var entries: [SectionOptions.Entry] = []
        let table = lua_absindex(L, -1)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            guard lua_type(L, -2) == LUA_TSTRING, let key = String(lua: L, -2) else {
                let shown = describeValue(L, -2)
                lua_settop(L, -3)
                throw ScriptError("returned a table with key \(shown) (keys are option names: \(SectionOptions.keys.joined(separator: ", ")))")
            }
            let value: OptionValue
            do { value = try LuaOptions.value(L, -1, for: key) } catch {
                lua_settop(L, -3)
                throw error
            }
            entries.append(SectionOptions.Entry(key, value))
            lua_settop(L, -2)  // keep the key for lua_next
        }
        // Table order is not the script's: apply `spacing` before the two it sets, so that a
        // lineSpacing or itemSpacing given beside it wins, as in an option table.
        entries.sort { ($0.name == "spacing" ? 0 : 1, $0.name) < ($1.name == "spacing" ? 0 : 1, $1.name) }
        return SectionOptions(entries)
    }

    /// The host's timeout and memory cap, for the engine's own loops and allocations.
    var budget: GridBudget? { GridScript.budget() }

    func showsLoader() throws -> Bool { try flag(.showLoader) }
    func itemsHaveSameSize() throws -> Bool { try flag(.sameSize) }

    func lanes(inSection section: Int) throws -> Int? {
        guard push(.lanes) else { return nil }
        arg(section)
        try call(1)
        defer { pop() }
        return lua_type(L, -2) == LUA_TNIL ? nil : try integer(-2)
    }

    /// An optional callback whose result is read as a Lua condition (nil and false are false).
    private func flag(_ callback: Callback) throws(ScriptError) -> Bool {
        guard push(callback) else { return false }
        try call(0)
        defer { pop() }
        return lua_toboolean(L, -2) != 0
    }

    // MARK: Mutations and drags (the script changes its data when the grid says so)

    func insertItem(at path: GridIndexPath) throws { try perform(.insert, path.section, path.item) }
    func removeItem(at path: GridIndexPath) throws { try perform(.remove, path.section, path.item) }

    /// The words of this data source's errors: the move callback named as the script gave it.
    var errorVocabulary: ErrorVocabulary {
        present[Int(Callback.moveItem.rawValue)] || !present[Int(Callback.move.rawValue)] ? .lua : .luaDeprecatedMove
    }

    /// `moveItem(section, item, toSection, toItem)`: the order of `grid:move`, `didMove`,
    /// `dragEnded` and the other faces. Without it, the deprecated `move(section, from, to,
    /// toSection)` (`toSection` last: it is `section` unless a drag crossed sections).
    func moveItem(from: GridIndexPath, to: GridIndexPath) throws {
        if present[Int(Callback.moveItem.rawValue)] {
            try perform(.moveItem, from.section, from.item, to.section, to.item)
        } else {
            try perform(.move, from.section, from.item, to.item, to.section)
        }
    }

    /// `canMove(section, item)`: without the callback every item can move.
    func canMoveItem(at path: GridIndexPath) throws -> Bool {
        guard push(.canMove) else { return true }
        arg(path.section)
        arg(path.item)
        try call(2, results: 1)
        defer { pop(1) }
        return lua_toboolean(L, -1) != 0
    }

    /// `canMoveToSection(from, to)`: without the callback items stay in their section.
    func canMoveItem(fromSection from: Int, toSection to: Int) throws -> Bool {
        guard push(.canMoveToSection) else { return false }
        arg(from)
        arg(to)
        try call(2, results: 1)
        defer { pop(1) }
        return lua_toboolean(L, -1) != 0
    }

    /// Calls an optional callback with index arguments (each converted to count from 1).
    private func perform(_ callback: Callback, _ indices: Int...) throws(ScriptError) {
        guard push(callback) else { return }
        for index in indices { arg(index) }
        try call(Int32(indices.count), results: 0)
    }
}
