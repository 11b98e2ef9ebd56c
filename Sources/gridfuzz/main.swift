// gridfuzz: libFuzzer targets for the engine (EngineFuzz.swift, MutationFuzz.swift), the Lua API
// (LuaFuzz.swift) and the C ABI (CFuzz.swift). GRIDFUZZ_TARGET=engine|lua|c picks one (engine
// by default).
#if canImport(Glibc)
import Glibc
#endif

// Fuzzing build (`make fuzz`): -sanitize=fuzzer -DFUZZING, main hands over to libFuzzer's driver.
// Plain build: `gridfuzz FILE|DIR…` runs each input once (the regression mode of `make test`); a
// directory's files run under the target the directory is named after (Tests/fuzz/corpus/lua),
// its subdirectories are read too.
#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput))
#else
/// The files under `path` (itself when it is a file), sorted, each with the target it runs under.
func inputs(_ path: String, target: String) -> [(String, String)] {
    guard let dir = opendir(path) else { return [(path, target)] }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if !name.hasPrefix(".") { names.append(name) }
    }
    closedir(dir)
    let own = fuzzTargets[String(path.split(separator: "/").last ?? "")] != nil ? String(path.split(separator: "/").last!) : target
    return names.sorted().flatMap { inputs(path + "/" + $0, target: own) }
}

var passed = 0
for (path, inputTarget) in CommandLine.arguments.dropFirst().flatMap({ inputs($0, target: fuzzTarget) }) {
    guard let f = fopen(path, "rb") else {
        print("gridfuzz: cannot open \(path)")
        exit(2)
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    fclose(f)
    currentInput = path
    fuzzTarget = inputTarget
    bytes.withUnsafeBufferPointer { _ = LLVMFuzzerTestOneInput($0.baseAddress, $0.count) }
    passed += 1
}
print("\(passed) passed, 0 failed")
#endif
