// quartz-peer-player: renders a peer-benchmark scene through the layer compositor with the peers' timing
// protocol (bench SCENES.md "Timing protocol"; Benchmarks/peers/README.md "The OpenQuartz player contract")
// and prints the per-frame times as one JSON object on the last line of stdout.
//
//   quartz-peer-player SCENE.json [--warmup N] [--min-frames N] [--max-frames N] [--min-seconds S]
//                                 [--passes N] [--threads N] [--tile-size N] [--png OUT.png] [--frame-limit N]
//                                 [--png-dir DIR [--overlap-encode]]
//
// Loading the scene, decoding the texture and building each item's content happen before timing. A timed
// frame is one `Compositor.render` call: the background fill plus every item; for animated scenes it also
// builds that frame's render list (the layer snapshot), so engine-side work is counted. `--png-dir` switches
// to the end-to-end mode of PNGFrames.swift: one timed pass that also encodes and writes every frame.
import Foundation
import OpenQuartz
import PeerScene

struct PlayerOptions {
    var scenePath = ""
    var pngPath: String?
    var warmup: Int?
    var minFrames = 15
    var maxFrames = 200
    var minSeconds = 2.0
    var passes = 2
    var threads = 1
    /// The compositor's automatic choice unless --tile-size is given.
    var tileSize = CompositorOptions.automaticTileSize
    /// Animated scenes: time only the first N frames of each pass (for profiling; compare.py never passes it).
    var frameLimit: Int?
    /// End-to-end mode: every frame of one pass is written here as frame_%03d.png.
    var pngDirectory: String?
    /// End-to-end mode: encode and write on a background thread even with one drawing thread.
    var overlapEncode = false
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

func parseOptions(_ arguments: [String]) -> PlayerOptions {
    var o = PlayerOptions()
    var i = 0
    func value(_ name: String, in range: ClosedRange<Double>) -> Double {
        i += 1
        guard i < arguments.count, let v = Double(arguments[i]), range.contains(v) else {
            fail("bad value for \(name) (expected a number in \(range.lowerBound)...\(range.upperBound))")
        }
        return v
    }
    while i < arguments.count {
        let a = arguments[i]
        switch a {
        case "--warmup": o.warmup = Int(value(a, in: 0...1_000_000))
        case "--min-frames": o.minFrames = Int(value(a, in: 1...1_000_000))
        case "--max-frames": o.maxFrames = Int(value(a, in: 1...1_000_000))
        case "--min-seconds": o.minSeconds = value(a, in: 0...3600)
        case "--passes": o.passes = Int(value(a, in: 1...1000))
        case "--threads": o.threads = Int(value(a, in: 1...64))
        case "--tile-size": o.tileSize = Int(value(a, in: 8...1024))
        case "--frame-limit": o.frameLimit = Int(value(a, in: 1...1_000_000))
        case "--png":
            i += 1
            guard i < arguments.count else { fail("--png needs a path") }
            o.pngPath = arguments[i]
        case "--overlap-encode": o.overlapEncode = true
        case "--png-dir":
            i += 1
            guard i < arguments.count else { fail("--png-dir needs a folder") }
            o.pngDirectory = arguments[i]
        default:
            if a.hasPrefix("-") || !o.scenePath.isEmpty {
                fail("usage: quartz-peer-player SCENE.json [--warmup N] [--min-frames N] [--max-frames N] "
                    + "[--min-seconds S] [--passes N] [--threads N] [--tile-size N] [--png OUT.png] [--frame-limit N] [--png-dir DIR [--overlap-encode]]")
            }
            o.scenePath = a
        }
        i += 1
    }
    if o.scenePath.isEmpty { fail("usage: quartz-peer-player SCENE.json [options]") }
    o.maxFrames = max(o.maxFrames, o.minFrames)
    return o
}

/// This process's thread count, from /proc (-1 when unreadable).
func processThreads() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix("Threads:") {
        return Int(line.dropFirst(8).trimmingCharacters(in: .whitespaces)) ?? -1
    }
    return -1
}

func monotonicNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// This process's CPU time (all threads), for `compare.py --clock cpu`; 0 when the clock is unavailable.
func processCPUNanoseconds() -> UInt64 {
    var t = timespec()
    guard unsafe clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) == 0 else { return 0 }
    return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
}

func jsonString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        default:
            if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
        }
    }
    return out + "\""
}

/// Loads, times and reports; every frame's state lives here (no globals).
func runPlayer() {
    let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
    let scene: PeerScene
    do {
        scene = try PeerScene(contentsOf: URL(fileURLWithPath: options.scenePath))
    } catch {
        fail("quartz-peer-player: \(error)")
    }
    let unknown = scene.requires.filter { $0 != "perspective" }
    if !unknown.isEmpty {
        print("{\"renderer\": \"openquartz\", \"scene\": \(jsonString(scene.name)), \"unsupported\": "
            + "\(jsonString("requires " + unknown.joined(separator: ", ")))}")
        exit(3)
    }
    let builder: PeerSceneRenderListBuilder
    do {
        builder = try PeerSceneRenderListBuilder(scene: scene)
    } catch {
        fail("quartz-peer-player: \(error)")
    }

    if let folder = options.pngDirectory {
        runPNGFrames(scene: scene, builder: builder, options: options, folder: folder)
        return
    }
    let animated = !scene.frames.isEmpty
    let frameCount = scene.frames.count
    let warmup = options.warmup ?? (animated ? 10 : 3)
    var bitmap = PremultipliedRGBA8Bitmap(width: scene.width, height: scene.height, filledWith: builder.background)
    let staticList = animated ? RenderList() : builder.renderList()

    func renderFrame(_ frame: Int?) {
        if let frame {
            builder.render(builder.renderList(frame: frame), into: &bitmap, threads: options.threads, tileSize: options.tileSize)
        } else {
            builder.render(staticList, into: &bitmap, threads: options.threads, tileSize: options.tileSize)
        }
    }

    for i in 0..<warmup { renderFrame(animated ? i % frameCount : nil) }

    var times: [UInt64] = [], cpuTimes: [UInt64] = []
    times.reserveCapacity(animated ? options.passes * frameCount : options.maxFrames)
    cpuTimes.reserveCapacity(times.capacity)
    let threadsBefore = processThreads()
    let start = monotonicNanoseconds(), cpuStart = processCPUNanoseconds()
    if animated {
        for _ in 0..<options.passes {
            for f in 0..<min(frameCount, options.frameLimit ?? frameCount) {
                let t0 = monotonicNanoseconds(), c0 = processCPUNanoseconds()
                renderFrame(f)
                let c1 = processCPUNanoseconds()
                times.append(monotonicNanoseconds() - t0)
                cpuTimes.append(c1 &- c0)
            }
        }
    } else {
        while times.count < options.maxFrames {
            let t0 = monotonicNanoseconds(), c0 = processCPUNanoseconds()
            renderFrame(nil)
            let c1 = processCPUNanoseconds()
            let t1 = monotonicNanoseconds()
            times.append(t1 - t0)
            cpuTimes.append(c1 &- c0)
            if times.count >= options.minFrames && Double(t1 - start) * 1e-9 >= options.minSeconds { break }
        }
    }
    let wall = monotonicNanoseconds() - start, cpu = processCPUNanoseconds() &- cpuStart
    let threadsAfter = processThreads()

    if let png = options.pngPath {
        let reference = animated ? min(max(scene.referenceFrame ?? 0, 0), frameCount - 1) : nil
        renderFrame(reference)
        do {
            try PNGWriter.write(bitmap, to: png, compression: .fast)
        } catch {
            fail("quartz-peer-player: cannot write \(png): \(error)")
        }
    }

    var json = "{\"renderer\": \"openquartz\", \"version\": \"0.1 compositor\", \"scene\": \(jsonString(scene.name))"
    json += ", \"width\": \(scene.width), \"height\": \(scene.height), \"threads\": \(options.threads)"
    let tileSize = CompositorOptions(threads: options.threads, tileSize: options.tileSize)
        .effectiveTileSize(width: scene.width, height: scene.height)
    json += ", \"tile_size\": \(tileSize), \"threads_before\": \(threadsBefore), \"threads_after\": \(threadsAfter)"
    json += ", \"timed_wall_ns\": \(wall), \"timed_cpu_ns\": \(cpu)"
    if animated {
        json += ", \"protocol\": {\"warmup\": \(warmup), \"passes\": \(options.passes), \"frames\": \(frameCount)}"
    } else {
        json += ", \"protocol\": {\"warmup\": \(warmup), \"min_frames\": \(options.minFrames), \"max_frames\": \(options.maxFrames), \"min_seconds\": \(options.minSeconds)}"
    }
    json += ", \"frame_ns\": [" + times.map(String.init).joined(separator: ", ") + "]"
    json += ", \"frame_cpu_ns\": [" + cpuTimes.map(String.init).joined(separator: ", ") + "]}"
    print(json)
}

runPlayer()
