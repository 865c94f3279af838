// Scenes written the way third-party Core Animation code is written (loaders from arcs and replicators,
// keyframes with boxed values, layer subclasses with custom properties, cubes and carousels in
// CATransformLayer, contents fades), rendered, and probed at points whose colour follows from Apple's
// documented semantics: timing and interpolation from the CAMediaTiming and animation references (and, for
// springs, values compared with Apple's own CASpringAnimation), geometry from the CATransform3D and CALayer
// geometry references. Probes sit at least 1.5 px from every edge, where a pixel is one colour, so what they
// check is the animation and the geometry, not anti-aliasing.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzPNG
import QuartzRaster
import Testing
@testable import QuartzCompositor

/// One expected colour at a point of the frame (device pixels, y down).
struct IdiomProbe: CustomStringConvertible {
    var x: Double
    var y: Double
    var expected: (Int, Int, Int)
    var label: String

    init(_ x: Double, _ y: Double, _ expected: (Int, Int, Int), _ label: String) {
        self.x = x
        self.y = y
        self.expected = expected
        self.label = label
    }

    var description: String { "\(label) at (\(x), \(y))" }
}

enum IdiomColor {
    static let white = (255, 255, 255)
    /// Straight colour `color` at `alpha` over the white root, as 8-bit channels.
    static func overWhite(_ color: (Double, Double, Double), alpha: Double = 1) -> (Int, Int, Int) {
        over(color, alpha: alpha, on: (1, 1, 1))
    }
}

extension PremultipliedRGBA8Bitmap {
    /// Probes that differ from their expected colour by more than `tolerance` in a channel, described.
    /// A failing frame is written to the temporary directory as `idiom-<first probe's label>.png`.
    func failedProbes(_ probes: [IdiomProbe], tolerance: Int = 2) -> [String] {
        let failed = probes.compactMap { probe -> String? in
            let pixel = self[Int(probe.x.rounded(.down)), Int(probe.y.rounded(.down))]
            if near(pixel, probe.expected, tolerance) && pixel.a == 255 { return nil }
            return "\(probe): \(channels(pixel)) instead of \(probe.expected)"
        }
        if !failed.isEmpty || ProcessInfo.processInfo.environment["OQ_DUMP"] != nil {
            let name = (probes.first?.label ?? "frame").map { $0.isLetter || $0.isNumber ? $0 : "-" }
            try? PNGWriter.write(self, to: NSTemporaryDirectory() + "/idiom-\(String(name)).png")
        }
        return failed
    }
}

extension LayersScene {
    /// Sets the root's perspective the way the tutorials do: `sublayerTransform.m34 = −1 / eye`.
    func setPerspective(eye: Double) {
        run {
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / eye
            CATransaction.setDisableActions(true)
            root.sublayerTransform = perspective
            CATransaction.flush()
        }
    }

    /// `body` run and committed at the clock's current time, as code run before the first frame is.
    func commit(_ body: () -> Void) {
        run {
            body()
            CATransaction.flush()
        }
    }
}

/// The device point of a 3-D point given relative to the root's centre, under the root's perspective
/// `m34 = −1/eye` (CATransform3D: w = 1 − z/eye).
func idiomProject(_ p: SIMD3<Double>, eye: Double, centre: SIMD2<Double>) -> SIMD2<Double> {
    let w = 1 - p.z / eye
    return centre + SIMD2(p.x, p.y) / w
}

/// `point` moved by `m` (row vector times matrix: the translation row of T(point) · m).
func idiomApply(_ m: CATransform3D, to point: SIMD3<Double>) -> SIMD3<Double> {
    let moved = CATransform3DConcat(CATransform3DMakeTranslation(point.x, point.y, point.z), m)
    return SIMD3(Double(moved.m41), Double(moved.m42), Double(moved.m43))
}

/// An opaque one-colour image, as loader code sets `contents` to.
func idiomSolidImage(_ color: PremultipliedRGBA8) -> CGImage {
    makeImage(width: 8, height: 8) { _, _ in color }
}
