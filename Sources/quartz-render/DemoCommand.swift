// `quartz-render demo`: renders the built-in animation (DemoAnimation.swift) into a folder: every frame as
// a PNG, a contact sheet, and an H.264 video when ffmpeg is present. An existing folder holding files is not
// touched without --overwrite.
import ArgumentParser
import Foundation
import Logging
import OpenQuartz
import QuartzOutput

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the built-in demo animation: frames, a contact sheet and (with ffmpeg) a video.",
        discussion: """
            Writes FOLDER/frames/00000.png..., FOLDER/contact-sheet.png and FOLDER/demo.mp4 (the video only when \
            ffmpeg is found on PATH or given with --ffmpeg; otherwise it is skipped with a message). The \
            animation is 5 s of 640x360 points: a ship along a Bezier path, a door swinging in perspective, \
            colour keyframes, push transitions and an ordered endless cycle, built with CALayer, \
            CAShapeLayer, CAKeyframeAnimation, CAAnimationGroup and CATransition and drawn by CARenderer. \
            An existing output folder that holds files is not changed unless --overwrite is given (default: refuse).
            """)

    @Option(name: .shortAndLong, help: "The output folder.")
    var output: String = "demo"

    @Option(parsing: .unconditional, help: "Pixels per point (default 1: 640x360 pixels).")
    var scale: Double = 1

    @Option(parsing: .unconditional, help: "Frame rate: N, N.NNN or NUM/DEN.")
    var fps: String = "30"

    @Option(parsing: .unconditional, help: "Frames rendered at once (default: one per thread). Output never depends on it.")
    var jobs: Int?

    @Option(parsing: .unconditional, help: "Compositing threads, 0 = all cores (default), divided among the jobs.")
    var threads: Int?

    @Option(help: "The ffmpeg executable (default: ffmpeg found on PATH).")
    var ffmpeg: String?

    @Flag(help: "Do not write the video.")
    var noVideo = false

    @Flag(help: "Replace files in an existing output folder (default: refuse).")
    var overwrite = false

    @Option(help: "Progress on stderr: auto, bar, plain, json, none (as for render).")
    var progress: ProgressStyle = .auto

    @Option(parsing: .unconditional, help: "Seconds between plain progress lines, 0...86400 (0: a line per frame).")
    var progressInterval: Double = RenderProgress.defaultInterval

    @OptionGroup var quality: VideoQualityOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be in 1...64, got \(jobs)") }
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ValidationError("--scale must be in (0, 8], got \(scale)") }
        guard progressInterval.isFinite, (0...86_400).contains(progressInterval) else {
            throw ValidationError("--progress-interval must be a number of seconds in 0...86400, got \(progressInterval)")
        }
        if noVideo && !quality.isEmpty {
            throw ValidationError("--codec, --crf, --bitrate, --preset and --pixel-format set the video, which --no-video leaves out")
        }
        try VideoEncoding.validate(quality, container: .mp4)
    }

    func run() throws {
        try runReportingFailures(logging: logging) {
            guard let rate = SceneFrameRate(parsing: fps) else {
                throw ValidationError("--fps must be a positive rate up to 1000, as N, N.NNN or NUM/DEN, got '\(fps)'")
            }
            let width = Int((Double(DemoAnimation.size.width) * scale).rounded(.up))
            let height = Int((Double(DemoAnimation.size.height) * scale).rounded(.up))
            let wantsVideo = !noVideo
            if wantsVideo && VideoEncoding.needsEvenSize(VideoEncoding.plannedPixelFormat(quality, container: .mp4))
                && (width % 2 != 0 || height % 2 != 0) {
                throw ValidationError("--scale \(scale) gives \(width)x\(height) pixels; H.264 needs even sides (choose another --scale or pass --no-video)")
            }
            try Self.checkFolder(output, overwrite: overwrite)
            let framesFolder = (output as NSString).appendingPathComponent("frames")
            let pattern = try OutputPattern((framesFolder as NSString).appendingPathComponent("%05d.png"))
            let sheetPath = (output as NSString).appendingPathComponent("contact-sheet.png")
            let videoPath = (output as NSString).appendingPathComponent("demo.mp4")
            try FrameFileWriter.prepareFolder(of: pattern.path(forFrame: 0))

            var ffmpegPath: String?
            if wantsVideo {
                do {
                    ffmpegPath = try FFmpegLocator.locate(explicit: ffmpeg, environment: ProcessInfo.processInfo.environment)
                } catch let failure as CLIFailure where ffmpeg == nil {
                    cliLog.warning("video skipped: \(failure.message)")
                }
            }
            let settings = try FrameSettings.fixed(width: width, height: height, threads: threads)
            let count = rate.frameCount(forDuration: DemoAnimation.duration)
            let jobs = try resolveJobs(jobs, settings: settings, frames: count, layers: 0, budget: .machineDefault)  // a few dozen layers
            let frameSettings = settings.sharingThreads(amongJobs: jobs)
            let plan = FramePlan(frames: FrameSequence(0..<count), rate: rate, explicitTime: nil, start: 0)
            let policy: ExistingFilePolicy = overwrite ? .overwrite : .refuse
            var outputs = FrameOutputs()
            outputs.png = (pattern, FrameFileWriter(policy: policy, compression: .fast), [])
            if let ffmpegPath {
                guard try FrameFileWriter(policy: policy, compression: .fast).shouldWrite(videoPath) else { return }
                let encoding = try VideoEncoding.resolve(quality, container: .mp4, ffmpeg: ffmpegPath)
                cliLog.info("video \(videoPath): \(encoding.summary)")
                outputs.video = try VideoEncoder(ffmpeg: ffmpegPath, container: .mp4, target: videoPath, width: width,
                                                 height: height, rate: rate, refuseExisting: policy == .refuse,
                                                 encoderArguments: encoding.arguments)
            }
            let scale = scale
            Interruption.install()
            let (report, reporter) = try FrameOutputRunner.run(
                frames: plan.frames, time: { plan.time(ofFrame: $0) }, jobs: jobs, outputs: outputs,
                progressStyle: progress, progressInterval: progressInterval, label: "demo", width: width, height: height, threads: frameSettings.threads,
                makeProducer: {
                    let options = CompositorOptions(threads: frameSettings.threads)
                    return { time in
                        let t0 = monotonicSeconds()
                        let bitmap = try Self.renderFrame(atTime: time, scale: scale, options: options)
                        // CARenderer evaluates and composites in one call: the whole frame counts as composite.
                        return (bitmap, 0, monotonicSeconds() - t0)
                    }
                })
            try finishReport(report, progress: reporter, statsPath: nil)

            let cellScale = 240 / Double(DemoAnimation.size.width)
            let cell = try FrameSettings.fixed(width: 240, height: Int((Double(DemoAnimation.size.height) * cellScale).rounded()),
                                           threads: threads)
            let sheetIndices = (0..<12).map { $0 * (count - 1) / 11 }
            let options = CompositorOptions(threads: cell.threads)
            let sheet = try ContactSheet.compose(settings: cell, indices: sheetIndices, plan: plan, columns: 4) { time in
                try Self.renderFrame(atTime: time, scale: cellScale, options: options)
            }
            _ = try FrameFileWriter(policy: policy, compression: .balanced).write(sheet, to: sheetPath)

            cliLog.info("wrote \(pattern.path(forFrame: 0)) … \(pattern.path(forFrame: count - 1)) (\(count) frames, \(width)x\(height), \(rate) fps)")
            cliLog.info("wrote \(sheetPath)")
            if outputs.video != nil {
                cliLog.info("wrote \(videoPath)")
            } else {
                cliLog.info("video skipped: \(noVideo ? "--no-video" : "ffmpeg not found")")
            }
        }
    }

    /// One demo frame, mapping engine errors to exit code 70.
    static func renderFrame(atTime time: Double, scale: Double, options: CompositorOptions) throws -> PremultipliedRGBA8Bitmap {
        do {
            return try DemoAnimation.render(atTime: time, scale: scale, options: options)
        } catch {
            throw CLIFailure(.software, "rendering the demo at t = \(time) s failed: \(error)")
        }
    }

    /// The output folder must be absent, empty, or replaced with --overwrite.
    static func checkFolder(_ path: String, overwrite: Bool) throws {
        var isDirectory: ObjCBool = false
        guard unsafe FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw CLIFailure(.cannotCreate, "\"\(path)\" is a file, not a folder") }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        if !entries.isEmpty && !overwrite {
            throw CLIFailure(.cannotCreate, "\"\(path)\" exists and holds files; pass --overwrite to replace them (default: refuse)")
        }
    }
}
