// `quartz-render stats-merge`: one report for a farm from the `render --stats` file of every task: frames per
// task, the time per frame over all of them (the work phases, as in a task's `total`), the slowest frames,
// and the frames no task rendered. A task that failed or was killed writes no statistics, so its frames
// show up as missing; `--frame-files` tells those apart from frames a killed attempt did write (kept by the
// rerun's `--skip-existing`). Text for people on stdout, or JSON (sorted keys) with `--json` / `-o`.
import ArgumentParser
import Foundation
import QuartzOutput

struct StatsMerge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats-merge",
        abstract: "Merge the --stats files of a farm's tasks: frames per task, time per frame, slowest and missing frames.",
        discussion: """
            Every file must be a `render --stats` report of the same scene and size. --frames names the selection \
            the farm rendered, written as for render; frames of it that no report lists are missing (without --frames only gaps between \
            the first and the last frame listed are found). Frames listed by two reports are duplicated. \
            Exit codes: 0 ok (whatever is missing), 64 usage, 65 a file that is not a report or does not match \
            the others, 66 a missing or unreadable file, 73 the -o file exists (without --overwrite).
            """)

    @Argument(help: "The statistics files written by `render --stats`, one per task.")
    var stats: [String] = []

    @Option(parsing: .unconditional, help: "The farm's selection: a..<b, a...b or n. Frames of it that no report lists are missing.")
    var frames: String?

    @Option(help: "The tasks' frame files, e.g. frames/%05d.png: a frame in no report whose file exists counts as kept (written by an attempt that was stopped before saving its statistics), not missing.")
    var frameFiles: String?

    @Option(help: "How many of the slowest frames to list.")
    var slowest = 5

    @Flag(help: "Print the report as JSON (sorted keys) instead of text.")
    var json = false

    @Option(name: .shortAndLong, help: "Also write the JSON report to this file.")
    var output: String?

    @Flag(help: "Replace the -o file if it exists (default: refuse).")
    var overwrite = false

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard !stats.isEmpty else { throw ValidationError("name at least one statistics file (render --stats)") }
        guard (0...1000).contains(slowest) else { throw ValidationError("--slowest must be in 0...1000, got \(slowest)") }
        if let repeated = Dictionary(grouping: stats, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw ValidationError("\(repeated) is named twice")
        }
    }

    func run() throws {
        try runReportingFailures(logging: logging) {
            let wanted = try frames.map(Self.parseSelection)
            let pattern = try frameFiles.map { try OutputPattern($0) }
            if let pattern, !pattern.isNumbered {
                throw ValidationError("--frame-files '\(pattern.source)' has no frame number; use e.g. frames/%05d.png")
            }
            let reports = try stats.map { ($0, try RenderStatistics.load($0)) }
            let merged = try FarmReport(reports: reports, frames: wanted,
                                        frameFiles: pattern, slowest: slowest)
            if let output {
                try FrameFileWriter.prepareFolder(of: output)
                if !overwrite, FileManager.default.fileExists(atPath: output) {
                    throw CLIFailure(.cannotCreate, "\"\(output)\" exists; pass --overwrite to replace it")
                }
                try PartialFiles.writeAtomically(try merged.jsonData(), to: output, refusingExisting: !overwrite)
            }
            print(json ? String(decoding: try merged.jsonData(), as: UTF8.self) : merged.text)
        }
    }

    /// `--frames` as `render` takes it (0-99, 0:100, a..<b, a...b, n, comma-separated lists), as ranges in
    /// frame order. Every item needs its end: there is no scene here to end an open range.
    static func parseSelection(_ text: String) throws -> [Range<Int>] {
        let list = try FrameListArgument(parsing: text)
        var ranges: [Range<Int>] = []
        for item in list.items {
            guard let upper = item.upper else {
                throw ValidationError("--frames: '\(item.text)' needs an end here (stats-merge reads no scene), e.g. 0-99")
            }
            ranges.append(item.lower..<upper)
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        for (a, b) in zip(ranges, ranges.dropFirst()) where b.lowerBound < a.upperBound {
            throw ValidationError("--frames '\(text)': frame \(b.lowerBound) is selected twice; list each frame once")
        }
        return ranges
    }
}

/// The merged report.
struct FarmReport: Encodable {
    struct Task: Encodable {
        var stats: String
        var framesRendered: Int
        var framesSkipped: Int
        /// The frames this task rendered, as `--frames` ranges.
        var frames: [String]
        var threads: Int
        var wallSeconds: Double
        var timePerFrame: PhaseSummary
        var peakResidentBytes: Int?
    }

    struct SlowFrame: Encodable {
        var frame: Int
        var seconds: Double
        var stats: String
    }

    var scene: String
    var width: Int
    var height: Int
    var tasks: [Task]
    var framesRendered: Int
    var framesSkipped: Int
    /// The selection checked: `--frames`, else the first to the last frame listed; nil when none is.
    var selection: String?
    var missing: [String]
    var missingCount: Int
    var kept: [String]
    var keptCount: Int
    var duplicated: [String]
    var duplicatedCount: Int
    var timePerFrame: PhaseSummary
    var phases: [String: PhaseSummary]
    var slowest: [SlowFrame]
    /// The tasks' wall times added up: what the farm spent, not how long it took.
    var taskSeconds: Double
    var peakResidentBytes: Int?

    init(reports: [(path: String, report: RenderStatistics)], frames wanted: [Range<Int>]?, frameFiles: OutputPattern?, slowest count: Int) throws {
        let first = reports[0]
        for (path, report) in reports.dropFirst() where report.scene != first.report.scene || report.width != first.report.width || report.height != first.report.height {
            throw CLIFailure(.dataError, """
                \(path) is a report of "\(report.scene)" at \(report.width)x\(report.height), but \(first.path) of \
                "\(first.report.scene)" at \(first.report.width)x\(first.report.height): the files are from different renders
                """)
        }
        scene = first.report.scene
        width = first.report.width
        height = first.report.height
        var owners: [Int: [String]] = [:]
        var timings: [(FrameTiming, String)] = []
        for (path, report) in reports {
            for timing in report.frames {
                if let wanted, !wanted.contains(where: { $0.contains(timing.frame) }) {
                    throw CLIFailure(.dataError, "\(path) lists frame \(timing.frame), outside --frames \(wanted.map(Self.describe).joined(separator: ","))")
                }
                owners[timing.frame, default: []].append(path)
                timings.append((timing, path))
            }
        }
        func work(_ t: FrameTiming) -> Double { FramePhase.work.reduce(0) { $0 + t.seconds($1) } }
        // In frame order: by each task's first frame, tasks without frames last, then by file name.
        tasks = reports.map { path, report in
            (first: report.frames.map(\.frame).min() ?? Int.max,
             task: Task(stats: path, framesRendered: report.frames.count, framesSkipped: report.framesSkipped,
                        frames: Self.ranges(Set(report.frames.map(\.frame))), threads: report.threads, wallSeconds: report.wallSeconds,
                        timePerFrame: PhaseSummary(report.frames.map(work)), peakResidentBytes: report.peakResidentBytes))
        }
        .sorted { $0.first != $1.first ? $0.first < $1.first : $0.task.stats < $1.task.stats }
        .map(\.task)
        framesRendered = timings.count
        framesSkipped = reports.reduce(0) { $0 + $1.report.framesSkipped }
        let listed = owners.keys.sorted()
        let checked = wanted ?? listed.first.map { [$0..<(listed[listed.count - 1] + 1)] } ?? []
        selection = checked.isEmpty ? nil : checked.map(Self.describe).joined(separator: ",")
        // The unlisted frames of the selection as gaps between listed ones (a long selection is never
        // materialised), each frame of a gap then kept when its file exists.
        var gaps: [Range<Int>] = []
        for range in checked {
            var next = range.lowerBound
            for frame in listed where frame >= next && frame < range.upperBound {
                if frame > next { gaps.append(next..<frame) }
                next = frame + 1
            }
            if next < range.upperBound { gaps.append(next..<range.upperBound) }
        }
        var absent: [Range<Int>] = [], keptRuns: [Range<Int>] = []
        for gap in gaps {
            guard let frameFiles else { absent.append(gap); continue }
            for frame in gap {
                if FileManager.default.fileExists(atPath: frameFiles.path(forFrame: frame)) {
                    Self.append(frame, to: &keptRuns)
                } else {
                    Self.append(frame, to: &absent)
                }
            }
        }
        missing = absent.map(Self.describe)
        missingCount = absent.reduce(0) { $0 + $1.count }
        kept = keptRuns.map(Self.describe)
        keptCount = keptRuns.reduce(0) { $0 + $1.count }
        let twice = Set(owners.filter { $0.value.count > 1 }.keys)
        duplicated = Self.ranges(twice)
        duplicatedCount = twice.count
        timePerFrame = PhaseSummary(timings.map { work($0.0) })
        var phases: [String: PhaseSummary] = [:]
        for phase in FramePhase.allCases { phases[phase.rawValue] = PhaseSummary(timings.map { $0.0.seconds(phase) }) }
        self.phases = phases
        // Slowest first; equal times in frame order.
        self.slowest = timings.map { SlowFrame(frame: $0.0.frame, seconds: work($0.0), stats: $0.1) }
            .sorted { $0.seconds != $1.seconds ? $0.seconds > $1.seconds : ($0.frame, $0.stats) < ($1.frame, $1.stats) }
            .prefix(count).map { $0 }
        taskSeconds = reports.reduce(0) { $0 + $1.report.wallSeconds }
        peakResidentBytes = reports.compactMap(\.report.peakResidentBytes).max()
    }

    /// `a..<b` (or `a` for one frame) for each run of consecutive frames, in order.
    static func ranges(_ frames: Set<Int>) -> [String] {
        var runs: [Range<Int>] = []
        for frame in frames.sorted() { append(frame, to: &runs) }
        return runs.map(describe)
    }

    /// Adds `frame` (larger than every frame in `runs`) to the last run, or as a new one.
    static func append(_ frame: Int, to runs: inout [Range<Int>]) {
        if let run = runs.last, run.upperBound == frame {
            runs[runs.count - 1] = run.lowerBound..<(frame + 1)
        } else {
            runs.append(frame..<(frame + 1))
        }
    }

    static func describe(_ range: Range<Int>) -> String {
        range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)..<\(range.upperBound)"
    }

    func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return try encoder.encode(self)
        } catch {
            throw CLIFailure(.software, "cannot encode the report: \(error)")
        }
    }

    /// The report for people (times in milliseconds).
    var text: String {
        func ms(_ s: Double) -> String { String(format: "%.2f", s * 1000) }
        func list(_ ranges: [String]) -> String { ranges.joined(separator: ", ") }
        var lines = ["\(tasks.count) \(tasks.count == 1 ? "task" : "tasks"), \(scene) at \(width)x\(height)"]
        lines.append("frames: \(framesRendered) rendered, \(framesSkipped) skipped (existing files kept)"
            + (selection.map { " of \($0)" } ?? ""))
        lines.append(missingCount == 0 ? "missing: none" : "missing: \(missingCount) (\(list(missing)))")
        if keptCount > 0 { lines.append("kept from a stopped attempt: \(keptCount) (\(list(kept)))") }
        lines.append(duplicatedCount == 0 ? "duplicated: none" : "duplicated: \(duplicatedCount) (\(list(duplicated)))")
        lines.append("time per frame: median \(ms(timePerFrame.median)) ms, p95 \(ms(timePerFrame.p95)) ms, max \(ms(timePerFrame.max)) ms")
        lines.append(String(format: "task time: %.2f s", taskSeconds))
        lines.append("")
        let header = ["stats", "frames", "skipped", "median ms", "p95 ms", "max ms", "wall s", "rendered"]
        var rows = [header]
        for task in tasks {
            rows.append([task.stats, "\(task.framesRendered)", "\(task.framesSkipped)", ms(task.timePerFrame.median),
                         ms(task.timePerFrame.p95), ms(task.timePerFrame.max), String(format: "%.2f", task.wallSeconds),
                         task.frames.isEmpty ? "-" : list(task.frames)])
        }
        let widths = (0..<header.count).map { column in rows.map { $0[column].count }.max()! }
        for row in rows {
            // The file name left-aligned, numbers right-aligned, the frame list last.
            var cells = [row[0].padding(toLength: widths[0], withPad: " ", startingAt: 0)]
            for column in 1..<(header.count - 1) {
                cells.append(String(repeating: " ", count: widths[column] - row[column].count) + row[column])
            }
            cells.append(row[header.count - 1])
            lines.append(cells.joined(separator: "  "))
        }
        if !slowest.isEmpty {
            lines.append("")
            lines.append("slowest frames:")
            let frameWidth = slowest.map { "\($0.frame)".count }.max()!, timeWidth = slowest.map { ms($0.seconds).count }.max()!
            for frame in slowest {
                let f = "\(frame.frame)", t = ms(frame.seconds)
                lines.append("  frame " + String(repeating: " ", count: frameWidth - f.count) + f + "  "
                    + String(repeating: " ", count: timeWidth - t.count) + t + " ms  " + frame.stats)
            }
        }
        return lines.joined(separator: "\n")
    }
}
