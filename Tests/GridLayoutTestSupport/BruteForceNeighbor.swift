import GridLayout

/// The spatial navigation rule read literally over every item of a complete layout: the model
/// `Grid.neighbor(of:_:)` is checked against. Shares no code with the engine's search.
public func bruteForceNeighbor(of path: GridIndexPath, _ direction: NavigationDirection,
                               in layout: ContentLayout) -> GridIndexPath? {
    var paths: [GridIndexPath] = []
    for section in 0..<layout.sectionCount {
        for item in 0..<(try! layout.itemCount(inSection: section)) { paths.append(GridIndexPath(section: section, item: item)) }
    }
    let index = paths.firstIndex(of: path)!
    switch direction {
    case .next: return index + 1 < paths.count ? paths[index + 1] : nil
    case .previous: return index > 0 ? paths[index - 1] : nil
    default: break
    }
    let a = try! layout.frame(of: path)
    struct Candidate { var path: GridIndexPath; var inBeam: Bool; var major: Double; var minor: Double }
    var candidates: [Candidate] = []
    for other in paths where other != path {
        let b = try! layout.frame(of: other)
        guard b.width > 0 && b.height > 0 else { continue }
        let major: Double, lo: Double, hi: Double, minor: Double
        switch direction {
        case .down: major = b.y - a.maxY
        case .up: major = a.y - b.maxY
        case .right: major = b.x - a.maxX
        default: major = a.x - b.maxX
        }
        if direction == .up || direction == .down {
            lo = max(a.x, b.x); hi = min(a.maxX, b.maxX)
            minor = abs((a.x + a.maxX) / 2 - (b.x + b.maxX) / 2)
        } else {
            lo = max(a.y, b.y); hi = min(a.maxY, b.maxY)
            minor = abs((a.y + a.maxY) / 2 - (b.y + b.maxY) / 2)
        }
        guard major >= 0 else { continue }
        candidates.append(Candidate(path: other, inBeam: hi - lo > 0, major: major, minor: minor))
    }
    let beam = candidates.filter(\.inBeam)
    if !beam.isEmpty {
        return beam.min { ($0.major, $0.minor, $0.path) < ($1.major, $1.minor, $1.path) }!.path
    }
    return candidates.min {
        (13 * $0.major * $0.major + $0.minor * $0.minor, $0.path) < (13 * $1.major * $1.major + $1.minor * $1.minor, $1.path)
    }?.path
}
