import GridLayout
import GridLayoutCSupport

/// GL_EVERSION for a `struct_size` (a size_t, which Swift sees as an Int) below `minimum`, or so
/// large that it is negative as an Int: `field` is how the message names it, `use` what to call.
func structSizeFailure(_ field: String, _ size: Int, minimum: Int, use: String? = nil) -> CFailure {
    let bound = size < 0 ? "expected at least \(minimum) and at most \(Int.max)" : "expected at least \(minimum)"
    return CFailure(GL_EVERSION, "\(field) is \(UInt(bitPattern: size)), \(bound)" + (use.map { " (use \($0))" } ?? ""))
}

/// Reads a caller's versioned struct: the fields its `struct_size` covers over `defaults`.
/// Fails when the struct is smaller than the first version of it.
func readVersioned<T>(_ p: UnsafePointer<T>, size: Int, minimum: Int, defaults: T, _ name: String) throws(CFailure) -> T {
    guard size >= minimum else { throw structSizeFailure("\(name).struct_size", size, minimum: minimum, use: "\(name)_init") }
    var value = defaults
    withUnsafeMutableBytes(of: &value) { dst in
        dst.copyMemory(from: UnsafeRawBufferPointer(start: UnsafeRawPointer(p), count: min(size, MemoryLayout<T>.size)))
    }
    return value
}

/// The first versions of the growing structs (1.0's are larger): what a caller's struct_size
/// must cover at least.
let configMinimumSize = MemoryLayout<gl_config>.offset(of: \gl_config.overscan)! + MemoryLayout<Double>.size
let dataSourceMinimumSize = MemoryLayout<gl_data_source>.offset(of: \gl_data_source.release)! + MemoryLayout<UnsafeRawPointer>.size
/// 1.1's `gl_section_options` ends with `inset`; 1.2 added `min_column_width`, `rows`, `justify`,
/// `align_items`, `background`, `scroll` and `section_paging` (their bits are then unset).
let sectionOptionsMinimumSize = MemoryLayout<gl_section_options>.offset(of: \gl_section_options.inset)! + MemoryLayout<gl_insets>.size
