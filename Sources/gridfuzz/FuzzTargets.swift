#if canImport(Glibc)
import Glibc
#endif

/// The fuzz targets, by name (GRIDFUZZ_TARGET).
let fuzzTargets: [String: @Sendable (UnsafePointer<UInt8>?, Int) -> Void] = [
    "engine": runEngineFuzz,
    "lua": runLuaFuzz,
    "c": runCFuzz,
]

/// The target of this run: GRIDFUZZ_TARGET (engine by default), or in regression mode the name of
/// an input's folder.
nonisolated(unsafe) var fuzzTarget = getenv("GRIDFUZZ_TARGET").map { String(cString: $0) } ?? "engine"

@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let run = fuzzTargets[fuzzTarget] else {
        fatalError("gridfuzz: unknown GRIDFUZZ_TARGET '\(fuzzTarget)' (expected one of \(fuzzTargets.keys.sorted()))")
    }
    run(data, size)
    return 0
}
