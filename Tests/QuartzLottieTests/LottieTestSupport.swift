// What the Lottie tests share: small documents, trees on their own context and clock, presentation
// values at a time, and rendering against Core Animation's snapshots.
import Foundation
import QuartzCompositor
import QuartzLayers
import QuartzPNG
import QuartzRaster
import QuartzTestSupport
import Testing
@testable import QuartzLottie

/// A composition of `layers` (JSON text) at 100 × 100, frames 0..<60 at 30 fps unless given.
func lottieDocument(layers: String, assets: String = "[]", fr: Double = 30, ip: Double = 0, op: Double = 60,
                    version: String = "5.7.0") -> Data {
    Data(#"{"v":"\#(version)","fr":\#(fr),"ip":\#(ip),"op":\#(op),"w":100,"h":100,"assets":\#(assets),"layers":\#(layers)}"#.utf8)
}

/// A Lottie layer tree on its own context and manual clock.
final class LottieTree {
    let clock = ManualMediaClock(time: 0)
    let context: LayerTreeContext
    let root: CALayer

    init(_ animation: LottieAnimation, motionPaths: LottieMotionPathTiming = .afterEffects) {
        context = LayerTreeContext(clock: clock)
        context.logger = nil
        root = context.perform {
            let layer = animation.makeLayer(motionPaths: motionPaths)
            CATransaction.flush()
            return layer
        }
    }

    /// Every layer, depth first, the root first.
    var allLayers: [CALayer] {
        var result: [CALayer] = []
        func visit(_ layer: CALayer) {
            result.append(layer)
            for sublayer in layer.sublayers ?? [] { visit(sublayer) }
        }
        visit(root)
        return result
    }

    /// The presentation snapshot at media time `time`, as QuartzScene evaluates a scene.
    func snapshot(at time: Double) -> LayerTreeSnapshot {
        clock.time = time
        context.beginFrame()
        return context.snapshot(of: root, atMediaTime: time)
    }

    /// Renders at `time` over white at `scale` pixels per point.
    func render(at time: Double, width: Double, height: Double, scale: Double, threads: Int = 1) throws -> PremultipliedRGBA8Bitmap {
        let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        let renderer = CARenderer(layer: root, bounds: CGRect(x: 0, y: 0, width: width, height: height), scale: scale,
                                  options: CompositorOptions(threads: threads, background: white), context: context)
        return try renderer.renderFrame(atTime: time)
    }
}

func lottieFixture(_ name: String) -> URL { fixturesDirectory.appendingPathComponent("lottie/\(name)") }
