import Benchmark
import Foundation
import OpenQuartz
import PeerScene

/// Frame throughput of the raster core on the peer scenes (fixtures/peer-scenes): one frame = the
/// background fill plus every item, single-threaded ("1t") or tile-parallel across all cores ("mt").
let peerSceneBenchmarks: @Sendable () -> Void = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures/peer-scenes")
    let names = ["a_rects", "b_rrects_affine", "c_fill_paths", "d_stroke_paths", "e_images_affine", "f_images_perspective"]
    for name in names {
        for size in ["1920x1080", "512x512"] {
            guard let scene = try? PeerScene(contentsOf: folder.appendingPathComponent("\(name)_\(size).json")),
                let renderer = try? PeerSceneRasterRenderer(scene: scene)
            else { continue }
            for (label, threading) in [("1t", FillThreading.singleThreaded), ("mt", .concurrent)] {
                Benchmark(
                    "raster/\(name) \(size) \(label)",
                    configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 200)
                ) { benchmark in
                    for _ in benchmark.scaledIterations {
                        blackHole(renderer.render(threading: threading))
                    }
                }
            }
        }
    }
}
