// gridfuzz: libFuzzer target for the engine (EngineFuzz.swift).
#if canImport(Glibc)
import Glibc
#endif
// Fuzzing build (`make fuzz`): -sanitize=fuzzer -DFUZZING, main hands over to libFuzzer's driver.
// Plain build: `gridfuzz FILE|DIR…` runs each input once (the regression mode of `make test`).
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
var files: [String] = []
for arg in CommandLine.arguments.dropFirst() {
    if let dir = opendir(arg) {
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix(".") { continue }
            names.append(arg + "/" + name)
        }
        closedir(dir)
        files += names.sorted()
    } else {
        files.append(arg)
    }
}
var passed = 0
for path in files {
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
    bytes.withUnsafeBufferPointer { _ = LLVMFuzzerTestOneInput($0.baseAddress, $0.count) }
    passed += 1
}
print("\(passed) passed, 0 failed")
#endif
