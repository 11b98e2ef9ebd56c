/// Up to 255 distinct (C-start, C size) pairs, told apart by their bit patterns (so -0.0 is not 0.0):
/// the palette of `FrameColumns`' palette form, whose items keep a 1-byte index into it. A pair is
/// found in O(1) through a hash table at most half full.
struct FramePalette: Sendable {
    /// The most pairs a palette holds: every index fits a byte.
    static var capacity: Int { 255 }

    struct Entry: Sendable {
        var c, cSize: Double
    }

    /// The pairs, in the order they were first seen.
    private(set) var entries: [Entry] = []
    /// Open addressing, a power of two of slots (none before the first pair): 0 is empty, k is entry k − 1.
    private var slots: [UInt8] = []

    var count: Int { entries.count }

    /// Bytes held: 16 a pair and a byte a slot (at most 512).
    var bytes: Int { entries.count * MemoryLayout<Entry>.stride + slots.count }

    subscript(index: UInt8) -> Entry { entries[Int(index)] }

    @inline(__always)
    private static func hash(_ c: Double, _ cSize: Double) -> Int {
        // The top bits of a product depend on every bit below them: values that differ anywhere
        // (in the high bits, as exact values do, or the low ones) land apart.
        Int(truncatingIfNeeded: ((c.bitPattern &+ cSize.bitPattern &<< 7 &+ cSize.bitPattern) &* 0x9E37_79B9_7F4A_7C15) &>> 52)
    }

    /// Puts the palette index of each frame's pair into `indices`, adding the pairs not seen yet;
    /// false (and `indices` partly written, the pairs seen so far added) when a pair is new and
    /// the palette is full.
    ///
    /// - Complexity: O(batch): up to 4 pairs are compared in turn, more are hashed (a table at
    ///   most half full).
    mutating func indices(of batch: UnsafeBufferPointer<AxisRect>, into indices: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        var k = 0
        while true {
            // The known pairs; the first new one stops the lookup, to be added.
            if entries.count > 4 {
                k = hashedIndices(of: batch, from: k, into: indices)
            } else if !entries.isEmpty {
                k = fewIndices(of: batch, from: k, into: indices)
            }
            if k == batch.count { return true }
            guard entries.count < Self.capacity else { return false }
            add(Entry(c: batch[k].c, cSize: batch[k].cSize))
        }
    }

    /// `indices(of:into:)` from item `k` through the hash table. Stops at the first pair not in
    /// the palette and returns its place (or the batch's count).
    private func hashedIndices(of batch: UnsafeBufferPointer<AxisRect>, from k: Int, into indices: UnsafeMutableBufferPointer<UInt8>) -> Int {
        entries.withUnsafeBufferPointer { entries in
            slots.withUnsafeBufferPointer { slots in
                var k = k
                let mask = slots.count - 1
                lookup: while k < batch.count {
                    let r = batch[k]
                    var h = Self.hash(r.c, r.cSize) & mask
                    while true {
                        let slot = slots[h]
                        if slot == 0 { break lookup }
                        let e = entries[Int(slot) &- 1]
                        if e.c.bitPattern == r.c.bitPattern && e.cSize.bitPattern == r.cSize.bitPattern {
                            indices[k] = slot &- 1
                            break
                        }
                        h = (h &+ 1) & mask
                    }
                    k += 1
                }
                return k
            }
        }
    }

    /// `indices(of:into:)` from item `k` for a palette of 1…4 pairs (a waterfall's columns): the
    /// pairs' bits held in registers and compared in turn, cheaper than hashing. Stops at the first
    /// pair not in the palette and returns its place (or the batch's count).
    @inline(__always)
    private func fewIndices(of batch: UnsafeBufferPointer<AxisRect>, from k: Int, into indices: UnsafeMutableBufferPointer<UInt8>) -> Int {
        // Missing pairs repeat the first: matching one gives index 0, which is that pair's.
        func bits(_ j: Int) -> (UInt64, UInt64) {
            let e = entries[j < entries.count ? j : 0]
            return (e.c.bitPattern, e.cSize.bitPattern)
        }
        let (p0, p1, p2, p3) = (bits(0), bits(1), bits(2), bits(3))
        var k = k
        while k < batch.count {
            let pair = (batch[k].c.bitPattern, batch[k].cSize.bitPattern)
            let index: UInt8
            if pair == p0 { index = 0 } else if pair == p1 { index = 1 } else if pair == p2 { index = 2 } else if pair == p3 { index = 3 } else { break }
            indices[k] = index
            k += 1
        }
        return k
    }

    /// Adds a pair not in the palette, doubling the table when it would be more than half full.
    private mutating func add(_ e: Entry) {
        entries.append(e)
        if entries.count * 2 > slots.count {
            slots = Array(repeating: 0, count: Swift.max(8, slots.count * 2))
            for k in entries.indices { place(k) }
        } else {
            place(entries.count - 1)
        }
    }

    /// Puts entry k into the first free slot of its probe sequence.
    private mutating func place(_ k: Int) {
        let mask = slots.count - 1
        var h = Self.hash(entries[k].c, entries[k].cSize) & mask
        while slots[h] != 0 { h = (h + 1) & mask }
        slots[h] = UInt8(k + 1)
    }
}
