// Skew (`sk`, `sa`) and a 3-D layer's turns (`rx`, `ry`) in a Lottie transform: one `transform` matrix applying
// the scale, then the skew, then the rotations about z, y and x (lottie-web's TransformProperty order;
// lottie-docs, "Transform"), since Core Animation has no skew key path and its per-axis rotation key paths
// cannot carry a turn past 90°. The skew is lottie-web's `skewFromAxis(−sk, sa)`: a shear along x by −tan(sk) in axes turned by sa.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzLottie

@Suite("Lottie skew")
struct LottieSkewTests {
    /// The presentation transform of null layer "L" with transform `ks` at `time` seconds.
    func transform(_ ks: String, at time: Double = 0) throws -> (CATransform3D, LottieAnimation) {
        let animation = try LottieAnimation(data: lottieDocument(layers: #"[{"ty":3,"nm":"L","ip":0,"op":1000,"ks":\#(ks)}]"#))
        let tree = LottieTree(animation)
        return (try #require(tree.snapshot(at: time).layers.first { $0.name == "L" }).transform, animation)
    }

    /// The 2 × 2 part of `t`, row by row (m11, m12, m21, m22), each within `tolerance` of `expected`.
    func expectLinearPart(_ t: CATransform3D, _ expected: [Double], tolerance: Double = 1e-12,
                          sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = [Double(t.m11), Double(t.m12), Double(t.m21), Double(t.m22)]
        for (a, e) in zip(actual, expected) {
            #expect(abs(a - e) <= tolerance, "\(actual) against \(expected)", sourceLocation: sourceLocation)
        }
    }

    @Test func skewAlongTheXAxisShearsXByMinusTheTangent() throws {
        // sa 0: x' = x − tan(45°)·y; on row vectors, m21 = −1.
        let (t, lottie) = try transform(#"{"sk":{"a":0,"k":45},"sa":{"a":0,"k":0}}"#)
        expectLinearPart(t, [1, 0, -1, 1])
        #expect(lottie.unsupportedFeatures.isEmpty)
    }

    @Test func theSkewAxisTurnsTheShear() throws {
        // sa 90: Rot(−90°)·ShearX(−1)·Rot(90°) = [[1, 0], [1, 1]] on columns: y' = y + x, so m12 = 1.
        let (t, _) = try transform(#"{"sk":{"a":0,"k":45},"sa":{"a":0,"k":90}}"#)
        expectLinearPart(t, [1, 1, 0, 1])
    }

    @Test func scaleThenSkewThenRotation() throws {
        // Columns: R(90°)·K·S = [[0, −1], [1, 0]]·[[1, −1], [0, 1]]·[[2, 0], [0, 1]] = [[0, −1], [2, −1]];
        // as CATransform3D rows, m11 = 0, m12 = 2, m21 = −1, m22 = −1.
        let (t, _) = try transform(#"{"s":{"a":0,"k":[200,100]},"r":{"a":0,"k":90},"sk":{"a":0,"k":45}}"#)
        expectLinearPart(t, [0, 2, -1, -1])
    }

    @Test func animatedSkewIsTheTransformOfTheInterpolatedSkew() throws {
        // sk 0 → 60 over frames 0…60 at 30 fps, linear: 30° at 1 s, with the rotation 90° throughout.
        let ks = #"{"r":{"a":0,"k":90},"sk":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[60]}]}}"#
        let (t, _) = try transform(ks, at: 1)
        // Columns: R(90°)·[[1, −k], [0, 1]] = [[0, −1], [1, −k]], k = tan 30°.
        let k = tan(Double.pi / 6)
        expectLinearPart(t, [0, 1, -1, -k], tolerance: 1e-9)
    }

    @Test func aSkewedSquareLeansAsLottieDrawsIt() throws {
        // A 40-point square about the anchor (50, 50), skewed 45° along x: its top edge (y = 30) spans x 50…90
        // and its bottom edge (y = 70) x 10…50.
        let square = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"r":1},"#
            + #"{"ty":"tr","a":{"a":0,"k":[50,50]},"p":{"a":0,"k":[50,50]},"sk":{"a":0,"k":45}}]}"#
        let layer = #"[{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[\#(square)]}]"#
        let tree = LottieTree(try LottieAnimation(data: lottieDocument(layers: layer)))
        let image = try tree.render(at: 0, width: 100, height: 100, scale: 1)
        #expect(image[85, 32].r == 0 && image[35, 32].r == 255)
        #expect(image[15, 67].r == 0 && image[65, 67].r == 255)
    }

    /// A 3-D layer's `ry` turns it about its vertical axis, drawn without perspective: 60° halves its width
    /// (m11 = cos 60°), and with `rx` 60° as well the height halves too (scale, skew, z, y, x, in that order).
    @Test func threeDTurnsFlattenIntoThePlane() throws {
        let (y, lottie) = try transform(#"{"ry":{"a":0,"k":60}}"#)
        expectLinearPart(y, [0.5, 0, 0, 1], tolerance: 1e-12)
        #expect(lottie.unsupportedFeatures.isEmpty)
        let (xy, _) = try transform(#"{"rx":{"a":0,"k":60},"ry":{"a":0,"k":60}}"#)
        let expected = CATransform3DConcat(CATransform3DMakeRotation(.pi / 3, 0, 1, 0), CATransform3DMakeRotation(.pi / 3, 1, 0, 0))
        expectLinearPart(xy, [Double(expected.m11), Double(expected.m12), Double(expected.m21), Double(expected.m22)], tolerance: 1e-12)
        #expect(abs(Double(xy.m22) - 0.5) <= 1e-12)
    }

    /// A turn about y from −125° back to 0 ends upright: one matrix per frame, not Euler angles written one
    /// key path at a time (which read a turn past 90° back as 180° about x and z and leave it upside down).
    @Test func aTurnPastNinetyDegreesEndsUpright() throws {
        let ry = #"{"a":1,"k":[{"t":0,"s":[-125],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[0]}]}"#
        let (start, _) = try transform(#"{"ry":\#(ry),"s":{"a":0,"k":[200,200]}}"#, at: 0)
        expectLinearPart(start, [2 * cos(-125 * Double.pi / 180), 0, 0, 2], tolerance: 1e-9)
        let (end, _) = try transform(#"{"ry":\#(ry),"s":{"a":0,"k":[200,200]}}"#, at: 1)
        expectLinearPart(end, [2, 0, 0, 2], tolerance: 1e-9)
    }
}
