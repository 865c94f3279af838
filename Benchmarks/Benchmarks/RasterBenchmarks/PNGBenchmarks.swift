import Benchmark
import Foundation
import OpenQuartz

/// A 1920x1080 frame with gradients, translucent boxes and fine noise, like a UI frame: enough
/// structure for the PNG filters and zlib to do representative work.
func syntheticUIFrame(width: Int = 1920, height: Int = 1080) -> PremultipliedRGBA8Bitmap {
    var bitmap = PremultipliedRGBA8Bitmap(width: width, height: height)
    var state: UInt32 = 12345
    for y in 0..<height {
        for x in 0..<width {
            state = state &* 1_103_515_245 &+ 12345
            let noise = UInt8(truncatingIfNeeded: state >> 28)
            let inBox = (x / 240 + y / 180) % 3 == 0
            let r = UInt8(x * 255 / width), g = UInt8(y * 255 / height)
            let b = inBox ? 200 : noise &* 8
            bitmap[x, y] = PremultipliedRGBA8(straightR: r, g: g, b: b, a: inBox ? 180 : 255)
        }
    }
    return bitmap
}

let pngBenchmarks: @Sendable () -> Void = {
    let frame = syntheticUIFrame()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oq-bench-png")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for compression in PNGCompression.allCases {
        Benchmark(
            "png/encode \(compression.rawValue) 1920x1080",
            configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5))
        ) { benchmark in
            let path = directory.appendingPathComponent("\(compression.rawValue).png").path
            for _ in benchmark.scaledIterations {
                try PNGWriter.write(frame, to: path, compression: compression)
            }
        }
    }
}
