/// `lanes`, SMGridView's layout: n lanes run along S; each item goes into the lane with the smallest
/// end (the shortest lane), ties to the lowest lane, after `lineSpacing` when the lane is not empty.
/// The item's C origin is start padding + lane · (its own C size + itemSpacing), as SMGridView computes it.
struct LanesLayout: ItemPlacer {
    // Its state is these properties: saved after a section's last item (`PlacerState`), it goes on
    // placing items appended later exactly where it stopped (`reloadNew`).
    let area: ItemArea
    private var lanes: LaneEnds
    private var end: Double

    init(lanes: Int, area: ItemArea) {
        self.area = area
        self.lanes = LaneEnds(count: lanes, start: area.sStart, spacing: area.lineSpacing)
        end = area.sStart
    }

    var interleave: Int { 1 }

    mutating func place(_ sizes: UnsafeBufferPointer<AxisSize>, from first: GridIndexPath, into store: inout FrameStore) {
        // The state goes through the batch in locals (the lane ends in buffers), returned at its
        // end: kept in registers rather than read and written through `self` on every item.
        let (cStart, itemSpacing, start) = (area.cStart, area.itemSpacing, end)
        end = store.append(count: sizes.count) { frames in
            lanes.withBuffers { lanes in
                var end = start
                for k in sizes.indices {
                    let size = sizes[k]
                    let lane = lanes.shortest()
                    let s = lanes.nextStart(lane)
                    frames[k] = AxisRect(s: s, c: cStart + Double(lane) * (size.c + itemSpacing), sSize: size.s, cSize: size.c)
                    lanes.add(lane, end: s + size.s)
                    // `Swift.max` for frames (no NaN), as one `maxsd`: its NaN rule costs three more.
                    end = end > s + size.s ? end : s + size.s
                }
                return end
            }
        }
    }

    var spannedStoreIsFloored: Bool { true }

    /// A k-span item keeps its own size and takes the k adjacent lanes whose largest end is the
    /// smallest (ties to the lowest); it starts at the largest of their next starts, and its C origin
    /// is C-start + j·(u + itemSpacing), u = (its C size − (k−1)·itemSpacing)/k.
    mutating func place(_ sizes: UnsafeBufferPointer<AxisSize>, spans: UnsafeBufferPointer<Int>, from first: GridIndexPath,
                        into store: inout FrameStore) {
        let (cStart, itemSpacing, start) = (area.cStart, area.itemSpacing, end)
        end = store.appendFloored(count: sizes.count) { frames, floors in
            lanes.withBuffers { lanes in
                var end = start
                for k in sizes.indices {
                    let size = sizes[k]
                    let span = Swift.min(spans[k], lanes.count)
                    floors[k] = lanes.smallestNextStart()
                    let lane = lanes.shortest(spanning: span)
                    let s = lanes.nextStart(lane, spanning: span)
                    let unit = (size.c - Double(span - 1) * itemSpacing) / Double(span)
                    frames[k] = AxisRect(s: s, c: cStart + Double(lane) * (unit + itemSpacing), sSize: size.s, cSize: size.c)
                    lanes.add(lane, spanning: span, end: s + size.s)
                    end = Swift.max(end, s + size.s)
                }
                return end
            }
        }
    }

    func finish(into store: inout FrameStore) -> Double { end }

    /// No item placed after now starts before this (the shortest lane's end): the lazy frontier.
    var frontierS: Double { lanes.smallestEnd }
    /// The S end of the items placed so far (the area's start before any).
    var placedEnd: Double { end }

    /// Equal sizes fill the lanes round-robin: line l holds items l·n ..< (l+1)·n. Not so for
    /// items of S size 0 with spacing (a lane holding one still ends first): then nil.
    static func uniform(lanes: Int, item: AxisSize, count: Int, area: ItemArea) -> UniformGrid? {
        guard item.s > 0 || area.lineSpacing == 0 || lanes == 1 else { return nil }
        return UniformGrid(count: count, perLine: lanes,
                    sStart: area.sStart, sPitch: item.s + area.lineSpacing,
                    cStart: area.cStart, cPitch: item.c + area.itemSpacing, item: item)
    }
}

/// The ends of n lanes (or waterfall columns) along S, for shortest-lane placement.
struct LaneEnds {
    private var ends: [Double]
    private var used: [Bool]
    let spacing: Double

    /// The smallest lane end: every later item starts at or after it.
    var smallestEnd: Double { ends.min() ?? 0 }

    init(count: Int, start: Double, spacing: Double) {
        ends = Array(repeating: start, count: count)
        used = Array(repeating: false, count: count)
        self.spacing = spacing
    }

    /// Runs `body` on the lanes as plain buffers: a batch of placements checks the arrays'
    /// uniqueness once rather than on every item (that check was a tenth of a layout).
    mutating func withBuffers<R>(_ body: (inout Buffers) -> R) -> R {
        let spacing = self.spacing
        return ends.withUnsafeMutableBufferPointer { ends in
            used.withUnsafeMutableBufferPointer { used in
                var buffers = Buffers(ends: ends, used: used, spacing: spacing)
                return body(&buffers)
            }
        }
    }

    /// The lanes while `withBuffers` runs.
    struct Buffers {
        let ends: UnsafeMutableBufferPointer<Double>
        let used: UnsafeMutableBufferPointer<Bool>
        let spacing: Double

        /// The lane with the smallest end, ties to the lowest.
        func shortest() -> Int {
            // The best end kept in a register rather than read again for each comparison.
            var (best, bestEnd) = (0, ends[0])
            var lane = 1
            while lane < ends.count {
                let end = ends[lane]
                if end < bestEnd { (best, bestEnd) = (lane, end) }
                lane += 1
            }
            return best
        }

        /// Where the lane's next item starts: its end, after `spacing` when it holds an item.
        func nextStart(_ lane: Int) -> Double { used[lane] ? ends[lane] + spacing : ends[lane] }

        func add(_ lane: Int, end: Double) {
            ends[lane] = end
            used[lane] = true
        }

        var count: Int { ends.count }

        /// The first of the `span` adjacent lanes whose largest end is the smallest, ties to the
        /// lowest: `shortest()` for a span of 1.
        func shortest(spanning span: Int) -> Int {
            guard span > 1 else { return shortest() }
            var best = 0, bestEnd = Double.infinity
            for lane in 0...(ends.count - span) {
                var end = ends[lane]
                for other in (lane + 1)..<(lane + span) where ends[other] > end { end = ends[other] }
                if end < bestEnd { (best, bestEnd) = (lane, end) }
            }
            return best
        }

        /// Where an item over lanes `lane..<lane+span` starts: the largest of their next starts.
        func nextStart(_ lane: Int, spanning span: Int) -> Double {
            var s = nextStart(lane)
            for other in (lane + 1)..<(lane + span) { s = Swift.max(s, nextStart(other)) }
            return s
        }

        /// The smallest next start over the lanes: no later item starts before it, and it never
        /// decreases (lanes only grow), so it is a placement's floor (`FrameStore.floored`).
        func smallestNextStart() -> Double {
            var s = nextStart(0)
            for lane in 1..<ends.count { s = Swift.min(s, nextStart(lane)) }
            return s
        }

        func add(_ lane: Int, spanning span: Int, end: Double) {
            for other in lane..<(lane + span) { add(other, end: end) }
        }
    }
}
