// The fuzz smoke that `swift test` runs: what each libFuzzer target does with an input (Fuzz/Harness/Exercises,
// the same code the fuzzers link) run on every input the fuzzers once found failing (Fuzz/regressions/) and on
// about 1,570 fixed-seed random and mutated inputs. It is not coverage-guided; the hour-long runs are
// `Fuzz/run.sh TARGET SECONDS` (CONTRIBUTING.md, "Fuzzing"). A crash or trap here fails the run.
import Foundation
import OpenQuartz
import QuartzTestSupport
import Testing

@Suite struct FuzzSmokeTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let scenes = fixturesDirectory.appendingPathComponent("scenes", isDirectory: true)

    static func regressionInputs(_ target: String) throws -> [URL] {
        let folder = fuzzFolder.appendingPathComponent("regressions/\(target)")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func run(_ bytes: [UInt8], _ body: (UnsafePointer<UInt8>, Int) -> Void) {
        // A pointer is needed even for an empty input.
        (bytes.isEmpty ? [0] : bytes).withUnsafeBufferPointer { body($0.baseAddress!, bytes.count) }
    }

    static func randomBytes(_ generator: inout SplitMix64, maximumCount: Int) -> [UInt8] {
        (0..<generator.below(maximumCount + 1)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    /// `input` with a few random byte changes, insertions, deletions or a truncation.
    static func mutated(_ input: [UInt8], _ generator: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + generator.below(4)) {
            let position = bytes.isEmpty ? 0 : generator.below(bytes.count)
            switch generator.below(4) {
            case 0 where !bytes.isEmpty: bytes[position] = UInt8(truncatingIfNeeded: generator.next())
            case 1: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: position)
            case 2 where !bytes.isEmpty: bytes.remove(at: position)
            default: bytes = Array(bytes.prefix(position))
            }
        }
        return bytes
    }

    @Test func theRegressionInputsOfThePathAndContextTargetsRunCleanly() throws {
        let path = try Self.regressionInputs("path"), context = try Self.regressionInputs("context")
        #expect(path.count >= 8 && context.count >= 2)
        for file in path { Self.run(Array(try Data(contentsOf: file))) { PathExercise.run($0, $1) } }
        for file in context { Self.run(Array(try Data(contentsOf: file))) { ContextExercise.run($0, $1) } }
    }

    /// Each kept PNG claims a chunk far larger than the file; reading must refuse it by name, not allocate it.
    @Test func theRegressionInputsOfThePNGReaderAreRefused() throws {
        let files = try Self.regressionInputs("png_reader")
        #expect(files.count >= 2)
        for file in files {
            #expect(throws: PNGError.self, "\(file.lastPathComponent)") {
                try PNGReader.read(data: try Data(contentsOf: file), name: file.lastPathComponent)
            }
        }
    }

    @Test func randomPathAndContextInputsRunCleanly() {
        var generator = SplitMix64(seed: 20_261_202)
        for _ in 0..<150 { Self.run(Self.randomBytes(&generator, maximumCount: 384)) { PathExercise.run($0, $1) } }
        for _ in 0..<150 { Self.run(Self.randomBytes(&generator, maximumCount: 384)) { ContextExercise.run($0, $1) } }
    }

    @Test func randomTextInputsRunCleanly() {
        var generator = SplitMix64(seed: 20_261_203)
        for _ in 0..<150 { Self.run(Self.randomBytes(&generator, maximumCount: 384)) { TextExercise.run($0, $1) } }
    }

    @Test func mutatedFixtureScenesLoadOrFailCleanly() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.scenes, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        let inputs = try files.map { Array(try Data(contentsOf: $0)) }
        #expect(inputs.count >= 10)
        var generator = SplitMix64(seed: 7)
        for round in 0..<240 {
            let input = Self.mutated(inputs[round % inputs.count], &generator)
            Self.run(input) { SceneLoaderExercise.run($0, $1, baseDirectory: Self.scenes) }
        }
    }

    /// The fixture Lottie files with a few bytes changed each: loaded, built and rendered, or refused with a
    /// LottieError.
    @Test func mutatedFixtureLottieFilesLoadOrFailCleanly() throws {
        let files = try FileManager.default.contentsOfDirectory(at: fixturesDirectory.appendingPathComponent("lottie"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        let inputs = try files.map { Array(try Data(contentsOf: $0)) }
        #expect(inputs.count >= 2)
        var generator = SplitMix64(seed: 29)
        for round in 0..<60 {
            let input = Self.mutated(inputs[round % inputs.count], &generator)
            Self.run(input) { LottieExercise.run($0, $1) }
        }
        for _ in 0..<60 { Self.run(Self.randomBytes(&generator, maximumCount: 384)) { LottieExercise.run($0, $1) } }
    }

    @Test func mutatedPNGFilesDecodeOrFailCleanly() throws {
        let files = try FileManager.default.contentsOfDirectory(at: fixturesDirectory.appendingPathComponent("png"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "png" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        let inputs = try files.map { Array(try Data(contentsOf: $0)) }
        #expect(!inputs.isEmpty)
        var generator = SplitMix64(seed: 11)
        for round in 0..<600 {
            let input = Self.mutated(inputs[round % inputs.count], &generator)
            _ = try? PNGReader.read(data: Data(input), name: "mutated")
        }
    }
}
