// Curved position keyframes (spatial tangents `to`, `ti`; lottie-docs, "Keyframe") travelled both ways
// `LottieMotionPathTiming` offers. Evidence for the two: After Effects, lottie-web, ThorVG and rlottie move
// the eased fraction of the curve's length; Core Animation's keyframe `path` moves the eased Bézier parameter
// (Apple, CAKeyframeAnimation.path and calculationMode), which lottie-ios's Core Animation snapshots show.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzLottie

@Suite("Lottie motion paths")
struct LottieMotionPathTests {
    /// One null layer "L" whose position has `keyframes`, 60 frames at 30 fps (2 s).
    func tree(_ keyframes: String, motionPaths: LottieMotionPathTiming) throws -> (LottieAnimation, LottieTree, CALayer) {
        let ks = #"{"p":{"a":1,"k":\#(keyframes)}}"#
        let animation = try LottieAnimation(data: lottieDocument(layers: #"[{"ty":3,"nm":"L","ip":0,"op":1000,"ks":\#(ks)}]"#))
        let tree = LottieTree(animation, motionPaths: motionPaths)
        return (animation, tree, try #require(tree.allLayers.first { $0.name == "L" }))
    }

    func position(_ tree: LottieTree, at time: Double) throws -> CGPoint {
        try #require(tree.snapshot(at: time).layers.first { $0.name == "L" }).position
    }

    /// The arch (0, 0) (0, 50) (100, 50) (100, 0) over frames 0…60, linear.
    let arch = #"[{"t":0,"s":[0,0],"to":[0,50],"ti":[0,50]},{"t":60,"s":[100,0]}]"#

    @Test func coreAnimationMovesTheBezierParameter() throws {
        let (lottie, tree, layer) = try tree(arch, motionPaths: .coreAnimation)
        let animation = try #require(layer.animation(forKey: "position") as? CAKeyframeAnimation)
        #expect(animation.path != nil)
        // A quarter of the time: the parameter 0.25, B(0.25) = (15.625, 28.125). The segment's linear timing
        // function is solved as Apple solves curves (to 1e-5 in x), which moves the point by 1.6e-7 here.
        let quarter = try position(tree, at: 0.5)
        #expect(abs(Double(quarter.x) - 15.625) <= 1e-6 && abs(Double(quarter.y) - 28.125) <= 1e-6)
        let half = try position(tree, at: 1)
        #expect(abs(Double(half.x) - 50) <= 1e-9 && abs(Double(half.y) - 37.5) <= 1e-9)
        #expect(lottie.unsupportedFeatures.isEmpty)
    }

    @Test func afterEffectsMovesTheFractionOfTheLength() throws {
        let (_, tree, layer) = try tree(arch, motionPaths: .afterEffects)
        let group = try #require(layer.animation(forKey: "position") as? CAAnimationGroup)
        let parts = try #require(group.animations as? [CAKeyframeAnimation])
        #expect(parts.count == 1 && parts[0].calculationMode == .paced && parts[0].fillMode == .both)
        // A quarter of the time: a quarter of the arch's length (139.4657, measured with 400 000 chords) is at
        // (16.6855, 28.8104); the 64 chords the paths are measured with come within 0.01 of it.
        let quarter = try position(tree, at: 0.5)
        #expect(abs(Double(quarter.x) - 16.6855) <= 0.01 && abs(Double(quarter.y) - 28.8104) <= 0.01)
        let threeQuarters = try position(tree, at: 1.5)
        #expect(abs(Double(threeQuarters.x) - 83.3148) <= 0.01 && abs(Double(threeQuarters.y) - 28.8102) <= 0.01)
    }

    /// Two segments, the second eased: one paced part each, in its own time, the easing its timing function.
    let twoSegments = #"""
    [{"t":0,"s":[0,0],"to":[0,50],"ti":[0,50]},
     {"t":30,"s":[100,0],"to":[30,-40],"ti":[-10,0],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},
     {"t":60,"s":[200,0]}]
    """#

    @Test func afterEffectsPlaysOnePacedPartPerSegment() throws {
        let (lottie, tree, layer) = try tree(twoSegments, motionPaths: .afterEffects)
        let group = try #require(layer.animation(forKey: "position") as? CAAnimationGroup)
        #expect(group.beginTime == LottieKeyframeTiming.beginTimeAtZero && abs(group.duration - 2) <= 1e-9)
        #expect(group.fillMode == .both)
        let parts = try #require(group.animations as? [CAKeyframeAnimation])
        #expect(parts.count == 2)
        #expect(parts.map(\.calculationMode) == [.paced, .paced])
        #expect(abs(parts[0].beginTime) <= 1e-9 && abs(parts[0].duration - 1) <= 1e-9)
        #expect(abs(parts[1].beginTime - 1) <= 1e-9 && abs(parts[1].duration - 1) <= 1e-9)
        #expect(parts[0].fillMode == .backwards && parts[1].fillMode == .forwards)
        #expect(parts[0].timingFunction == nil)
        var points = [Float](repeating: 0, count: 2)
        let eased = try #require(parts[1].timingFunction)
        eased.getControlPoint(at: 1, values: &points)
        #expect(points == [0.4, 0])
        eased.getControlPoint(at: 2, values: &points)
        #expect(points == [0.6, 1])

        // The engine playing the parts gives the points the loader samples (time remapping uses those).
        let transform = try #require(lottie.root.layers.first).transform
        let keyframed = try #require(transform.position), tangents = try #require(transform.positionTangents)
        let motion = try #require(LottieMotionPath(keyframed, tangents: tangents, timing: .afterEffects))
        for frame in [0.0, 9, 29.5, 30, 30.5, 45, 59, 60, 75] {
            let played = try position(tree, at: frame / 30), sampled = motion.point(atFrame: frame)
            #expect(abs(Double(played.x - sampled.x)) <= 1e-9 && abs(Double(played.y - sampled.y)) <= 1e-9, "frame \(frame)")
        }
        // At the middle keyframe and after the last: exactly the keyframes' values.
        let middle = try position(tree, at: 1), end = try position(tree, at: 2.5)
        #expect(middle == CGPoint(x: 100, y: 0) && end == CGPoint(x: 200, y: 0))
    }

    /// A null layer "L" with layer-level `ao` and the transform `ks`, at `time`: its presentation transform.
    func orientedTransform(_ ks: String, autoOrient: Bool = true, at time: Double) throws -> (CATransform3D, LottieAnimation) {
        let layer = #"{"ty":3,"nm":"L","ip":0,"op":1000,"ao":\#(autoOrient ? 1 : 0),"ks":\#(ks)}"#
        let animation = try LottieAnimation(data: lottieDocument(layers: "[\(layer)]"))
        let tree = LottieTree(animation, motionPaths: .afterEffects)
        return (try #require(tree.snapshot(at: time).layers.first { $0.name == "L" }).transform, animation)
    }

    /// Its rotation about z in degrees, read from m11 and m12 (the transform is a pure rotation here).
    func degrees(_ transform: CATransform3D) -> Double {
        atan2(Double(transform.m12), Double(transform.m11)) * 180 / .pi
    }

    let diagonal = #"{"a":1,"k":[{"t":0,"s":[0,0]},{"t":60,"s":[100,100]}]}"#

    // Auto-orient (lottie-docs, "Layer": `ao`, "the layer rotates along its motion path"): After Effects turns the
    // layer to the path's direction on top of its rotation, as Core Animation's `rotationMode` `.rotateAuto`
    // turns it by the tangent's angle before its transform (Apple, CAKeyframeAnimation.rotationMode).
    @Test func autoOrientTurnsAStraightPathsLayerToItsDirection() throws {
        let (transform, lottie) = try orientedTransform(#"{"p":\#(diagonal)}"#, at: 1)
        let half = 0.5.squareRoot()
        #expect(abs(Double(transform.m11) - half) <= 1e-9 && abs(Double(transform.m12) - half) <= 1e-9)
        #expect(abs(Double(transform.m21) + half) <= 1e-9 && abs(Double(transform.m22) - half) <= 1e-9)
        #expect(lottie.unsupportedFeatures.isEmpty)
    }

    @Test func autoOrientAddsToTheLayersAnimatedRotation() throws {
        // r goes 0° → 60° linearly: 30° at mid-time, plus the path's 45°.
        let rotation = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[60]}]}"#
        let (transform, _) = try orientedTransform(#"{"p":\#(diagonal),"r":\#(rotation)}"#, at: 1)
        #expect(abs(degrees(transform) - 75) <= 1e-4)
        let (still, _) = try orientedTransform(#"{"p":\#(diagonal),"r":{"a":0,"k":30}}"#, at: 1)
        #expect(abs(degrees(still) - 75) <= 1e-9)
    }

    @Test func autoOrientFollowsACurvesTangent() throws {
        // The arch is symmetric: at mid-length its tangent is +x; at the start it points down (+y, 90°).
        let (middle, _) = try orientedTransform(#"{"p":{"a":1,"k":\#(arch)}}"#, at: 1)
        #expect(abs(degrees(middle)) <= 0.05)
        let (start, _) = try orientedTransform(#"{"p":{"a":1,"k":\#(arch)}}"#, at: 0)
        #expect(abs(degrees(start) - 90) <= 1e-6)
    }

    @Test func withoutAutoOrientTheLayerDoesNotTurn() throws {
        let (transform, _) = try orientedTransform(#"{"p":\#(diagonal)}"#, autoOrient: false, at: 1)
        #expect(CATransform3DIsIdentity(transform))
    }

    @Test func autoOrientOnSplitPositionsIsReported() throws {
        let ks = #"{"p":{"s":true,"x":{"a":1,"k":[{"t":0,"s":[0]},{"t":60,"s":[100]}]},"y":{"a":0,"k":0}}}"#
        let (transform, lottie) = try orientedTransform(ks, at: 1)
        #expect(CATransform3DIsIdentity(transform))
        #expect(lottie.unsupportedFeatures.contains("auto-orient on split positions (px, py)"))
    }
}
