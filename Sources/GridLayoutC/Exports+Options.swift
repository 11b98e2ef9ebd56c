import GridLayout
import GridLayoutCSupport

// gl_option_count and gl_option_describe: the engine's option descriptor (GridConfiguration.options)
// as C structs, made once and kept for the library's lifetime (their strings are the library's).

/// The table is written once, when first used (a global's initialisation is thread-safe), and
/// only read after: its pointers are never written through.
private struct OptionTable: @unchecked Sendable {
    let infos: [gl_option_info]
}

/// Every option as a `gl_option_info`, with C strings that live as long as the library.
private let optionTable = OptionTable(infos: GridConfiguration.options.map(cOptionInfo))

private func cOptionInfo(_ option: OptionDescriptor) -> gl_option_info {
    var info = gl_option_info()
    info.name = permanent(option.name)
    info.c_name = permanent(option.cName)
    info.summary = permanent(option.summary)
    info.max = .greatestFiniteMagnitude
    switch option.kind {
    case .number(let range):
        info.type = Int32(GL_OPTION_NUMBER.rawValue)
        info.min = range.lowerBound
        info.max = range.upperBound
        info.min_exclusive = range == .positive ? 1 : 0
    case .integer(let range):
        info.type = Int32(GL_OPTION_INTEGER.rawValue)
        info.min = Double(range.lowerBound)
        info.max = Double(range.upperBound)
    case .flag:
        info.type = Int32(GL_OPTION_BOOL.rawValue)
        info.min = 0
        info.max = 1
    case .choice(let cases):
        info.type = Int32(GL_OPTION_CHOICE.rawValue)
        info.min = 0
        info.max = Double(cases.count - 1)
        info.choice_count = Int64(cases.count)
        let names = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: cases.count)
        for (k, name) in cases.enumerated() { names[k] = permanent(name) }
        info.choices = UnsafePointer(names)
    case .insets:
        info.type = Int32(GL_OPTION_INSETS.rawValue)
    case .size:
        info.type = Int32(GL_OPTION_SIZE.rawValue)
    }
    switch (option.kind, option.defaultValue) {
    case (.choice(let cases), .string(let s)): info.default_number = Double(cases.firstIndex(of: s) ?? 0)
    case (_, .number(let n)): info.default_number = n
    case (_, .bool(let b)): info.default_number = b ? 1 : 0
    case (_, .insets(let i)): info.default_insets = gl_insets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
    case (_, .size(let s)): info.default_size = gl_size(w: s.width, h: s.height)
    case (_, .string): break
    }
    return info
}

/// A copy of `s` as a C string that is never freed.
private func permanent(_ s: String) -> UnsafePointer<CChar> {
    let bytes = Array(s.utf8CString)
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    copy.initialize(from: bytes, count: bytes.count)
    return UnsafePointer(copy)
}

@_cdecl("gl_option_count")
public func gl_option_count() -> Int64 { Int64(optionTable.infos.count) }

@_cdecl("gl_option_describe")
public func gl_option_describe(_ index: Int64, _ info: UnsafeMutablePointer<gl_option_info>?) -> gl_status {
    cCall { () throws(CFailure) in
        let info = try output(info, "info")
        guard index >= 0 && index < Int64(optionTable.infos.count) else {
            throw CFailure(GL_ERANGE, "gl_option_describe: option \(index) is out of range (the library has options 0...\(optionTable.infos.count - 1))")
        }
        info.pointee = optionTable.infos[Int(index)]
    }
}
