import GridHost
import GridLayout
import GridLayoutCSupport
#if canImport(Glibc)
import Glibc
#endif

// gl_grid_svg and gl_grid_draw: GridHost's pictures (Lua's, byte for byte) into a caller's buffer.

/// The first (1.1) gl_picture_options, up to `base` (1.2): what a caller's struct_size must cover at least.
let pictureOptionsMinimumSize = MemoryLayout<gl_picture_options>.offset(of: \gl_picture_options.base)!

private func pictureOptions(_ p: UnsafePointer<gl_picture_options>?) throws(CFailure) -> gl_picture_options {
    var defaults = gl_picture_options()
    defaults.struct_size = MemoryLayout<gl_picture_options>.size
    guard let p else { return defaults }
    let o = try readVersioned(p, size: p.pointee.struct_size, minimum: pictureOptionsMinimumSize, defaults: defaults,
                              "gl_picture_options")
    guard o.viewport == 0 || o.viewport == 1 else {
        throw CFailure(GL_EINVAL, "gl_picture_options.viewport: \(o.viewport) is invalid (expected 0 or 1)")
    }
    guard o.base == 0 || o.base == 1 else {
        throw CFailure(GL_EINVAL, "gl_picture_options.base: \(o.base) is invalid (expected 0 or 1)")
    }
    for (value, field) in [(o.cols, "cols"), (o.rows, "rows")] where !(0...10_000).contains(value) {
        throw CFailure(GL_EINVAL, "gl_picture_options.\(field): \(value) is invalid (expected 1...10000, or 0 for the default)")
    }
    return o
}

/// The C string of a style field: UTF-8, an invalid sequence read as U+FFFD.
private func styleText(_ p: UnsafePointer<CChar>?) -> String? {
    p.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) }
}

extension GridBox {
    /// Makes a picture with the data source's `style` callback as its style source. The grid is
    /// busy meanwhile: a callback that changes it gets GL_EBUSY.
    func picture(_ function: String, _ render: (StyleSource?) throws -> String) throws(CFailure) -> String {
        let style: StyleSource? = callbacks.flatMap { source in
            source.style.map { f in
                { path in
                    var answer = gl_style()
                    let status = f(source.context, Int64(path.section), Int64(path.item), &answer)
                    guard status == GL_OK else {
                        throw GridError.callbackFailed(callback: .style, at: .item(path),
                                                       message: "style returned \(String(cString: gl_status_name(status)))")
                    }
                    let label = styleText(answer.label), fill = styleText(answer.fill)
                    return label == nil && fill == nil ? nil : ItemStyle(label: label, fill: fill)
                }
            }
        }
        var result = ""
        var failure: (any Error)?
        do throws(GridError) {
            try host.asking(function) { () throws(GridError) in
                do { result = try render(style) } catch { failure = error }
            }
        } catch { failure = error }
        switch failure {
        case nil: return result
        case let error as GridError: throw CFailure(error)
        case PictureError.tooManyElements(let count)?:
            let what = count.map { "\($0) elements is more than \(SVGPicture.maxElements)" } ?? "more than \(SVGPicture.maxElements) elements"
            throw CFailure(GL_ENOMEM, "\(function): \(what); draw the viewport only (gl_picture_options.viewport = 1)")
        case PictureError.noMemory?: throw CFailure(GL_ENOMEM, "\(function): not enough memory")
        case let error?: throw CFailure(GL_EINVAL, "\(function): \(error)")
        }
    }
}

/// Writes `text` and its NUL into `buffer` as far as `size` allows (cut back to a whole UTF-8
/// character), and the size it needs to `needed`.
private func writePicture(_ text: String, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ needed: UnsafeMutablePointer<Int>) {
    var text = text
    text.withUTF8 { bytes in
        needed.pointee = bytes.count + 1
        guard let buffer, size > 0 else { return }
        var n = min(size - 1, bytes.count)
        // A continuation byte (10xxxxxx) at the cut starts no character: back to one that does.
        while n > 0 && n < bytes.count && bytes[n] & 0xC0 == 0x80 { n -= 1 }
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: n)
        buffer[n] = 0
    }
}

private func picture(_ handle: OpaquePointer?, _ function: String, _ options: UnsafePointer<gl_picture_options>?,
                     _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ needed: UnsafeMutablePointer<Int>?,
                     _ render: (Grid, gl_picture_options, StyleSource?) throws -> String) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        // A picture asks the style callback: not from inside a callback of the same grid (one
        // that drew the grid again would ask itself again, without end).
        try requireIdle(box, function)
        let needed = try output(needed, "needed")
        guard size >= 0 else { throw CFailure(GL_EINVAL, "size \(UInt(bitPattern: size)) is invalid") }
        guard size == 0 || buffer != nil else { throw CFailure(GL_EINVAL, "buffer is NULL with size \(UInt(bitPattern: size))") }
        let o = try pictureOptions(options)
        let text = try box.picture(function) { style in try render(box.grid, o, style) }
        writePicture(text, buffer, size, needed)
    }
}

@_cdecl("gl_grid_svg")
public func gl_grid_svg(_ handle: OpaquePointer?, _ options: UnsafePointer<gl_picture_options>?,
                        _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ needed: UnsafeMutablePointer<Int>?) -> gl_status {
    picture(handle, "gl_grid_svg", options, buffer, size, needed) { grid, o, style in
        try SVGPicture.render(grid, viewportOnly: o.viewport == 1, base: Int(o.base), style: style)
    }
}

@_cdecl("gl_grid_draw")
public func gl_grid_draw(_ handle: OpaquePointer?, _ options: UnsafePointer<gl_picture_options>?,
                         _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ needed: UnsafeMutablePointer<Int>?) -> gl_status {
    picture(handle, "gl_grid_draw", options, buffer, size, needed) { grid, o, style in
        try TextPicture.render(grid, columns: o.cols == 0 ? 80 : Int(o.cols), rows: o.rows == 0 ? 24 : Int(o.rows),
                               base: Int(o.base), style: style)
    }
}
