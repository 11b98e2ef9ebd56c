/// A section that scrolls sideways and its offset (`sectionOffset(s)`), the section counted from 1
/// as in Lua: the state lists those in view, so that the page knows which boxes a sideways wheel
/// or drag scrolls, and from where.
public struct ServeSectionOffset: Encodable, Equatable, Sendable {
    public var section: Int
    public var offset: Double

    public init(section: Int, offset: Double) {
        self.section = section
        self.offset = offset
    }
}
