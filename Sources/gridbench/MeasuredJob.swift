import GridBenchFloor

/// A job run inside gb_measured, the one function callgrind counts under `--toggle-collect`.
final class MeasuredJob {
    let body: () -> Double
    var result = 0.0
    init(_ body: @escaping () -> Double) { self.body = body }

    func run() -> Double {
        gb_measured({ context in
            let job = Unmanaged<MeasuredJob>.fromOpaque(context!).takeUnretainedValue()
            job.result = job.body()
        }, Unmanaged.passUnretained(self).toOpaque())
        return result
    }
}
