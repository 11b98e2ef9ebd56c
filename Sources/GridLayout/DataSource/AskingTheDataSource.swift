/// Calls a data source method; an error it throws becomes `GridError.callbackFailed` naming the
/// callback and the element (a `GridError` passes through unchanged).
@inline(__always)
func ask<T>(_ callback: DataSourceCallback, _ at: ElementLocation, _ body: () throws -> T) throws(GridError) -> T {
    do {
        return try body()
    } catch let error as GridError {
        throw error
    } catch {
        throw .callbackFailed(callback: callback, at: at, message: String(describing: error))
    }
}

extension AxisMap {
    /// The size in S/C terms, or an error naming the callback that gave it.
    /// An item across the scroll axis may be no wider than the largest extent (along it, where the
    /// item ends is checked where it is placed): beyond, lane positions and snapped edges overflow.
    @inline(__always)
    func checked(_ size: Size, _ callback: DataSourceCallback, _ path: @autoclosure () -> GridIndexPath) throws(GridError) -> AxisSize {
        let a = axisSize(size)
        // The four comparisons `Size.isValid` makes, C's upper bound the largest extent: the
        // common case costs no more; which one failed is told apart only then.
        guard a.s >= 0 && a.s <= .greatestFiniteMagnitude && a.c >= 0 && a.c <= GridLimits.maxExtent else {
            guard size.isValid else { throw .invalidSize(callback: callback, at: .item(path()), size) }
            throw .extentTooLarge(at: .item(path()), end: a.c)
        }
        return a
    }
}
