import Benchmark

let benchmarks: @Sendable () -> Void = {
    pngBenchmarks()
    peerSceneBenchmarks()
    engineBenchmarks()
}
