// swift-tools-version: 6.2
// Frame-throughput and kernel benchmarks, kept out of the main package so `swift test` never builds
// package-benchmark. Run: cd Benchmarks && swift package benchmark [--filter "regex"]
import Foundation
import PackageDescription

// A path dependency's identity is its directory name, not its package name.
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent

let package = Package(
    name: "OpenQuartzBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "RasterBenchmarks",
            dependencies: [
                .product(name: "OpenQuartz", package: rootPackage),
                .product(name: "PeerScene", package: rootPackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RasterBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The physical floor: fill and copy rates of a frame buffer on this machine (peers/README.md).
        // Plain C, no unsafeFlags: this build spreads work with a pthread pool; peers/setup.sh builds the same
        // file with gcc -fopenmp. Run: swift run -c release quartz-floor
        .executableTarget(
            name: "quartz-floor",
            path: "Floor",
            cSettings: [.define("_GNU_SOURCE")],
            linkerSettings: [.linkedLibrary("pthread")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
