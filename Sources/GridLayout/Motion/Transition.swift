/// Where an element is drawn at one moment of a transition.
struct ElementState {
    var frame: Rect
    var alpha: Double = 1
    var scale: Double = 1

    /// The state a fraction `t` of the way from `self` to `other`.
    func interpolated(to other: ElementState, _ t: Double) -> ElementState {
        func mix(_ a: Double, _ b: Double) -> Double { t == 1 ? b : a + (b - a) * t }
        return ElementState(
            frame: Rect(x: mix(frame.x, other.frame.x), y: mix(frame.y, other.frame.y),
                        width: mix(frame.width, other.frame.width), height: mix(frame.height, other.frame.height)),
            alpha: mix(alpha, other.alpha), scale: mix(scale, other.scale))
    }
}

/// The curve every transition follows: a cubic ease-in-out (0 → 0, ½ → ½, 1 → 1, flat at both ends).
func easeInOut(_ t: Double) -> Double {
    if t <= 0 { return 0 }
    if t >= 1 { return 1 }
    if t < 0.5 { return 4 * t * t * t }
    let u = 2 - 2 * t
    return 1 - u * u * u / 2
}

/// Elements sliding from one layout to the next (`from` → the grid's current layout), as after an
/// insert, a removal, a move, or a new target slot during a drag.
///
/// It stores no frames for the elements it moves: at any moment it asks both layouts for the
/// elements near the viewport (O(log n + k)), so a change that moves a million items costs no
/// more than one that moves ten. Like UIKit's collection views, it animates the elements that are
/// in view at the start or at the end; an element that would only cross the viewport mid-way is
/// not drawn.
struct Transition {
    /// The layout before the change; its ids map to the current ones through `changes`.
    var from: ContentLayout
    var changes: [IndexChange]
    /// Where elements start when not at their frame in `from` (keyed by their current id): a
    /// transition that replaces one still running starts from where things are drawn.
    var starts: [ElementID: ElementState] = [:]
    /// Items that fade in (current ids).
    var appearing: Set<ElementID> = []
    /// How far `from`'s frames are moved to stand where they were on screen: the offset's change
    /// when an anchored change moved it (the old frames are in the old offset's coordinates).
    var fromShift = Point.zero

    /// Moves where everything starts by `shift` (the offset moved by it; see `fromShift`).
    mutating func shift(by shift: Point) {
        fromShift = Point(x: fromShift.x + shift.x, y: fromShift.y + shift.y)
        for (id, state) in starts {
            var moved = state
            moved.frame = state.frame.offsetBy(shift)
            starts[id] = moved
        }
    }

    /// `frame` of `from`, where it is drawn at the start.
    private func start(_ frame: Rect) -> Rect { frame.offsetBy(fromShift) }

    /// The elements drawn at eased progress `t` over `area` (content coordinates), when the grid's
    /// layout is `to`: each element of `to` near the area slides from where it started, as does each
    /// element of `from` that still exists. Appended to `result` in element order.
    func elements(in area: Rect, to: ContentLayout, at t: Double, into result: inout [GridElement]) {
        var targets: [GridElement] = []
        to.visibleElements(in: area, into: &targets)
        let olds = from.elements(in: area.offsetBy(Point(x: -fromShift.x, y: -fromShift.y)))
        blend(targets, olds, to: to, clip: area, at: t, fading: false, into: &result)
    }

    /// The elements drawn at progress `t` of a layout transition (`changes` empty: both layouts
    /// have the same items), whose viewport is `fromArea` in `from` and `toArea` in `to`: each
    /// element of either that shows there is drawn at its two frames interpolated, the pinned ones
    /// too (a pinned header sits where the viewport is in each); one only in one layout stays at
    /// that layout's frame and fades (alpha `t` coming, 1 − `t` going). Only those that meet
    /// `clip`, the viewport at this moment, with an alpha above 0, are appended, in element order.
    func crossing(from fromArea: Rect, to: ContentLayout, toArea: Rect, clip: Rect, at t: Double,
                  into result: inout [GridElement]) {
        var targets: [GridElement] = [], olds: [GridElement] = []
        to.visibleElements(in: toArea, into: &targets)
        from.visibleElements(in: fromArea, into: &olds)
        blend(targets, olds, to: to, clip: clip, at: t, fading: true, into: &result)
    }

    /// Pairs `targets` (elements of `to`) with `olds` (elements of `from`, where `from` has them) and
    /// appends each pair's state at `t` that meets `clip`, sorted by id. The one algorithm of every
    /// transition: an element's start is its state in `starts`, else a fade in when `appearing`,
    /// else its frame in `from` (through `changes`); its end its frame in `to`. Without `fading`
    /// (a slide: one offset) pinned targets stand where they are and an element gone from `to` is
    /// not drawn; with it (a layout transition) pinned targets slide from where `olds` pinned them,
    /// and an element missing from either layout fades where the other has it.
    private func blend(_ targets: [GridElement], _ olds: [GridElement], to: ContentLayout, clip: Rect, at t: Double,
                       fading: Bool, into result: inout [GridElement]) {
        let first = result.count
        var seen = Set<ElementID>()
        for target in targets {
            seen.insert(target.id)
            if target.pinned && !fading {
                result.append(target)
                continue
            }
            let end = ElementState(frame: target.frame)
            var start: ElementState
            if let s = starts[target.id] {
                start = s
            } else if appearing.contains(target.id) {
                start = ElementState(frame: target.frame, alpha: 0)
            } else if target.pinned, let old = olds.first(where: { $0.id == target.id }) {
                start = ElementState(frame: old.frame)  // pinned in both (rare: one or two a screen)
            } else if let old = changes.before(target.id), let frame = from.frame(of: old) {
                start = ElementState(frame: self.start(frame))
            } else {
                start = ElementState(frame: target.frame, alpha: 0)
            }
            let state = start.interpolated(to: end, t)
            // A layout transition draws nothing invisible: at its ends it shows each layout's own elements.
            if !fading || state.alpha > 0 { append(target.id, state, clip, &result) }
        }
        for old in olds {
            guard let id = changes.after(old.id), !seen.contains(id) else { continue }
            let begin = starts[id] ?? ElementState(frame: start(old.frame))
            if let frame = to.frame(of: id) {
                seen.insert(id)
                append(id, begin.interpolated(to: ElementState(frame: frame), t), clip, &result)
            } else if fading {
                let state = begin.interpolated(to: ElementState(frame: old.frame, alpha: 0), t)
                if state.alpha > 0 { append(id, state, clip, &result) }
            }
        }
        for (id, start) in starts where !seen.contains(id) {
            guard let frame = to.frame(of: id) else { continue }
            append(id, start.interpolated(to: ElementState(frame: frame), t), clip, &result)
        }
        result[first...].sort { $0.id < $1.id }
    }

    private func append(_ id: ElementID, _ state: ElementState, _ area: Rect, _ result: inout [GridElement]) {
        guard state.frame.overlaps(area) else { return }
        result.append(GridElement(id: id, frame: state.frame, alpha: state.alpha, scale: state.scale))
    }
}
