import GridLayout

/// Every element of a layout with its frame, found by asking for each one in turn: the slow,
/// obviously right model that the fast queries are checked against.
public func allElements(of layout: ContentLayout) -> [GridElement] {
    // A lazy layout (estimatedSize) answers only up to its frontier: what it has laid out.
    if layout.isLazy { return layout.elements(in: Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)) }
    var result: [GridElement] = []
    for section in 0..<layout.sectionCount {
        if let background = try! layout.backgroundFrame(inSection: section) {
            result.append(GridElement(id: .background(section: section), frame: background))
        }
        if let header = try! layout.headerFrame(inSection: section) {
            result.append(GridElement(id: .header(section: section), frame: header))
        }
        for item in 0..<(try! layout.itemCount(inSection: section)) {
            let path = GridIndexPath(section: section, item: item)
            result.append(GridElement(id: .item(path), frame: try! layout.frame(of: path)))
        }
        if let footer = try! layout.footerFrame(inSection: section) {
            result.append(GridElement(id: .footer(section: section), frame: footer))
        }
    }
    if let loader = layout.loaderFrame { result.append(GridElement(id: .loader, frame: loader)) }
    return result
}

/// The elements overlapping `rect` with positive area, by scanning all of them.
public func bruteForceElements(of layout: ContentLayout, in rect: Rect) -> [GridElement] {
    allElements(of: layout).filter { $0.frame.overlaps(rect) }
}

/// The item containing `point`, by scanning all of them.
public func bruteForceIndexPath(of layout: ContentLayout, at point: Point) -> GridIndexPath? {
    for element in allElements(of: layout) {
        if case .item(let path) = element.id, element.frame.contains(point) { return path }
    }
    return nil
}
