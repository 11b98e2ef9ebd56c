import CLua
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Shows tables readably: the array part in order, then the other keys sorted (numbers, the
/// well-known element fields `kind section item x y w h` in that order, other strings
/// alphabetically, then the rest); a small table of scalars on one line, otherwise one entry
/// per line; `<cycle>` for a table inside itself; depth and size limits. Reads tables raw, so it
/// never runs a metamethod except `__tostring`, which it calls protected.
struct PrettyPrinter {
    /// Tables nested deeper show as `{...}`.
    var maxDepth = 8
    /// Entries shown per table; the rest are counted.
    var maxEntries = 200
    /// A table of scalars with at most this many entries stays on one line...
    var smallCount = 12
    /// ...as long as that line is no wider than this; wider ones are wrapped at `width`.
    var maxLine = 160
    var width = 80

    private let L: OpaquePointer
    private var path: [UnsafeRawPointer] = []

    init(_ L: OpaquePointer) { self.L = L }

    /// Is the value at `index` a table this printer shows (no `__tostring`)?
    func handles(_ index: Int32) -> Bool {
        guard lua_type(L, index) == LUA_TTABLE else { return false }
        return !hasMetafield(index, "__tostring")
    }

    /// The text of the table at `index`.
    mutating func render(_ index: Int32) -> [UInt8] {
        value(lua_absindex(L, index), indent: 0).text
    }

    // MARK: Values

    private func hasMetafield(_ index: Int32, _ name: String) -> Bool {
        guard luaL_getmetafield(L, index, name) != LUA_TNIL else { return false }
        lua_settop(L, -2)
        return true
    }

    /// The text of a value inside a table, and whether it is simple (no nested entries).
    private mutating func value(_ index: Int32, indent: Int) -> (text: [UInt8], simple: Bool) {
        switch lua_type(L, index) {
        case LUA_TSTRING: return (quoted(index), true)
        case LUA_TNUMBER: return (numberText(index), true)
        case LUA_TBOOLEAN: return (Array((lua_toboolean(L, index) != 0 ? "true" : "false").utf8), true)
        case LUA_TNIL: return (Array("nil".utf8), true)
        case LUA_TTABLE where handles(index): return table(index, indent: indent)
        default: return (tostringText(index), true)
        }
    }

    private func numberText(_ index: Int32) -> [UInt8] {
        lua_pushvalue(L, index)
        defer { lua_settop(L, -2) }
        var length = 0
        guard let p = lua_tolstring(L, -1, &length) else { return [] }
        return p.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// `tostring(v)`, called protected; `type: address` if that fails.
    private func tostringText(_ index: Int32) -> [UInt8] {
        lua_pushvalue(L, index)
        defer { lua_settop(L, -2) }
        if Runner.callHelper(L, "tostring", 1, 1) == LUA_OK, lua_type(L, -1) == LUA_TSTRING {
            return Array(Runner.string(L, -1).utf8)
        }
        let address = lua_topointer(L, index).map { UInt(bitPattern: $0) } ?? 0
        return Array("\(String(cString: luaL_typename(L, index))): 0x\(String(address, radix: 16))".utf8)
    }

    /// A string as a Lua literal.
    private func quoted(_ index: Int32) -> [UInt8] {
        var length = 0
        guard let p = lua_tolstring(L, index, &length) else { return [] }
        let bytes = p.withMemoryRebound(to: UInt8.self, capacity: length) { UnsafeBufferPointer(start: $0, count: length) }
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for (i, b) in bytes.enumerated() {
            switch b {
            case UInt8(ascii: "\""): out += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
            case UInt8(ascii: "\n"): out += Array("\\n".utf8)
            case UInt8(ascii: "\r"): out += Array("\\r".utf8)
            case UInt8(ascii: "\t"): out += Array("\\t".utf8)
            case 0..<32, 127:
                let next = i + 1 < bytes.count ? bytes[i + 1] : 0
                let digits = (next >= 48 && next <= 57) ? threeDigits(Int(b)) : String(b)
                out += Array("\\\(digits)".utf8)
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }

    // MARK: Tables

    private enum Key: Comparable {
        case array(Int64)  // 1...n, shown without a key
        case number(Double, Int64?)
        case known(Int)  // one of `knownFields`
        case string([UInt8])
        case boolean(Bool)
        case other(String, UInt)

        var rank: Int {
            switch self {
            case .array: return 0
            case .number: return 1
            case .known: return 2
            case .string: return 3
            case .boolean: return 4
            case .other: return 5
            }
        }

        static func < (a: Key, b: Key) -> Bool {
            switch (a, b) {
            case let (.array(x), .array(y)): return x < y
            case let (.number(x, xi), .number(y, yi)):
                if let xi, let yi { return xi < yi }
                return x < y
            case let (.known(x), .known(y)): return x < y
            case let (.string(x), .string(y)): return x.lexicographicallyPrecedes(y)
            case let (.boolean(x), .boolean(y)): return !x && y
            case let (.other(tx, px), .other(ty, py)): return tx == ty ? px < py : tx < ty
            default: return a.rank < b.rank
            }
        }
    }

    private static let knownFields = ["kind", "section", "item", "x", "y", "w", "h"].map { Array($0.utf8) }

    private static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    static func isIdentifier(_ s: [UInt8]) -> Bool {
        guard let first = s.first, first == UInt8(ascii: "_") || isalpha(Int32(first)) != 0, first < 128 else { return false }
        for c in s where !(c < 128 && (c == UInt8(ascii: "_") || isalnum(Int32(c)) != 0)) { return false }
        return !keywords.contains(String(decoding: s, as: UTF8.self))
    }

    private func key(at index: Int32) -> Key {
        switch lua_type(L, index) {
        case LUA_TNUMBER:
            var isInteger: Int32 = 0
            let i = lua_tointegerx(L, index, &isInteger)
            if lua_isinteger(L, index) != 0 { return .number(Double(i), i) }
            return .number(lua_tonumberx(L, index, nil), nil)
        case LUA_TSTRING:
            var length = 0
            let p = lua_tolstring(L, index, &length)!
            let bytes = p.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
            if let k = Self.knownFields.firstIndex(of: bytes) { return .known(k) }
            return .string(bytes)
        case LUA_TBOOLEAN:
            return .boolean(lua_toboolean(L, index) != 0)
        default:
            let address = lua_topointer(L, index).map { UInt(bitPattern: $0) } ?? 0
            return .other(String(cString: luaL_typename(L, index)), address)
        }
    }

    private mutating func table(_ index: Int32, indent: Int) -> (text: [UInt8], simple: Bool) {
        guard let pointer = lua_topointer(L, index) else { return (Array("{}".utf8), true) }
        if path.contains(pointer) { return (Array("<cycle>".utf8), true) }
        if path.count >= maxDepth || lua_checkstack(L, 10) == 0 { return (Array("{...}".utf8), false) }
        path.append(pointer)
        defer { path.removeLast() }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }

        // The keys, copied into a scratch array so that they can be visited in sorted order.
        lua_createtable(L, 0, 0)
        let scratch = lua_gettop(L)
        var keys: [(key: Key, slot: Int64)] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            lua_settop(L, -2)
            keys.append((key(at: -1), Int64(keys.count + 1)))
            lua_pushvalue(L, -1)
            lua_rawseti(L, scratch, keys.last!.slot)
        }
        if keys.isEmpty { return (Array("{}".utf8), true) }
        // The array part: 1...n, all present.
        var integers = Set<Int64>()
        for k in keys { if case .number(_, let i?) = k.key { integers.insert(i) } }
        var n: Int64 = 0
        while integers.contains(n + 1) { n += 1 }
        if n > 0 {
            keys = keys.map { k in
                if case .number(_, let i?) = k.key, i >= 1, i <= n { return (.array(i), k.slot) }
                return k
            }
        }
        keys.sort { $0.key < $1.key }

        var entries: [[UInt8]] = []
        var simple = true
        for k in keys.prefix(maxEntries) {
            lua_rawgeti(L, scratch, k.slot)
            var entry: [UInt8] = []
            if case .array = k.key {
            } else if case .string(let s) = k.key, Self.isIdentifier(s) {
                entry = s + Array(" = ".utf8)
            } else if case .known(let i) = k.key {
                entry = Self.knownFields[i] + Array(" = ".utf8)
            } else {
                entry = [UInt8(ascii: "[")] + value(lua_gettop(L), indent: indent + 1).text + Array("] = ".utf8)
            }
            lua_pushvalue(L, -1)
            lua_rawget(L, index)
            let v = value(lua_gettop(L), indent: indent + 1)
            lua_settop(L, -3)
            entry += v.text
            if !v.simple { simple = false }  // a table with entries inside
            entries.append(entry)
        }
        if keys.count > maxEntries { entries.append(Array("... (\(keys.count - maxEntries) more)".utf8)) }

        let inline = Array("{".utf8) + Array(entries.joined(separator: Array(", ".utf8))) + Array("}".utf8)
        if simple && inline.count + 2 * indent <= maxLine && (entries.count <= smallCount || inline.count + 2 * indent <= width) {
            return (inline, false)
        }
        let pad = [UInt8](repeating: UInt8(ascii: " "), count: 2 * (indent + 1))
        var out = Array("{\n".utf8)
        if simple {  // scalars: as many per line as fit
            var line: [UInt8] = []
            for e in entries {
                if !line.isEmpty && pad.count + line.count + e.count + 2 > width {
                    out += pad + line + [UInt8(ascii: "\n")]
                    line = []
                }
                if !line.isEmpty { line.append(UInt8(ascii: " ")) }
                line += e + [UInt8(ascii: ",")]
            }
            out += pad + line + [UInt8(ascii: "\n")]
        } else {
            for e in entries { out += pad + e + Array(",\n".utf8) }
        }
        out += [UInt8](repeating: UInt8(ascii: " "), count: 2 * indent) + [UInt8(ascii: "}")]
        return (out, false)
    }
}

/// Three decimal digits, as a Lua escape before a digit needs.
private func threeDigits(_ n: Int) -> String {
    let s = String(n)
    return String(repeating: "0", count: max(0, 3 - s.count)) + s
}
