// libFuzzer target for the Lottie importer: the input bytes are a Lottie file (Bodymovin JSON), loaded with
// LottieAnimation(data:). A file that loads is built into its layer tree, and one frame at its in point and
// one at a frame picked from the input's length are rendered at most 64×64 pixels on one thread. A
// LottieError is fine; a crash, a sanitizer report, a run over the -timeout or memory over -rss_limit_mb is
// a failure.
import Foundation
import OpenQuartz

private let side = 64.0

public enum LottieExercise {
    /// Runs one input of the `lottie` fuzz target (Fuzz/README.md).
    public static func run(_ data: UnsafePointer<UInt8>, _ size: Int) {
        let bytes = Data(bytes: data, count: size)
        guard let animation = try? LottieAnimation(data: bytes) else { return }
        let clock = ManualMediaClock(time: 0)
        let context = LayerTreeContext(clock: clock)
        context.perform {
            let root = animation.makeLayer()
            CATransaction.flush()
            // The composition drawn into at most 64×64 pixels, whatever size it claims.
            let scale = min(1, side / max(1, animation.width), side / max(1, animation.height))
            let width = max(1, Int((animation.width * scale).rounded(.up)).clamped(to: 1...Int(side)))
            let height = max(1, Int((animation.height * scale).rounded(.up)).clamped(to: 1...Int(side)))
            let renderer = CARenderer(layer: root, bounds: CGRect(x: 0, y: 0, width: Double(width), height: Double(height)),
                                      scale: 1, options: CompositorOptions(threads: 1), context: context)
            let fraction = Double(size % 97) / 96
            for time in [0, animation.duration.isFinite ? max(0, animation.duration) * fraction : 0] {
                _ = try? renderer.renderFrame(atTime: time)
            }
        }
    }
}

private extension Int {
    func clamped(to range: ClosedRange<Int>) -> Int { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
