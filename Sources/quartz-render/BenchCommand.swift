// `quartz-render bench`: renders frames of a scene without writing files and reports per-phase medians and
// p95 (evaluate, composite, and PNG encode with --encode), frames per second and the peak resident memory,
// as a table or as stable JSON (sorted keys, seconds and bytes) on stdout. Warm-up renders are not measured.
import ArgumentParser
import Foundation
import OpenQuartz
import QuartzOutput

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure render speed and memory without writing files.",
        discussion: """
            Renders the selected frames (default: every frame) --repeat times after --warmup unmeasured renders \
            of the first selected frame, and prints per-phase median and p95 (nearest rank), the maximum, \
            frames per second (measured frames / their wall time) and the peak resident memory (getrusage \
            ru_maxrss) on stdout. --encode adds PNG encoding in memory (encode) and its durable write to a \
            temporary file, deleted at once (write), as render does. Timings vary from run to run; pixels do not.
            """)

    @OptionGroup var selection: SceneFrameOptions

    @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Measured passes over the selected frames, 1...1000.")
    var repeatCount: Int = 1

    @Option(parsing: .unconditional, help: "Unmeasured renders of the first selected frame before measuring, 0...1000.")
    var warmup: Int = 1

    @Flag(help: "Also encode each frame as PNG (the encode phase).")
    var encode = false

    @Option(help: "PNG compression for --encode: fast, balanced or smallest.")
    var compression: PNGCompression = .fast

    @Flag(help: "Print stable JSON instead of a table.")
    var json = false

    @OptionGroup var motionBlur: MotionBlurOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard (1...1000).contains(repeatCount) else { throw ValidationError("--repeat must be in 1...1000, got \(repeatCount)") }
        guard (0...1000).contains(warmup) else { throw ValidationError("--warmup must be in 0...1000, got \(warmup)") }
    }

    func run() throws {
        try runReportingFailures(logging: logging) {
            let scene = try loadScene(at: selection.scene, strict: selection.strict, lottieMotion: selection.lottieMotion.timing)
            let plan = try selection.plan(scene: scene)
            let settings = try selection.settings(scene: scene)
            guard let first = plan.frames.first else { throw ValidationError("no frames selected") }
            cliLog.info("\(plan.summary)")
            cliLog.info("output \(settings.summary)")
            let produce = makeFrameProducer(renderer: SceneFrameRenderer(scene: scene, settings: settings),
                                            motionBlur: motionBlur.motionBlur(rate: plan.rate))
            let scratch = FileManager.default.temporaryDirectory
                .appendingPathComponent("quartz-render-bench-\(getpid())-\(UUID().uuidString).png").path
            defer { unsafe unlink(scratch) }
            // As `render` writes a frame: encoded in memory (encode), then written durably to a file (write).
            let writer = FrameFileWriter(policy: .overwrite, compression: compression)
            func encodeSeconds(_ bitmap: PremultipliedRGBA8Bitmap) throws -> (encode: Double, write: Double) {
                try writer.write(bitmap, to: scratch)
            }
            for _ in 0..<warmup {
                let frame = try produce(plan.time(ofFrame: first))
                if encode { _ = try encodeSeconds(frame.bitmap) }
            }
            var timings: [FrameTiming] = []
            timings.reserveCapacity(plan.frames.count * repeatCount)
            let started = monotonicSeconds()
            for _ in 0..<repeatCount {
                for index in plan.frames {
                    let t = plan.time(ofFrame: index)
                    let frame = try produce(t)
                    let output = encode ? try encodeSeconds(frame.bitmap) : (encode: 0, write: 0)
                    timings.append(FrameTiming(frame: index, time: t, evaluate: frame.evaluate, composite: frame.composite,
                                               encode: output.encode, write: output.write))
                }
            }
            let report = BenchReport(scene: selection.scene, width: settings.pixelWidth, height: settings.pixelHeight,
                                     threads: settings.threads, repeatCount: repeatCount, warmup: warmup,
                                     motionBlurSamples: motionBlur.samples, shutterAngle: motionBlur.shutter,
                                     encode: encode, wallSeconds: monotonicSeconds() - started, timings: timings)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                let data: Data
                do { data = try encoder.encode(report) } catch {
                    throw CLIFailure(.software, "cannot encode the benchmark report: \(error)")
                }
                FileHandle.standardOutput.write(data + Data("\n".utf8))
            } else {
                FileHandle.standardOutput.write(Data((report.table + "\n").utf8))
            }
        }
    }
}

/// The `bench` report (seconds and bytes).
struct BenchReport: Codable {
    var version = QuartzRenderVersion.string
    var scene: String
    var width: Int
    var height: Int
    var threads: Int
    var repeatCount: Int
    var warmup: Int
    var motionBlurSamples: Int
    var shutterAngle: Double
    /// Frames per pass.
    var frames: Int
    var framesMeasured: Int
    var wallSeconds: Double
    var framesPerSecond: Double
    var peakResidentBytes: Int
    /// evaluate, composite, total, and encode and write with `--encode`.
    var phases: [String: PhaseSummary]

    enum CodingKeys: String, CodingKey {
        case version, scene, width, height, threads, warmup, motionBlurSamples, shutterAngle, frames, framesMeasured
        case wallSeconds, framesPerSecond, peakResidentBytes, phases
        case repeatCount = "repeat"
    }

    init(scene: String, width: Int, height: Int, threads: Int, repeatCount: Int, warmup: Int, motionBlurSamples: Int,
         shutterAngle: Double, encode: Bool, wallSeconds: Double, timings: [FrameTiming]) {
        self.scene = scene
        self.width = width
        self.height = height
        self.threads = threads
        self.repeatCount = repeatCount
        self.warmup = warmup
        self.motionBlurSamples = motionBlurSamples
        self.shutterAngle = shutterAngle
        self.frames = timings.count / max(1, repeatCount)
        self.framesMeasured = timings.count
        self.wallSeconds = wallSeconds
        self.framesPerSecond = wallSeconds > 0 ? Double(timings.count) / wallSeconds : 0
        self.peakResidentBytes = PeakMemory.residentBytes()
        var measured: [FramePhase] = [.evaluate, .composite]
        if encode { measured += [.encode, .write] }
        var phases: [String: PhaseSummary] = [:]
        for phase in measured { phases[phase.rawValue] = PhaseSummary(timings.map { $0.seconds(phase) }) }
        phases["total"] = PhaseSummary(timings.map { t in measured.reduce(0) { $0 + t.seconds($1) } })
        self.phases = phases
    }

    /// Milliseconds, one phase per line.
    var table: String {
        func ms(_ s: Double) -> String { String(format: "%10.3f", s * 1000) }
        var lines = ["\(scene): \(width)x\(height), \(threads) threads, \(frames) frames x \(repeatCount) (warm-up \(warmup))",
                     "phase        median ms     p95 ms     max ms"]
        for name in FramePhase.allCases.map(\.rawValue) + ["total"] {
            guard let s = phases[name] else { continue }
            lines.append(name.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + ms(s.median) + " " + ms(s.p95) + " " + ms(s.max))
        }
        lines.append(String(format: "%.2f frames/s (%d frames in %.3f s), peak resident memory %.1f MB",
                            framesPerSecond, framesMeasured, wallSeconds, Double(peakResidentBytes) / 1_048_576))
        return lines.joined(separator: "\n")
    }
}
