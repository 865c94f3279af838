// The end-to-end mode (`--png-dir DIR`, Benchmarks/peers/README.md "End to end: frames written as PNG files"):
// every frame of an animated scene is drawn, encoded by PNGWriter (`.fast`, as `quartz-render render` writes
// frames) and written to DIR/frame_%03d.png, and the whole loop is timed. With one thread each frame is
// drawn, encoded and written in turn on the calling thread. With more, the compositor's tiles use them and a
// background thread encodes and writes frame i while frame i+1 is drawn (two bitmaps take turns), as
// `quartz-render render` overlaps them; `--overlap-encode` does that with one drawing thread too.
//
// Files are written with plain open/write/close, no fsync and no rename, as the peers' encoders write them.
import Foundation
import OpenQuartz
import PeerScene

/// What one frame cost; all times are monotonic nanoseconds.
struct PNGFrameRecord {
    var draw: UInt64 = 0
    var encode: UInt64 = 0
    var write: UInt64 = 0
    var bytes = 0
    /// When the frame's file was complete.
    var finished: UInt64 = 0
}

/// Writes `data` to `path` (created or truncated).
func writeFile(_ data: Data, to path: String) throws {
    let fd = unsafe open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw PNGFramesError(unsafe "cannot create \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    unsafe try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
        var offset = 0
        while offset < buffer.count {
            let n = unsafe write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw PNGFramesError(unsafe "cannot write \(path): \(String(cString: strerror(errno)))") }
            offset += n
        }
    }
}

struct PNGFramesError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Encodes and writes one frame; returns (encode, write) nanoseconds and the file's size.
func encodeAndWrite(_ bitmap: PremultipliedRGBA8Bitmap, to path: String) throws -> (UInt64, UInt64, Int) {
    let t0 = monotonicNanoseconds()
    let data = try PNGWriter.encode(bitmap, compression: .fast, name: path)
    let t1 = monotonicNanoseconds()
    try writeFile(data, to: path)
    return (t1 - t0, monotonicNanoseconds() - t1, data.count)
}

/// Frames drawn on the main thread and waiting for the writer thread, and the bitmaps it has finished with.
/// Bitmaps move between the two lists, so each stays uniquely referenced and is drawn into in place.
final class PNGFramePipeline: @unchecked Sendable {
    // @unchecked Sendable: every mutable field is used only with `condition` locked.
    private let condition = NSCondition()
    private var drawn: [(frame: Int, bitmap: PremultipliedRGBA8Bitmap)] = []
    private var free: [PremultipliedRGBA8Bitmap]
    private var closed = false
    private var writerDone = false
    private(set) var records: [PNGFrameRecord]
    private var failure: String?

    init(bitmaps: [PremultipliedRGBA8Bitmap], frames: Int) {
        free = bitmaps
        records = Array(repeating: PNGFrameRecord(), count: frames)
    }

    /// A bitmap to draw into, once the writer has returned one; nil after a write failed.
    func takeFree() -> PremultipliedRGBA8Bitmap? {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty && failure == nil { condition.wait() }
        return failure == nil ? free.removeLast() : nil
    }

    func submit(frame: Int, bitmap: PremultipliedRGBA8Bitmap, drawNanoseconds: UInt64) {
        condition.lock()
        records[frame].draw = drawNanoseconds
        drawn.append((frame, bitmap))
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the writer to finish every submitted frame; returns the first failure.
    func close() -> String? {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
        while !writerDone { condition.wait() }
        return failure
    }

    /// The writer thread: encode and write frames in the order they were submitted.
    func runWriter(path: @Sendable (Int) -> String) {
        while true {
            condition.lock()
            while drawn.isEmpty && !closed { condition.wait() }
            if drawn.isEmpty {
                writerDone = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let (frame, bitmap) = drawn.removeFirst()
            condition.unlock()
            var record = PNGFrameRecord()
            var message: String?
            do {
                (record.encode, record.write, record.bytes) = try encodeAndWrite(bitmap, to: path(frame))
            } catch {
                message = "\(error)"
            }
            record.finished = monotonicNanoseconds()
            condition.lock()
            record.draw = records[frame].draw
            records[frame] = record
            if let message, failure == nil { failure = message }
            free.append(bitmap)
            condition.broadcast()
            condition.unlock()
        }
    }
}

/// Runs the end-to-end mode and prints its JSON report.
func runPNGFrames(scene: PeerScene, builder: PeerSceneRenderListBuilder, options: PlayerOptions, folder: String) {
    guard !scene.frames.isEmpty else { fail("quartz-peer-player: --png-dir needs an animated scene") }
    var isFolder: ObjCBool = false
    guard unsafe FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
        fail("quartz-peer-player: --png-dir \(folder) is not a folder")
    }
    let frameCount = min(scene.frames.count, options.frameLimit ?? scene.frames.count)
    let warmup = options.warmup ?? 10
    let threads = options.threads
    let overlapped = threads > 1 || options.overlapEncode
    let base = URL(fileURLWithPath: folder)
    let framePath: @Sendable (Int) -> String = { base.appendingPathComponent(String(format: "frame_%03d.png", $0)).path }
    func draw(_ frame: Int, into bitmap: inout PremultipliedRGBA8Bitmap) {
        builder.render(builder.renderList(frame: frame), into: &bitmap, threads: threads, tileSize: options.tileSize)
    }

    // Warm-up: drawn, encoded and written like timed frames, to one scratch file that is removed afterwards.
    var bitmap = PremultipliedRGBA8Bitmap(width: scene.width, height: scene.height, filledWith: builder.background)
    let scratch = base.appendingPathComponent("warmup.png").path
    do {
        for i in 0..<warmup {
            draw(i % scene.frames.count, into: &bitmap)
            _ = try encodeAndWrite(bitmap, to: scratch)
        }
        if warmup > 0 { try FileManager.default.removeItem(atPath: scratch) }
    } catch {
        fail("quartz-peer-player: \(error)")
    }

    let threadsBefore = processThreads()
    var records: [PNGFrameRecord]
    let start = monotonicNanoseconds(), cpuStart = processCPUNanoseconds()
    if overlapped {
        let second = PremultipliedRGBA8Bitmap(width: scene.width, height: scene.height, filledWith: builder.background)
        let pipeline = PNGFramePipeline(bitmaps: [bitmap, second], frames: frameCount)
        bitmap = PremultipliedRGBA8Bitmap(width: 0, height: 0)  // the pipeline holds the only references
        let writer = Thread { pipeline.runWriter(path: framePath) }
        writer.stackSize = 8 << 20
        writer.start()
        for f in 0..<frameCount {
            guard var target = pipeline.takeFree() else { break }
            let t0 = monotonicNanoseconds()
            draw(f, into: &target)
            pipeline.submit(frame: f, bitmap: target, drawNanoseconds: monotonicNanoseconds() - t0)
        }
        if let failure = pipeline.close() { fail("quartz-peer-player: \(failure)") }
        records = pipeline.records
    } else {
        records = []
        records.reserveCapacity(frameCount)
        for f in 0..<frameCount {
            var record = PNGFrameRecord()
            let t0 = monotonicNanoseconds()
            draw(f, into: &bitmap)
            record.draw = monotonicNanoseconds() - t0
            do {
                (record.encode, record.write, record.bytes) = try encodeAndWrite(bitmap, to: framePath(f))
            } catch {
                fail("quartz-peer-player: \(error)")
            }
            record.finished = monotonicNanoseconds()
            records.append(record)
        }
    }
    let wall = monotonicNanoseconds() - start, cpu = processCPUNanoseconds() &- cpuStart
    let threadsAfter = processThreads()

    // A frame's time is the span from the previous frame's file being complete to its own.
    var previous = start
    var intervals: [UInt64] = []
    for record in records {
        intervals.append(record.finished - previous)
        previous = record.finished
    }
    func list(_ values: [some BinaryInteger]) -> String { "[" + values.map { "\($0)" }.joined(separator: ", ") + "]" }
    var json = "{\"renderer\": \"openquartz\", \"version\": \"0.1 compositor\", \"scene\": \(jsonString(scene.name))"
    json += ", \"mode\": \"png-files\", \"encoder\": \"QuartzPNG PNGWriter .fast\", \"overlapped\": \(overlapped)"
    json += ", \"width\": \(scene.width), \"height\": \(scene.height), \"threads\": \(threads)"
    json += ", \"threads_before\": \(threadsBefore), \"threads_after\": \(threadsAfter)"
    json += ", \"timed_wall_ns\": \(wall), \"timed_cpu_ns\": \(cpu)"
    json += ", \"protocol\": {\"warmup\": \(warmup), \"passes\": 1, \"frames\": \(frameCount)}"
    json += ", \"frame_ns\": " + list(intervals)
    json += ", \"draw_ns\": " + list(records.map(\.draw))
    json += ", \"encode_ns\": " + list(records.map(\.encode))
    json += ", \"write_ns\": " + list(records.map(\.write))
    json += ", \"png_bytes\": " + list(records.map(\.bytes)) + "}"
    print(json)
}
