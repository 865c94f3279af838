// Progress on stderr: a redrawn bar when stderr is a terminal, plain lines or JSON lines otherwise
// (`--progress auto|plain|json|none`). Never on stdout, which carries data only.
import ArgumentParser
import Foundation

enum ProgressStyle: String, ExpressibleByArgument, CaseIterable {
    case auto, plain, json, none
}

struct RenderProgress {
    private enum Mode { case bar, plain, json, none }
    private let mode: Mode
    private let total: Int
    private let started = monotonicSeconds()
    private var lastBarDraw = -1.0

    /// Whether anything is reported (the summary table follows the same switch).
    var isEnabled: Bool { mode != .none }

    init(style: ProgressStyle, total: Int) {
        self.total = total
        switch style {
        case .auto: mode = isatty(STDERR_FILENO) == 1 ? .bar : .plain
        case .plain: mode = .plain
        case .json: mode = .json
        case .none: mode = .none
        }
    }

    /// Reports that frame `index` was rendered (or skipped); `done` frames of `total` are finished.
    mutating func frameFinished(index: Int, time: Double, done: Int, skipped: Bool) {
        let elapsed = monotonicSeconds() - started
        switch mode {
        case .none: return
        case .json:
            let line = "{\"done\":\(done),\"elapsed\":\(rounded(elapsed)),\"event\":\"frame\",\"frame\":\(index),\"skipped\":\(skipped),\"time\":\(time),\"total\":\(total)}\n"
            writeToStandardError(line)
        case .plain:
            writeToStandardError("frame \(index) (t=\(time) s) \(skipped ? "skipped, exists" : "rendered") [\(done)/\(total)]\n")
        case .bar:
            guard done == total || elapsed - lastBarDraw >= 0.1 else { return }
            lastBarDraw = elapsed
            let width = 30
            let filled = total > 0 ? done * width / total : width
            let fps = elapsed > 0 ? Double(done) / elapsed : 0
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            writeToStandardError("\r[" + bar + "] \(done)/\(total) " + String(format: "%.1f", fps) + " frames/s" + (done == total ? "\n" : ""))
        }
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
