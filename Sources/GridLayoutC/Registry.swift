import GridLayout
import GridLayoutCSupport
import Synchronization

/// A failed C call: the status to return and the message `gl_last_error()` gives.
struct CFailure: Error {
    var status: gl_status
    var message: String

    init(_ status: gl_status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The engine's error, with indices counted from 0 as C counts them.
    init(_ error: GridError) {
        message = error.message(in: errorWords.withLock { $0 })
        status = Self.status(of: error)
    }

    /// The status of an engine error; several failures report the first one's.
    static func status(of error: GridError) -> gl_status {
        switch error {
        case .invalidOption, .unknownOption, .invalidOffset, .columnsDoNotFit, .noRoomForRows, .noRoomForItems, .tooManyStoredItems,
             .invalidTime, .invalidPoint, .invalidSectionOffset, .invalidTransition: return GL_EINVAL
        case .invalidSpan, .invalidSectionOption: return GL_EDATA
        case .invalidMeasure, .duplicateID, .snapshotIDType: return GL_EINVAL
        case .snapshotMismatch: return GL_EDATA
        case .measureOutOfRange: return GL_ERANGE
        case .measureSameSize: return GL_ESTATE
        case .notReloaded, .sortingOff, .notSideways, .dragState, .busyDragging, .busyTransitioning, .noTransition: return GL_ESTATE
        case .invalidSize, .invalidCount, .noAspectRatio, .notAppended, .updateMismatch, .sectionsChanged, .extentTooLarge, .tooManyShown,
             .inconsistent, .invalidStyle, .invalidGiven: return GL_EDATA
        case .reentered: return GL_EBUSY
        case .callbackFailed: return GL_ECALLBACK
        case .indexPathOutOfRange, .sectionOutOfRange, .mutationOutOfRange, .mutationCancelled: return GL_ERANGE
        case .noDataSource: return GL_ENOSOURCE
        case .several(let errors): return errors.first.map(status(of:)) ?? GL_EINVAL
        case .overBudget: return GL_ENOMEM
        case .interrupted: return GL_ECALLBACK
        }
    }
}

/// Runs one C call: GL_OK and a cleared error, or the failure's status and message.
@inline(__always)
func cCall(_ body: () throws(CFailure) -> Void) -> gl_status {
    do {
        try body()
        glsupport_clear_error()
        return GL_OK
    } catch {
        glsupport_set_error(error.message)
        return error.status
    }
}

/// Converts an engine error to a C failure.
@inline(__always)
func engine<T>(_ body: () throws(GridError) -> T) throws(CFailure) -> T {
    do { return try body() } catch { throw CFailure(error) }
}

/// Requires a non-NULL output pointer.
@inline(__always)
func output<T>(_ p: UnsafeMutablePointer<T>?, _ name: String) throws(CFailure) -> UnsafeMutablePointer<T> {
    guard let p else { throw CFailure(GL_EINVAL, "\(name) is NULL") }
    return p
}

/// The live grids by handle. A handle is a number, never a pointer the library dereferences: a
/// destroyed or made-up handle is simply not in the table (GL_EHANDLE), and numbers are never
/// reused, so a stale handle cannot reach a newer grid.
struct Registry: ~Copyable {
    var next: UInt = 1
    var grids: [UInt: GridBox] = [:]
}

let registry = Mutex(Registry())

/// Handle values: odd multiples of 8, so that neither NULL nor small integers are ever valid.
func handleValue(_ id: UInt) -> UInt { id &* 16 &+ 8 }

func lookup(_ handle: OpaquePointer?) throws(CFailure) -> GridBox {
    guard let handle else { throw CFailure(GL_EHANDLE, "grid handle is NULL") }
    let key = UInt(bitPattern: handle)
    if let box = registry.withLock({ $0.grids[key] }) { return box }
    throw CFailure(GL_EHANDLE, "grid handle \(describe(handle)) is not a live grid (destroyed, or never created)")
}

func describe(_ handle: OpaquePointer) -> String {
    "0x" + String(UInt(bitPattern: handle), radix: 16)
}

/// Engine-changing calls made from inside a data source callback on the same grid (GridHost's
/// guard: GL_EBUSY).
func requireIdle(_ box: GridBox, _ what: String) throws(CFailure) {
    do throws(GridError) { try box.host.requireIdle(what) } catch { throw CFailure(error) }
}
