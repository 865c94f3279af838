// Frame-time statistics per phase, in seconds: median, p95 (nearest rank) and max, printed at the end of a
// render and saved with `--stats out.json` (sorted keys, so two reports diff cleanly). `plot-stats` reads the
// same file. The phases: evaluate (the layer tree at the frame's time), composite (pixels), convert
// (premultiplied to straight RGBA for a video or a raw stream), encode (PNG, or ffmpeg taking the frame),
// write (the file or the stream) and wait (the output side idle until the frame was drawn). `total` is the
// work of a frame, every phase but wait.
import Foundation

/// The measured phases of one frame.
package enum FramePhase: String, CaseIterable, Codable {
    case evaluate, composite, convert, encode, write, wait

    /// The phases that are work on the frame (all but `wait`).
    package static let work: [FramePhase] = allCases.filter { $0 != .wait }
}

/// One rendered frame's timings (seconds).
package struct FrameTiming: Codable, Equatable, Sendable {
    package var frame: Int
    package var time: Double
    package var evaluate: Double
    package var composite: Double
    package var convert = 0.0
    package var encode: Double
    package var write: Double
    package var wait = 0.0

    package init(frame: Int, time: Double, evaluate: Double, composite: Double, encode: Double, write: Double) {
        self.frame = frame
        self.time = time
        self.evaluate = evaluate
        self.composite = composite
        self.encode = encode
        self.write = write
    }

    /// Reports written before `convert` and `wait` existed read with those phases at 0.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        frame = try c.decode(Int.self, forKey: .frame)
        time = try c.decode(Double.self, forKey: .time)
        evaluate = try c.decode(Double.self, forKey: .evaluate)
        composite = try c.decode(Double.self, forKey: .composite)
        convert = try c.decodeIfPresent(Double.self, forKey: .convert) ?? 0
        encode = try c.decode(Double.self, forKey: .encode)
        write = try c.decode(Double.self, forKey: .write)
        wait = try c.decodeIfPresent(Double.self, forKey: .wait) ?? 0
    }

    package func seconds(_ phase: FramePhase) -> Double {
        switch phase {
        case .evaluate: evaluate
        case .composite: composite
        case .convert: convert
        case .encode: encode
        case .write: write
        case .wait: wait
        }
    }
}

/// Median, 95th percentile and maximum of a list of durations (seconds).
package struct PhaseSummary: Codable, Equatable {
    package var median: Double
    package var p95: Double
    package var max: Double

    /// Nearest-rank percentiles of `values`; all zero for an empty list.
    package init(_ values: [Double]) {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { median = 0; p95 = 0; max = 0; return }
        func rank(_ p: Double) -> Double { sorted[Swift.max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1)] }
        median = rank(0.5)
        p95 = rank(0.95)
        max = sorted[sorted.count - 1]
    }
}

/// The `--stats` report.
package struct RenderStatistics: Codable {
    package var scene: String
    package var width: Int
    package var height: Int
    package var framesRendered: Int
    package var framesSkipped: Int
    /// Compositing threads per frame.
    package var threads: Int
    /// Frames rendered at once (absent in older files: one).
    package var jobs: Int?
    package var wallSeconds: Double
    package var phases: [String: PhaseSummary]
    package var frames: [FrameTiming]
    /// The process's peak resident memory in bytes when the report was made (absent in older files).
    package var peakResidentBytes: Int?

    package init(scene: String, width: Int, height: Int, skipped: Int, threads: Int, jobs: Int = 1, wallSeconds: Double, frames: [FrameTiming]) {
        self.scene = scene
        self.width = width
        self.height = height
        self.framesRendered = frames.count
        self.framesSkipped = skipped
        self.threads = threads
        self.jobs = jobs
        self.wallSeconds = wallSeconds
        self.frames = frames
        var phases: [String: PhaseSummary] = [:]
        for phase in FramePhase.allCases { phases[phase.rawValue] = PhaseSummary(frames.map { $0.seconds(phase) }) }
        phases["total"] = PhaseSummary(frames.map { t in FramePhase.work.reduce(0) { $0 + t.seconds($1) } })
        self.phases = phases
        self.peakResidentBytes = PeakMemory.residentBytes()
    }

    /// Sorted, pretty JSON.
    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// The table printed to stderr at the end of a render (milliseconds).
    package var table: String {
        func ms(_ s: Double) -> String { String(format: "%9.2f", s * 1000) }
        var lines = ["phase        median ms    p95 ms     max ms"]
        for name in FramePhase.allCases.map(\.rawValue) + ["total"] {
            guard let s = phases[name] else { continue }
            lines.append(name.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + ms(s.median) + " " + ms(s.p95) + " " + ms(s.max))
        }
        let rate = wallSeconds > 0 ? Double(framesRendered) / wallSeconds : 0
        lines.append(String(format: "%d frames rendered, %d skipped, %.2f s, %.2f frames/s", framesRendered, framesSkipped, wallSeconds, rate))
        if let peakResidentBytes {
            lines.append(String(format: "peak resident memory %.1f MB", Double(peakResidentBytes) / 1_048_576))
        }
        return lines.joined(separator: "\n")
    }
}

/// Monotonic seconds.
package func monotonicSeconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}
