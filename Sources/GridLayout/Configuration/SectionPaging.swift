/// Where a sideways-scrolling section's offset snaps after `scrollSection` (`sectionPaging`).
public enum SectionPaging: String, CaseIterable, Sendable {
    /// Anywhere in its range.
    case none
    /// To the nearest item start: that item's C start lines up with the start of the items' range.
    case item
    /// To the nearest multiple of the items' C range (the viewport across, less the padding and inset).
    case page
}
