// swift-tools-version: 6.2
// libFuzzer targets for OpenQuartz's Swift code, kept out of the main package so `swift build` there never
// needs the fuzzer runtime. Each executable is one file exporting LLVMFuzzerTestOneInput; libFuzzer
// supplies main. Build and run through Fuzz/run.sh (it passes --sanitize=fuzzer --sanitize=address and
// -parse-as-library); the C targets (PNG encoder and reader) are built by run.sh with clang directly.
import Foundation
import PackageDescription

// A path dependency's identity is its directory name, not its package name.
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent

let package = Package(
    name: "OpenQuartzFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // What each target does with an input (and the input reader they share); the main package's fuzz
        // smoke tests run the same code on the regression inputs and on fixed-seed random inputs.
        .target(name: "FuzzHarness", dependencies: [.product(name: "OpenQuartz", package: rootPackage)], path: "Harness/Exercises"),
        .executableTarget(name: "SceneLoaderFuzzer", dependencies: ["FuzzHarness"]),
        .executableTarget(name: "PathFuzzer", dependencies: ["FuzzHarness"]),
        .executableTarget(name: "ContextFuzzer", dependencies: ["FuzzHarness"]),
        .executableTarget(name: "TextFuzzer", dependencies: ["FuzzHarness"]),
        .executableTarget(name: "LottieFuzzer", dependencies: ["FuzzHarness"]),
    ],
    swiftLanguageModes: [.v6]
)
