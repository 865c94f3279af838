// Progress on stderr (`--progress auto|bar|plain|json|none`): a bar redrawn in place (auto on a terminal), plain
// lines at a steady interval (auto otherwise: the first frame, every `--progress-interval` seconds, the last),
// or one JSON object per frame. Bar and plain lines show the count, elapsed time, ETA, frames/s and the
// current frame, rounded for people; JSON keeps exact times. Never on stdout, which carries data only.
import ArgumentParser
import Foundation
import QuartzOutput

enum ProgressStyle: String, ExpressibleByArgument, CaseIterable {
    case auto, bar, plain, json, none
}

struct RenderProgress {
    /// Seconds between plain progress lines.
    static let defaultInterval = 5.0

    private enum Mode { case bar, plain, json, none }
    private let mode: Mode
    private let total: Int
    private let interval: Double
    private let started = monotonicSeconds()
    private var lastDraw = -Double.infinity
    private var rendered = 0
    private var skipped = 0

    /// Whether anything is reported (the summary table follows the same switch).
    var isEnabled: Bool { mode != .none }

    init(style: ProgressStyle, total: Int, interval: Double = RenderProgress.defaultInterval) {
        self.total = total
        self.interval = interval
        switch style {
        case .auto: mode = isatty(STDERR_FILENO) == 1 ? .bar : .plain
        case .bar: mode = .bar
        case .plain: mode = .plain
        case .json: mode = .json
        case .none: mode = .none
        }
    }

    /// Reports that frame `index` was rendered (or skipped); `done` frames of `total` are finished.
    mutating func frameFinished(index: Int, time: Double, done: Int, skipped wasSkipped: Bool) {
        if wasSkipped { skipped += 1 } else { rendered += 1 }
        let elapsed = monotonicSeconds() - started
        switch mode {
        case .none: return
        case .json:
            let line = "{\"done\":\(done),\"elapsed\":\(rounded(elapsed)),\"event\":\"frame\",\"frame\":\(index),\"skipped\":\(wasSkipped),\"time\":\(time),\"total\":\(total)}\n"
            writeToStandardError(line)
        case .plain:
            guard done == 1 || done == total || elapsed - lastDraw >= interval else { return }
            lastDraw = elapsed
            writeToStandardError(plainLine(index: index, time: time, done: done, elapsed: elapsed) + "\n")
        case .bar:
            guard done == total || elapsed - lastDraw >= 0.1 else { return }
            lastDraw = elapsed
            writeToStandardError("\r" + barLine(index: index, done: done, elapsed: elapsed) + "\u{1B}[K" + (done == total ? "\n" : ""))
        }
    }

    /// "progress: 45/100 frames (45%), frame 44 at t=1.467 s, 3.2 frames/s, elapsed 0:14, ETA 0:17"; ", N skipped
    /// (exist)" when files were kept; "done" instead of the ETA on the last frame.
    func plainLine(index: Int, time: Double, done: Int, elapsed: Double) -> String {
        var line = "progress: \(done)/\(total) frames (\(percent(done))%), frame \(index) at t=\(String(format: "%.3f", time)) s"
        if skipped > 0 { line += ", \(skipped) skipped (exist)" }
        line += ", \(rate(elapsed)) frames/s, elapsed \(Self.clock(elapsed)), " + (done == total ? "done" : "ETA \(eta(done: done, elapsed: elapsed))")
        return line
    }

    /// "[#########---------------------] 45/100 45% 3.2 frames/s elapsed 0:14 ETA 0:17 frame 44".
    func barLine(index: Int, done: Int, elapsed: Double) -> String {
        let width = 30
        let filled = total > 0 ? done * width / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        return "[\(bar)] \(done)/\(total) \(percent(done))% \(rate(elapsed)) frames/s elapsed \(Self.clock(elapsed)) "
            + (done == total ? "done" : "ETA \(eta(done: done, elapsed: elapsed))") + " frame \(index)"
    }

    /// Whole percent, rounded down (100 only when every frame is done).
    private func percent(_ done: Int) -> Int { total > 0 ? done * 100 / total : 100 }

    /// Frames rendered (not kept) per second: one decimal, two below 1.
    private func rate(_ elapsed: Double) -> String {
        let value = elapsed > 0 ? Double(rendered) / elapsed : 0
        return String(format: value < 1 ? "%.2f" : "%.1f", value)
    }

    /// The remaining frames at the rendering pace so far (kept files take no time); "--:--" before a frame rendered.
    private func eta(done: Int, elapsed: Double) -> String {
        guard rendered > 0 else { return "--:--" }
        return Self.clock(Double(total - done) * elapsed / Double(rendered))
    }

    /// "0:07", "12:34", "1:02:03" (seconds rounded down).
    static func clock(_ seconds: Double) -> String {
        let s = seconds.isFinite ? max(0, Int(seconds)) : 0
        let (h, m, r) = (s / 3600, s / 60 % 60, s % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, r) : String(format: "%d:%02d", m, r)
    }

    /// Reports the statistics at the end: the table (bar or plain), one JSON line with `"event":"summary"`
    /// (json: so every stderr line of the progress channel parses), nothing (none).
    func summarize(_ report: RenderStatistics) {
        switch mode {
        case .none: return
        case .bar, .plain: writeToStandardError(report.table + "\n")
        case .json:
            var phases: [String] = []
            for name in (FramePhase.allCases.map(\.rawValue) + ["total"]).sorted() {
                guard let s = report.phases[name] else { continue }
                phases.append("\"\(name)\":{\"max\":\(s.max),\"median\":\(s.median),\"p95\":\(s.p95)}")
            }
            writeToStandardError("{\"event\":\"summary\",\"framesRendered\":\(report.framesRendered),\"framesSkipped\":\(report.framesSkipped),"
                + "\"peakResidentBytes\":\(report.peakResidentBytes ?? 0),"
                + "\"phases\":{\(phases.joined(separator: ","))},\"wallSeconds\":\(rounded(report.wallSeconds))}\n")
        }
    }

    private func rounded(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
}
