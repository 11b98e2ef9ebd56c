import GridLayout

/// One piece of the response (a frame, a visible element, a box) written into a buffer on the
/// stack, which `ResponseWriter.piece` then appends to the response at once. Writing through a
/// pointer costs a few instructions a byte, where each `Array.append` checks uniqueness and capacity
/// on a generic path, several times a number. A piece is at most `capacity` bytes: a number is at
/// most 24 (`-2.2250738585072014e-308`), and the largest piece, a box, holds five.
struct TextBuffer {
    static let capacity = 256

    private let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    /// The first number that JSON cannot hold (NaN or infinite), written as 0.
    private(set) var nonFinite: Double?

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// The bytes written.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    mutating func raw(_ s: StaticString) {
        append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        assert(count + bytes.count <= TextBuffer.capacity)
        (base + count).update(from: bytes.baseAddress!, count: bytes.count)
        count += bytes.count
    }

    /// A number as the response writes it: a whole number below 10^15 without ".0", any other in
    /// the shortest form that reads back as the same Double.
    mutating func number(_ value: Double) {
        if !value.isFinite {
            if nonFinite == nil { nonFinite = value }
            base[count] = UInt8(ascii: "0")
            count += 1
        } else if value == value.rounded(.towardZero), abs(value) < 1e15 {
            integer(Int(value))
        } else {
            // The digits `description` gives, handed to `_writeASCII` below without a String.
            value.write(to: &self)
        }
    }

    mutating func integer(_ value: Int) {
        var magnitude = value.magnitude
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        count += digits
        var at = count
        repeat {
            at -= 1
            base[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    /// `[x, y, w, h]`
    mutating func rect(_ r: Rect) {
        raw("[")
        number(r.x); raw(",")
        number(r.y); raw(",")
        number(r.width); raw(",")
        number(r.height); raw("]")
    }
}

extension TextBuffer: TextOutputStream {
    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    /// What a number's `write(to:)` calls with its digits (the standard library's hook for ASCII
    /// text): copied as they are.
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        append(buffer)
    }
}
