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

    /// `checked` for a batch: every size into `batch` in S/C terms, then, if any is refused, the
    /// error `checked` gives for the first refused one (its index path: `section`, `firstItem` + k).
    /// Each size is checked as one vector (width, height) against its limits, with no branch per
    /// size (a refused one only sets a mask); the scalar check runs only for a batch with a refused one.
    func checked(_ sizes: UnsafeBufferPointer<Size>, into batch: UnsafeMutableBufferPointer<AxisSize>, _ callback: DataSourceCallback,
                 section: Int, firstItem: Int) throws(GridError) {
        let refused = direction == .vertical
            ? Self.anyRefused(sizes, into: batch, limits: SIMD2(GridLimits.maxExtent, .greatestFiniteMagnitude)) { AxisSize(s: $0.y, c: $0.x) }
            : Self.anyRefused(sizes, into: batch, limits: SIMD2(.greatestFiniteMagnitude, GridLimits.maxExtent)) { AxisSize(s: $0.x, c: $0.y) }
        guard !refused else {
            for k in sizes.indices { _ = try checked(sizes[k], callback, GridIndexPath(section: section, item: firstItem + k)) }
            preconditionFailure("a refused size that the scalar check accepts")
        }
    }

    /// Whether `checked` refuses any of `sizes` (as (width, height), each side ≥ 0 and ≤ its limit
    /// in `limits`: false for NaN), each written to `batch` as `axisSize` turns it.
    @inline(__always)
    private static func anyRefused(_ sizes: UnsafeBufferPointer<Size>, into batch: UnsafeMutableBufferPointer<AxisSize>,
                                   limits: SIMD2<Double>, _ axisSize: (SIMD2<Double>) -> AxisSize) -> Bool {
        var refused = SIMDMask<SIMD2<Int64>>(repeating: false)
        for k in sizes.indices {
            let v = SIMD2(sizes[k].width, sizes[k].height)
            refused .|= .!((v .>= 0) .& (v .<= limits))
            batch[k] = axisSize(v)
        }
        return any(refused)
    }
}
