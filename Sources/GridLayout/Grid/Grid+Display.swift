/// What is drawn at this moment: the layout's elements, or during an animation where the
/// animation has them, with the dragged item where the drag point holds it.
extension Grid {
    /// The elements drawn over `area` (content coordinates) at this moment, appended to `result`:
    /// the layout's, or during an animation where the animation has them, with the dragged item
    /// where the drag point holds it.
    func displayedElements(in area: Rect, into result: inout [GridElement]) {
        let first = result.count
        if let animation = motion.animation {
            switch animation.phase {
            case .slide(let transition):
                transition.elements(in: area, to: layout, at: animation.progress, into: &result)
            case .scroll(_, _, let transition):
                transition.elements(in: area, to: layout, at: 0, into: &result)
            case .vanish(let path):
                layout.visibleElements(in: area, into: &result)
                let fade = 1 - animation.progress
                for i in first..<result.count where result[i].id == .item(path) {
                    result[i].alpha = fade
                    result[i].scale = fade
                }
            }
        } else if let transition = motion.layoutTransition {
            transition.elements(in: area, now: contentOffset, into: &result)
        } else {
            layout.visibleElements(in: area, into: &result)
        }
        if let drag = motion.drag { placeDragged(drag, in: area, from: first, into: &result) }
    }
}
