/// A layout transition (docs/layout.md, "Layout transitions"): the grid's layout and offset, and
/// beside them a target layout of the same items under other options and the offset that keeps
/// the anchor's centre where it is on screen. At progress p every element's frame is its two
/// frames interpolated, and the offset the two offsets: on screen each element moves in a straight
/// line. The grid's own layout is untouched until `commitTransition()`.
struct LayoutTransition {
    /// The layout it goes to, laid out (as far as the viewport at `toOffset` and the items the
    /// viewport showed need, when lazy) before the transition starts: nothing is asked after.
    var target: ContentLayout
    /// The grid's offset when it started, and the target's anchored offset (clamped to its content).
    var fromOffset: Point
    var toOffset: Point
    /// The item whose centre stays on screen (nil when the viewport showed no element).
    var anchor: ElementID?
    /// The linear fraction done, 0...1.
    var progress: Double = 0
    /// For `animate(to:duration:)`: its length and the time run on the `step` clock (nil for a
    /// transition driven by `setTransitionProgress`).
    var clock: (duration: Double, elapsed: Double)?
    /// The pairing and interpolation every transition uses, with no index change between the layouts.
    var blend: Transition

    init(from: ContentLayout, target: ContentLayout, fromOffset: Point, toOffset: Point, anchor: ElementID?) {
        self.target = target
        self.fromOffset = fromOffset
        self.toOffset = toOffset
        self.anchor = anchor
        blend = Transition(from: from, changes: [])
    }

    /// The offset at progress `p`: the two interpolated (exactly each at 0 and 1).
    func offset(at p: Double) -> Point {
        func mix(_ a: Double, _ b: Double) -> Double { p == 1 ? b : a + (b - a) * p }
        return Point(x: mix(fromOffset.x, toOffset.x), y: mix(fromOffset.y, toOffset.y))
    }

    /// The elements drawn over `area` (content coordinates at the offset of this moment, `now`):
    /// the elements of both layouts where `area` is in each, at `progress` (see `Transition.crossing`).
    func elements(in area: Rect, now: Point, into result: inout [GridElement]) {
        let fromArea = area.offsetBy(Point(x: fromOffset.x - now.x, y: fromOffset.y - now.y))
        let toArea = area.offsetBy(Point(x: toOffset.x - now.x, y: toOffset.y - now.y))
        blend.crossing(from: fromArea, to: target, toArea: toArea, clip: area, at: progress, into: &result)
    }
}
