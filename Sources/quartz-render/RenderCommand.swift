// `quartz-render render`: frames of a scene to a numbered PNG sequence, any frame directly, with an
// existing-file policy, shards, progress on stderr and per-phase frame-time statistics.
import ArgumentParser
import Foundation
import Logging
import OpenQuartz
import QuartzOutput

/// Flags shared by commands that pick frames of a scene.
struct SceneFrameOptions: ParsableArguments {
    @Argument(help: "The scene file (JSON, see docs/scene-format.md).")
    var scene: String

    @Option(parsing: .unconditional, help: "Frames to render, in the order written: 0-99 (inclusive; 10- to the end), 0:100 (half-open; 10: to the end), a..<b, a...b, n, or a comma-separated list such as 1,5,10-20 (a frame listed twice is refused). Default: every frame of the scene.")
    var frames: String?

    @Option(parsing: .unconditional, help: "Keep every Nth frame of the selection, starting with its first (default 1: all).")
    var everyNthFrame: Int?

    @Option(parsing: .unconditional, help: "Render the single frame at this scene time in seconds instead of --frames.")
    var time: Double?

    @Option(parsing: .unconditional, help: "Output frame rate: N, N.NNN or NUM/DEN such as 30000/1001 (default: the scene's).")
    var fps: String?

    @Option(parsing: .unconditional, help: "Output size in pixels, WIDTHxHEIGHT (default: the scene's size x scale).")
    var size: String?

    @Option(help: "When --size has another aspect ratio than the scene: fit (scale uniformly to fit, bands show the background), fill (scale uniformly to cover, crop centred) or stretch (scale each axis). Default: fit.")
    var fit: FitMode?

    @Option(parsing: .unconditional, help: "Pixels per scene point (default: the scene's scale).")
    var scale: Double?

    @Option(help: "transparent, #RRGGBB or #RRGGBBAA under the scene (default: the scene's background, else transparent).")
    var background: String?

    @Option(parsing: .unconditional, help: "Compositing threads per frame; 0 means all cores (default: all cores). Pixels never depend on it.")
    var threads: Int?

    @Flag(help: "Treat unknown keys in the scene, and animations the engine cannot apply in full, as errors.")
    var strict = false

    @Option(help: "Lottie files: how layers travel along curved motion paths: after-effects (by length, as After Effects, lottie-web, rlottie and ThorVG play them) or core-animation (by Bézier parameter, as lottie-ios's Core Animation back-end draws them). Default: after-effects.")
    var lottieMotion: LottieMotionOption = .afterEffects

    /// The frames these flags select in `scene`, cut to `part`.
    func plan(scene: Scene, part: FramePart? = nil) throws -> FramePlan {
        try FramePlan.resolve(scene: scene, frames: frames, time: time, fps: fps, everyNth: everyNthFrame, part: part)
    }

    /// The output size, placement, background and threads; `size` overrides `--size` (a contact sheet's cells).
    func settings(scene: Scene, size override: String? = nil) throws -> FrameSettings {
        try FrameSettings.resolve(scene: scene, size: override ?? size, scale: scale, background: background, threads: threads, fit: fit)
    }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render frames of a scene to PNG files or a video.",
        discussion: """
            Frame i is at start + i / fps, computed from the index, so any frame renders directly. Each PNG is \
            written to a hidden temporary file and renamed into place, so an interrupted render never leaves a \
            truncated frame. Existing files are NOT replaced by default: the command stops before rendering; \
            pass --overwrite to replace them or --skip-existing to keep them and render only the missing ones.

            Video: -o out.mp4 (H.264, opaque, even sizes only), .mov (ProRes 4444 with alpha), .webm (VP9 with \
            alpha) or .gif (palette) pipes the frames to ffmpeg (on PATH or --ffmpeg). The video is encoded into \
            a hidden temporary file and renamed into place when ffmpeg succeeds. With --shard i/n each shard \
            writes its own segment beside the target, named e.g. out.shard-03-of-08.mp4; join the segments with \
            ffmpeg's concat demuxer (docs/cli.md). --chunk-size N with --chunk i (or --shard-from-env) \
            renders the selected frames in [i*N, (i+1)*N) instead: fixed-size farm tasks.

            --motion-blur S averages S renders at t + (k + 0.5)/S * (shutter/360) / fps, k = 0..S-1: the \
            shutter opens at the frame time, like a film camera's, and the average is exact and rounded once.

            --jobs N renders N frames at once (by default one per thread, as many as there are frames and as \
            memory holds); files and videos are identical to --jobs 1. \
            Exit codes: 0 ok, 64 usage, 65 invalid scene, 66 missing scene, 69 ffmpeg not found, \
            70 render failure, 73 output not writable or existing, 74 write failure, 76 ffmpeg failed, \
            130 / 143 stopped by SIGINT / SIGTERM after the frames in flight were written (resume with --skip-existing).
            """)

    @OptionGroup var selection: SceneFrameOptions

    @Option(name: .shortAndLong, help: "Output: frames/%05d.png (%d, %0Nd, %% understood), a video out.mp4|.mov|.webm|.gif, or - for stdout (with --format).")
    var output: String

    @Option(help: "With -o -: rgba (raw straight-alpha RGBA, width*height*4 bytes per frame) or png (concatenated PNGs). The size and rate are logged on stderr.")
    var format: StreamFormat?

    @Flag(help: "Replace existing files (default: refuse and stop).")
    var overwrite = false

    @Flag(help: "Keep existing frame files and render only missing ones (resume); an existing video is kept.")
    var skipExisting = false

    @Option(parsing: .unconditional, help: "Render shard INDEX/COUNT (0-based) of the frame range: a contiguous part. A video output becomes the segment NAME.shard-II-of-NN.EXT.")
    var shard: String?

    @Flag(help: "Read the shard index from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID; the count from --shard-count.")
    var shardFromEnv = false

    @Option(parsing: .unconditional, help: "The number of shards, with --shard-from-env.")
    var shardCount: Int?

    @Option(parsing: .unconditional, help: "Farm chunking: chunk i renders the selected frames in [i*N, (i+1)*N) (counted from frame 0); i from --chunk or --shard-from-env. Not with --shard.")
    var chunkSize: Int?

    @Option(parsing: .unconditional, help: "The 0-based chunk index, with --chunk-size.")
    var chunk: Int?

    @OptionGroup var motionBlur: MotionBlurOptions

    @Option(parsing: .unconditional, help: "Frames rendered at once, the compositing threads divided among them (default: one per thread, no more than the frames and the memory limit allow). Output never depends on it.")
    var jobs: Int?

    @Option(parsing: .unconditional, help: "The most memory the frames in flight may take, e.g. 8G or 512M (default: three quarters of this machine's memory); a larger size or job count is refused before rendering.")
    var memoryLimit: String?

    @Option(help: "The ffmpeg executable for video output (default: ffmpeg found on PATH).")
    var ffmpeg: String?

    @OptionGroup var quality: VideoQualityOptions

    @Option(name: .customLong("ffmpeg-timeout"), parsing: .unconditional,
            help: "Seconds ffmpeg may read nothing (or, after the last frame, write nothing) before it counts as hung and is stopped (default 120).")
    var ffmpegTimeout: Double = VideoEncoder.defaultStallTimeout

    @Option(help: "Progress on stderr: auto (a bar on a terminal, plain lines otherwise), bar, plain (a line every --progress-interval seconds, and for the first and last frame), json (one object per frame), none.")
    var progress: ProgressStyle = .auto

    @Option(parsing: .unconditional, help: "Seconds between plain progress lines, 0...86400 (0: a line per frame).")
    var progressInterval: Double = RenderProgress.defaultInterval

    @Option(help: "Write frame-time statistics (per phase: median, p95, max; every frame) as JSON to this file; an existing file is refused like a frame (default), replaced with --overwrite, kept with --skip-existing.")
    var stats: String?

    @Option(help: "PNG compression: fast, balanced or smallest.")
    var compression: PNGCompression = .fast

    @Option(name: .customLong("quality"), parsing: .unconditional,
            help: "Quality 1...100 of .jpg and .webp frames (default: JPEG 90, WebP lossless).")
    var imageQuality: Int?

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if overwrite && skipExisting { throw ValidationError("--overwrite and --skip-existing cannot be combined") }
        if shard != nil && shardFromEnv { throw ValidationError("--shard and --shard-from-env cannot be combined") }
        if shardCount != nil && !shardFromEnv { throw ValidationError("--shard-count goes with --shard-from-env") }
        if chunkSize != nil {
            if shard != nil { throw ValidationError("--chunk-size and --shard cannot be combined: chunks have a fixed size, shards a fixed count") }
            if shardCount != nil { throw ValidationError("--chunk-size and --shard-count cannot be combined: the chunk count follows from the size") }
            if chunk != nil && shardFromEnv { throw ValidationError("--chunk and --shard-from-env cannot be combined") }
            if chunk == nil && !shardFromEnv { throw ValidationError("--chunk-size needs the chunk index: --chunk i or --shard-from-env") }
        } else if chunk != nil {
            throw ValidationError("--chunk goes with --chunk-size N")
        }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be in 1...64, got \(jobs)") }
        guard progressInterval.isFinite, (0...86_400).contains(progressInterval) else {
            throw ValidationError("--progress-interval must be a number of seconds in 0...86400, got \(progressInterval)")
        }
        if let memoryLimit {
            // ArgumentParser prints a ValidationError with the usage line and exits 64.
            do { _ = try MemoryBudget.parse(memoryLimit) } catch let error as FrameOutputError { throw ValidationError(error.message) }
        }
        if let imageQuality {
            guard (1...100).contains(imageQuality) else { throw ValidationError("--quality must be in 1...100, got \(imageQuality)") }
            guard output != "-", VideoContainer(path: output) == nil, FrameImageFormat(path: output).takesQuality else {
                throw ValidationError("--quality goes with .jpg or .webp frames (-o frames/%05d.jpg); PNG frames are lossless, see --compression")
            }
        }
        if output == "-" {
            guard format != nil else {
                throw ValidationError("-o - writes frames to stdout: choose --format rgba (raw straight-alpha RGBA) or --format png (concatenated PNGs)")
            }
            if overwrite || skipExisting { throw ValidationError("--overwrite and --skip-existing do not apply to -o -") }
        } else if format != nil {
            throw ValidationError("--format goes with -o - (stdout); a file's format comes from its extension")
        }
    }

    func run() throws {
        try runReportingFailures(logging: logging) {
            var part: FramePart?
            if let shard { part = .shard(try ShardArgument(parsing: shard)) }
            let environment = ProcessInfo.processInfo.environment
            if let chunkSize {
                part = .chunk(try FrameChunk(index: try chunk ?? farmTaskIndex(from: environment), size: chunkSize))
            } else if shardFromEnv {
                part = .shard(try ShardArgument.fromEnvironment(environment, count: shardCount))
            }
            let toStdout = output == "-"
            if toStdout, isatty(STDOUT_FILENO) == 1 {
                throw ValidationError("-o -: stdout is a terminal; pipe it into a program, e.g. | ffmpeg -f rawvideo …")
            }
            let container = toStdout ? nil : VideoContainer(path: output)
            if !toStdout { try OutputExtension.check(output, videoAllowed: true) }
            try VideoEncoding.validate(quality, container: container)
            let pattern = try OutputPattern(output)
            if container != nil && pattern.isNumbered {
                throw ValidationError("-o '\(output)': a video is one file; remove the frame number")
            }
            let scene = try loadScene(at: selection.scene, strict: selection.strict, lottieMotion: selection.lottieMotion.timing)
            let plan = try selection.plan(scene: scene, part: part)
            if !toStdout && container == nil && plan.frames.count > 1 && !pattern.isNumbered {
                throw ValidationError("-o '\(output)' has no frame number but \(plan.frames.count) frames are selected; use e.g. frames/%05d.png")
            }
            if plan.frames.isEmpty, let part {
                cliLog.notice("this \(part.isChunk ? "chunk" : "shard") has no frames of the selection: \(part.summary), selected \(plan.selected.summary)")
            }
            let settings = try selection.settings(scene: scene)
            if let container, container.needsEvenSize, settings.pixelWidth % 2 != 0 || settings.pixelHeight % 2 != 0 {
                // Known before ffmpeg is looked for: the pixel format asked for, or the container's.
                let pixelFormat = VideoEncoding.plannedPixelFormat(quality, container: container)
                if VideoEncoding.needsEvenSize(pixelFormat) {
                    let what = quality.isEmpty ? "H.264 (.mp4)" : "\(quality.codec ?? "libx264") with \(pixelFormat) (.mp4)"
                    throw ValidationError("""
                        \(output): \(what) needs an even width and height, but the output is \(settings.pixelWidth)x\(settings.pixelHeight); \
                        pass --size with even sides, or use .mov/.webm/.gif
                        """)
                }
            }
            let budget = try memoryLimit.map(MemoryBudget.parse) ?? .machineDefault
            let jobs = try resolveJobs(jobs, settings: settings, frames: plan.frames.count, layers: scene.counts.layers, budget: budget)
            cliLog.info("\(plan.summary)")
            cliLog.info("output \(settings.summary)")
            let policy: ExistingFilePolicy = overwrite ? .overwrite : skipExisting ? .skip : .refuse
            // --stats follows the frames' policy: refused if it exists (before anything renders) unless
            // --overwrite; kept as it is with --skip-existing.
            var statsPath = stats
            if let stats {
                var isFolder: ObjCBool = false
                if unsafe FileManager.default.fileExists(atPath: stats, isDirectory: &isFolder), isFolder.boolValue {
                    throw CLIFailure(.cannotCreate, "--stats \"\(stats)\" is a folder; name a file for the statistics")
                }
                try FrameFileWriter.prepareFolder(of: stats)
                if try !FrameFileWriter(policy: policy, compression: compression).shouldWrite(stats) {
                    cliLog.notice("\(stats) exists; kept (--skip-existing), statistics not saved")
                    statsPath = nil
                }
            }
            var outputs = FrameOutputs()
            if toStdout, let format {
                outputs.stream = StandardOutputStream(format: format, compression: compression)
                cliLog.notice("\(StandardOutputStream.description(format: format, width: settings.pixelWidth, height: settings.pixelHeight, rate: plan.rate, frames: plan.frames.count))")
            } else if let container {
                let target = plan.segmentPath(for: output)
                guard !plan.frames.isEmpty else {
                    // More shards than frames, or a chunk past the end: nothing to encode, and a video needs a frame.
                    cliLog.notice("\(target) not written: a video needs at least one frame")
                    return
                }
                try FrameFileWriter.prepareFolder(of: target)
                let writer = FrameFileWriter(policy: policy, compression: compression)
                guard try writer.shouldWrite(target) else {
                    cliLog.notice("\(target) exists; kept (--skip-existing)")
                    return
                }
                guard ffmpegTimeout.isFinite, ffmpegTimeout > 0, ffmpegTimeout <= 86_400 else {
                    throw ValidationError("--ffmpeg-timeout must be a number of seconds in (0, 86400], got \(ffmpegTimeout)")
                }
                let ffmpegPath = try FFmpegLocator.locate(explicit: ffmpeg, environment: ProcessInfo.processInfo.environment)
                let encoding = try VideoEncoding.resolve(quality, container: container, ffmpeg: ffmpegPath)
                cliLog.info("video \(target): \(encoding.summary)")
                outputs.video = try VideoEncoder(ffmpeg: ffmpegPath, container: container, target: target,
                                                 width: settings.pixelWidth, height: settings.pixelHeight,
                                                 rate: plan.rate, refuseExisting: policy == .refuse, stallTimeout: ffmpegTimeout,
                                                 encoderArguments: encoding.arguments)
            } else {
                if let first = plan.frames.first { try FrameFileWriter.prepareFolder(of: pattern.path(forFrame: first)) }
                let writer = FrameFileWriter(policy: policy, compression: compression, quality: imageQuality)
                // Existing files are found before anything renders, so a refused run changes nothing.
                let existing = policy == .overwrite ? [] : pattern.existingFrames(in: plan.frames)
                if let first = existing.min() { _ = try writer.shouldWrite(pattern.path(forFrame: first)) }
                outputs.png = (pattern, writer, existing)
            }
            let frameSettings = settings.sharingThreads(amongJobs: jobs)
            Interruption.install()
            let (report, progressReporter) = try FrameOutputRunner.run(
                frames: plan.frames, time: { plan.time(ofFrame: $0) }, jobs: jobs, outputs: outputs,
                progressStyle: progress, progressInterval: progressInterval, label: selection.scene, width: settings.pixelWidth, height: settings.pixelHeight,
                threads: frameSettings.threads, makeProducer: { [blur = motionBlur.motionBlur(rate: plan.rate)] in
                    makeFrameProducer(renderer: SceneFrameRenderer(scene: scene, settings: frameSettings), motionBlur: blur)
                })
            try finishReport(report, progress: progressReporter, statsPath: statsPath, refuseExisting: policy == .refuse)
        }
    }
}

/// Reports the statistics on the progress channel and saves `--stats` atomically (refusing a file that
/// appeared meanwhile when `refuseExisting`).
func finishReport(_ report: RenderStatistics, progress: RenderProgress, statsPath: String?, refuseExisting: Bool = false) throws {
    progress.summarize(report)
    guard let statsPath else { return }
    let data: Data
    do {
        data = try report.jsonData()
    } catch {
        throw CLIFailure(.software, "cannot encode the statistics: \(error)")
    }
    try PartialFiles.writeAtomically(data, to: statsPath, refusingExisting: refuseExisting)
}

extension PNGCompression: ExpressibleByArgument {}
