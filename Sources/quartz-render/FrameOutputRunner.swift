// The render loop shared by `render` and `demo`: frames render on `--jobs` worker threads (each with its own
// renderer) and reach the outputs in frame order: PNG files and/or a video (straight RGBA piped to ffmpeg in
// order). A PNG is encoded and written by its worker, so the bytes do not depend on the job count, then
// flushed to disk and renamed into place by the ordered consumer, so no worker waits for the disk; each
// folder is flushed once at the end. Progress and the per-phase statistics are reported in frame order too.
// Straight RGBA for a video or a raw stream is converted in order into one buffer reused for every frame, so
// its pages are not faulted in per frame.
import Foundation
import OpenQuartz
import QuartzOutput
import Synchronization


/// Where the frames go.
struct FrameOutputs {
    /// Numbered PNG files: the pattern, the writer and the frames whose files exist and are kept (skipped).
    var png: (pattern: OutputPattern, writer: FrameFileWriter, kept: Set<Int>)?
    /// One video receiving every frame of the plan, in order.
    var video: VideoEncoder?
    /// stdout (`-o -`) receiving every frame of the plan, in order.
    var stream: StandardOutputStream?
}

/// One frame's result, handed from a worker to the ordered consumer.
private struct FrameResult: Sendable {
    var timing: FrameTiming
    /// The pixels, kept for the outputs that take straight RGBA (a video, a raw stream).
    var bitmap: PremultipliedRGBA8Bitmap?
    /// A PNG stream's encoded frame.
    var streamPNG: [UInt8]?
    /// The frame's file, written but not yet flushed to disk nor renamed into place.
    var partialFile: String?
}

/// What a worker hands over: a finished frame, a drawn one for the consumer to finish, or a frame that needs
/// no work (its file exists and is kept).
private enum FrameStage: Sendable {
    case finished(FrameResult)
    case drawn(index: Int, time: Double, frame: (bitmap: PremultipliedRGBA8Bitmap, evaluate: Double, composite: Double))
    case skipped(index: Int)
}

enum FrameOutputRunner {
    /// Renders `frames` (in order) to `outputs` with `jobs` frames at once; returns the statistics. Nothing is
    /// kept per selected frame, so memory and start-up do not grow with the selection.
    static func run(
        frames: FrameSequence, time: @escaping @Sendable (Int) -> Double, jobs: Int, outputs: FrameOutputs,
        progressStyle: ProgressStyle, progressInterval: Double = RenderProgress.defaultInterval,
        label: String, width: Int, height: Int, threads: Int,
        makeProducer: @escaping @Sendable () throws -> FrameProducer
    ) throws -> (RenderStatistics, RenderProgress) {
        let png = outputs.png.map { SendablePNGOutput(pattern: $0.pattern, writer: $0.writer, kept: $0.kept) }
        let wantsVideo = outputs.video != nil
        let stream = outputs.stream
        let wantsStraight = wantsVideo || stream?.format == .rgba
        // Frames that need no work at all (PNG kept, no video or stream) are only reported.
        let writesPNG: @Sendable (Int) -> Bool = { png != nil && png?.kept.contains($0) != true }
        let needsWork: @Sendable (Int) -> Bool = { wantsVideo || stream != nil || writesPNG($0) }
        var skipped = 0
        var progress = RenderProgress(style: progressStyle, total: frames.count, interval: progressInterval)
        var timings: [FrameTiming] = []
        let started = monotonicSeconds()
        var done = 0
        // Frame files written by a worker and not yet committed by the consumer, by frame index.
        let uncommitted = Mutex<[Int: String]>([:])
        // What follows a frame's drawing: its PNG file, and its bytes for the video or the stream.
        @Sendable func finish(_ index: Int, _ t: Double, _ frame: (bitmap: PremultipliedRGBA8Bitmap, evaluate: Double, composite: Double))
            throws -> FrameResult
        {
            var timing = FrameTiming(frame: index, time: t, evaluate: frame.evaluate, composite: frame.composite, encode: 0, write: 0)
            var partialFile: String?
            if let png, writesPNG(index) {
                let written = try png.writer.writePartial(frame.bitmap, for: png.pattern.path(forFrame: index))
                uncommitted.withLock { $0[index] = written.temporary }
                timing.encode += written.encode
                timing.write += written.write
                partialFile = written.temporary
            }
            var streamPNG: [UInt8]?
            if let stream, stream.format == .png {
                let t0 = monotonicSeconds()
                streamPNG = try stream.encodePNG(frame.bitmap)
                timing.encode += monotonicSeconds() - t0
            }
            return FrameResult(timing: timing, bitmap: wantsStraight ? frame.bitmap : nil, streamPNG: streamPNG, partialFile: partialFile)
        }
        // The folders frames were renamed into, flushed once at the end (a frame's rename is durable then).
        var frameFolders: Set<String> = []
        defer {
            // Frames written by workers but not reached by the consumer (a failure or a stop signal) are
            // complete: they are put in place too, so no partial file is left.
            if let png {
                for (index, temporary) in uncommitted.withLock({ $0 }) {
                    let path = png.pattern.path(forFrame: index)
                    if (try? png.writer.commit(temporary, to: path, syncingFolder: false)) != nil {
                        frameFolders.insert((path as NSString).deletingLastPathComponent)
                    }
                }
            }
            for folder in frameFolders { PartialFiles.syncFolder(at: folder.isEmpty ? "." : folder) }
        }
        // Straight RGBA of the frame being written (ffmpeg's rgba and the raw stream are straight alpha).
        var straight: [UInt8] = []
        var consumerIdleSince = monotonicSeconds()
        // With several jobs each worker draws and finishes its frames. With one, the next frame is drawn on a
        // worker thread while this thread finishes the previous one, so encoding overlaps drawing.
        let overlapped = jobs <= 1
        do {
            try OrderedFrameWorkers<FrameStage>.run(count: frames.count, jobs: max(1, jobs), background: overlapped, makeProducer: {
                let produce = try makeProducer()
                return { position in
                    let index = frames.frame(at: position)
                    guard needsWork(index) else { return .skipped(index: index) }
                    let t = time(index)
                    let frame = try produce(t)
                    return overlapped ? .drawn(index: index, time: t, frame: frame) : .finished(try finish(index, t, frame))
                }
            }, consume: { _, stage in
                let waited = monotonicSeconds() - consumerIdleSince
                let result: FrameResult
                switch stage {
                case .finished(let finished): result = finished
                case .drawn(let index, let t, let frame): result = try finish(index, t, frame)
                case .skipped(let index):
                    skipped += 1
                    done += 1
                    progress.frameFinished(index: index, time: time(index), done: done, skipped: true)
                    consumerIdleSince = monotonicSeconds()
                    return
                }
                var timing = result.timing
                timing.wait = waited
                if let png, let temporary = result.partialFile {
                    let t0 = monotonicSeconds()
                    let path = png.pattern.path(forFrame: timing.frame)
                    uncommitted.withLock { _ = $0.removeValue(forKey: timing.frame) }
                    try png.writer.commit(temporary, to: path, syncingFolder: false)
                    timing.write += monotonicSeconds() - t0
                    frameFolders.insert((path as NSString).deletingLastPathComponent)
                }
                if let bitmap = result.bitmap {
                    let t0 = monotonicSeconds()
                    bitmap.writeStraightRGBA8(into: &straight)
                    timing.convert += monotonicSeconds() - t0
                }
                if let video = outputs.video {
                    let t0 = monotonicSeconds()
                    try video.write(straightRGBA: straight)  // ffmpeg taking the frame is its encode phase
                    timing.encode += monotonicSeconds() - t0
                }
                if let stream {
                    let t0 = monotonicSeconds()
                    try stream.write(result.streamPNG ?? straight)  // in frame order; the pipe write is the write phase
                    timing.write += monotonicSeconds() - t0
                }
                timings.append(timing)
                done += 1
                progress.frameFinished(index: timing.frame, time: timing.time, done: done, skipped: false)
                consumerIdleSince = monotonicSeconds()
                if let signal = Interruption.requested, done < frames.count {
                    throw Interruption.failure(signal: signal, done: done, total: frames.count)
                }
            })
            if let video = outputs.video {
                // Closing ffmpeg's input, its last frames and the rename count as the last frame's write.
                let t0 = monotonicSeconds()
                try video.finish()
                if !timings.isEmpty { timings[timings.count - 1].write += monotonicSeconds() - t0 }
            }
        } catch {
            outputs.video?.abandon()
            // A terminal's Ctrl-C reaches ffmpeg too, which then stops reading: report the interruption.
            if let signal = Interruption.requested { throw Interruption.failure(signal: signal, done: done, total: frames.count) }
            throw error
        }
        let report = RenderStatistics(scene: label, width: width, height: height, skipped: skipped, threads: threads, jobs: max(1, jobs),
                                      wallSeconds: monotonicSeconds() - started, frames: timings)
        return (report, progress)
    }
}

/// The PNG output as the workers see it (all immutable values).
private struct SendablePNGOutput: Sendable {
    let pattern: OutputPattern
    let writer: FrameFileWriter
    let kept: Set<Int>
}
