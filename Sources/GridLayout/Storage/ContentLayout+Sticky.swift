/// A section's header or footer drawn pinned to the viewport's leading or trailing edge.
struct PinnedElement {
    var section: Int
    /// Where it is drawn (S/C terms).
    var frame: AxisRect
}

/// Sticky headers: the current section's header stays at the viewport's leading edge while its
/// section is in view, and the next section's header pushes it out. Sticky footers: the footer of
/// the section that crosses the viewport's trailing edge stays at that edge, above its own place,
/// and no higher than its section's header.
extension ContentLayout {
    /// The elements a viewport at `viewport` shows: `elements(in:)`, except that with
    /// `stickyHeaders` the current section's header, and with `stickyFooters` the footer of the
    /// section crossing the viewport's end, are reported where they are drawn (`pinned`).
    ///
    /// - Complexity: that of `elements(in:)`, O(log s + m log n + k) (s the sections, m those the viewport crosses, n the
    ///   items of the largest, k the elements returned); with `stickyHeaders`, O(log s + e) more to find the pinned header,
    ///   e the sections without elements passed over beside the one in view; with `stickyFooters`
    ///   O(log s) more. Asks nothing.
    public func visibleElements(in viewport: Rect) -> [GridElement] {
        var result: [GridElement] = []
        result.reserveCapacity(64)  // a screenful in one allocation
        visibleElements(in: viewport, into: &result)
        return result
    }

    /// `visibleElements(in:)`, appended to `result`.
    func visibleElements(in viewport: Rect, into result: inout [GridElement]) {
        let r = axes.axisRect(engineRect(viewport))
        let pinned = configuration.stickyHeaders ? pinnedHeader(at: r.s) : nil
        let footer = configuration.stickyFooters ? pinnedFooter(at: r.sEnd) : nil
        appendBuffered(to: &result) { forEachElement(in: r, user: viewport, pinned: pinned, pinnedFooter: footer, $0) }
    }

    /// The header pinned when the viewport starts at S offset `offset`: that of the section in view
    /// at the offset (the last section with elements that starts at or before it), at
    /// min(max(its own start, offset), next section's start − its size): it stays at the leading
    /// edge, and the next section's start (where its header is) pushes it out. The last section's
    /// header is pushed out by the section's own end. A section's footer pushes its header out too:
    /// the header's S end stays at or before the footer's S start. Nil when that section has no header.
    func pinnedHeader(at offset: Double) -> PinnedElement? {
        // The last section that starts at or before the offset, skipping sections without elements.
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) >> 1
            if sections[mid].sStart > offset { high = mid } else { low = mid + 1 }
        }
        var section = low - 1
        while section >= 0 && sections[section].isEmpty {
            section -= 1
        }
        guard section >= 0, let header = sections[section].header else { return nil }
        var next = section + 1
        while next < sections.count && sections[next].isEmpty {
            next += 1
        }
        var limit = next < sections.count ? sections[next].sStart : sections[section].sEnd
        if let footer = sections[section].footer { limit = Swift.min(limit, footer.s) }
        var frame = header
        frame.s = Swift.min(Swift.max(header.s, offset), limit - header.sSize)
        return PinnedElement(section: section, frame: frame)
    }

    /// The footer pinned when the viewport ends at S position `end`: that of the section whose
    /// extent holds `end` (the last one starting before it), when its own place ends past `end`,
    /// at min(its own S, max(end − its size, the S end of the section's header, or the section's
    /// start without one)). Nil when that section has no footer or its footer shows in its place.
    func pinnedFooter(at end: Double) -> PinnedElement? {
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) >> 1
            if sections[mid].sStart >= end { high = mid } else { low = mid + 1 }
        }
        let section = low - 1
        guard section >= 0, let footer = sections[section].footer, footer.sEnd > end else { return nil }
        let floor = sections[section].header?.sEnd ?? sections[section].sStart
        var frame = footer
        frame.s = Swift.min(footer.s, Swift.max(end - footer.sSize, floor))
        return PinnedElement(section: section, frame: frame)
    }
}
