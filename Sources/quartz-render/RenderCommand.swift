// `quartz-render render`: frames of a scene to a numbered PNG sequence, any frame directly, with an
// existing-file policy, shards, progress on stderr and per-phase frame-time statistics.
import ArgumentParser
import Foundation
import OpenQuartz

/// Flags shared by commands that pick frames of a scene.
struct SceneFrameOptions: ParsableArguments {
    @Argument(help: "The scene file (JSON, see docs/scene-format.md).")
    var scene: String

    @Option(help: "Frames to render: a..<b, a...b or a single index (default: every frame of the scene).")
    var frames: String?

    @Option(help: "Render the single frame at this scene time in seconds instead of --frames.")
    var time: Double?

    @Option(help: "Output frame rate: N, N.NNN or NUM/DEN such as 30000/1001 (default: the scene's).")
    var fps: String?

    @Option(help: "Output size in pixels, WIDTHxHEIGHT (default: the scene's size × scale).")
    var size: String?

    @Option(help: "Pixels per scene point (default: the scene's scale).")
    var scale: Double?

    @Option(help: "transparent, #RRGGBB or #RRGGBBAA under the scene (default: the scene's background, else transparent).")
    var background: String?

    @Option(help: "Compositing threads per frame; 0 means all cores (default: all cores). Pixels never depend on it.")
    var threads: Int?

    @Flag(help: "Treat unknown keys in the scene as errors.")
    var strict = false
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render frames of a scene to PNG files.",
        discussion: """
            Frame i is at start + i / fps, computed from the index, so any frame renders directly. Each PNG is
            written to a hidden temporary file and renamed into place, so an interrupted render never leaves a
            truncated frame. Existing files are NOT replaced by default: the command stops before rendering;
            pass --overwrite to replace them or --skip-existing to keep them and render only the missing ones.
            Exit codes: 0 ok, 64 usage, 65 invalid scene, 66 missing scene, 70 render failure,
            73 output not writable or existing, 74 write failure.
            """)

    @OptionGroup var selection: SceneFrameOptions

    @Option(name: .shortAndLong, help: "Output path with a frame number, e.g. frames/%05d.png (%d, %0Nd, %% understood).")
    var output: String

    @Flag(help: "Replace existing frame files (default: refuse and stop).")
    var overwrite = false

    @Flag(help: "Keep existing frame files and render only missing ones (resume).")
    var skipExisting = false

    @Option(help: "Render shard INDEX/COUNT (0-based) of the frame range: a contiguous part.")
    var shard: String?

    @Flag(help: "Read the shard index from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID; the count from --shard-count.")
    var shardFromEnv = false

    @Option(help: "The number of shards, with --shard-from-env.")
    var shardCount: Int?

    @Option(help: "Progress on stderr: auto (a bar on a terminal, plain lines otherwise), plain, json, none.")
    var progress: ProgressStyle = .auto

    @Option(help: "Write frame-time statistics (per phase: median, p95, max; every frame) as JSON to this file.")
    var stats: String?

    @Option(help: "PNG compression: fast, balanced or smallest.")
    var compression: PNGCompression = .fast

    func validate() throws {
        if overwrite && skipExisting { throw ValidationError("--overwrite and --skip-existing cannot be combined") }
        if shard != nil && shardFromEnv { throw ValidationError("--shard and --shard-from-env cannot be combined") }
        if shardCount != nil && !shardFromEnv { throw ValidationError("--shard-count goes with --shard-from-env") }
        let lower = output.lowercased()
        if [".mp4", ".mov", ".webm", ".gif"].contains(where: lower.hasSuffix) {
            throw ValidationError("video output (\(output)) is not available yet; render a PNG sequence and encode it with ffmpeg (docs/cli.md)")
        }
    }

    func run() throws {
        try runReportingFailures {
            var shardPart: ShardArgument?
            if let shard { shardPart = try ShardArgument(parsing: shard) }
            if shardFromEnv { shardPart = try ShardArgument.fromEnvironment(ProcessInfo.processInfo.environment, count: shardCount) }
            let pattern = try OutputPattern(output)
            let scene = try loadScene(at: selection.scene, strict: selection.strict)
            let plan = try FramePlan.resolve(scene: scene, frames: selection.frames, time: selection.time, fps: selection.fps, shard: shardPart)
            if plan.indices.count > 1 && !pattern.isNumbered {
                throw ValidationError("-o '\(output)' has no frame number but \(plan.indices.count) frames are selected; use e.g. frames/%05d.png")
            }
            let settings = try FrameSettings.resolve(scene: scene, size: selection.size, scale: selection.scale,
                                                     background: selection.background, threads: selection.threads)
            let writer = FrameFileWriter(policy: overwrite ? .overwrite : skipExisting ? .skip : .refuse, compression: compression)
            try renderFrames(scene: scene, plan: plan, settings: settings, pattern: pattern, writer: writer)
        }
    }

    private func renderFrames(scene: Scene, plan: FramePlan, settings: FrameSettings, pattern: OutputPattern, writer: FrameFileWriter) throws {
        if let first = plan.indices.first { try FrameFileWriter.prepareFolder(of: pattern.path(forFrame: first)) }
        if let stats { try FrameFileWriter.prepareFolder(of: stats) }
        // Every existing file is checked before anything renders, so a refused run changes nothing.
        var pending: [Int] = []
        for index in plan.indices where try writer.shouldWrite(pattern.path(forFrame: index)) { pending.append(index) }
        let skipped = plan.indices.count - pending.count
        var progress = RenderProgress(style: progress, total: plan.indices.count)
        let renderer = SceneFrameRenderer(scene: scene, settings: settings)
        var timings: [FrameTiming] = []
        timings.reserveCapacity(pending.count)
        let started = monotonicSeconds()
        var done = 0
        var pendingSet = pending[...]
        for index in plan.indices {
            let time = plan.time(ofFrame: index)
            guard pendingSet.first == index else {
                done += 1
                progress.frameFinished(index: index, time: time, done: done, skipped: true)
                continue
            }
            pendingSet.removeFirst()
            let t0 = monotonicSeconds()
            let list = renderer.evaluate(atTime: time)
            let t1 = monotonicSeconds()
            let bitmap = try renderer.composite(list)
            let t2 = monotonicSeconds()
            let (encode, write) = try writer.write(bitmap, to: pattern.path(forFrame: index))
            timings.append(FrameTiming(frame: index, time: time, evaluate: t1 - t0, composite: t2 - t1, encode: encode, write: write))
            done += 1
            progress.frameFinished(index: index, time: time, done: done, skipped: false)
        }
        let report = RenderStatistics(scene: selection.scene, width: settings.pixelWidth, height: settings.pixelHeight, skipped: skipped,
                                      threads: settings.threads, wallSeconds: monotonicSeconds() - started, frames: timings)
        if progress.isEnabled { writeToStandardError(report.table + "\n") }
        if let stats {
            do {
                try report.jsonData().write(to: URL(fileURLWithPath: stats), options: .atomic)
            } catch {
                throw CLIFailure(.ioError, "cannot write statistics to \"\(stats)\": \(error.localizedDescription)")
            }
        }
    }
}

extension PNGCompression: ExpressibleByArgument {}
