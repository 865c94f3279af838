// Time remapping (lottie-docs, "Precomposition layer": `tm`, the asset's time in seconds, so local frame =
// tm(t) · fr), built as lottie-ios's Core Animation engine does (complex time remapping,
// manuallyInterpolatedWithTimeRemapping): every animation under the precomp is sampled at each whole root
// frame from ip before op through the remap, linear between samples, so it is exact at whole frames.
import Foundation
import QuartzLayers
import Testing
@testable import QuartzLottie

@Suite("Lottie time remapping")
struct LottieTimeRemapTests {
    /// A child null "C" whose opacity is its local frame (0 → 100 over frames 0…100), in a precomp whose local
    /// frame at root frame f is (2 − f / 10) s · 30 fps = 60 − 3f, in a composition of frames 0..<10.
    private func tree(child: String? = nil, remap: String = #"{"a":1,"k":[{"t":0,"s":[2]},{"t":10,"s":[1]}]}"#) throws -> LottieTree {
        let child = child ?? #"{"ty":3,"nm":"C","ip":0,"op":1000,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":100,"s":[100]}]}}}"#
        let assets = #"[{"id":"p","layers":[\#(child)]}]"#
        let precomp = #"{"ty":0,"nm":"P","refId":"p","w":100,"h":100,"ip":0,"op":10,"st":4,"tm":\#(remap),"ks":{}}"#
        return LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(precomp)]", assets: assets, op: 10)))
    }

    @Test func animationsAreSampledAtEveryWholeFrameThroughTheRemap() throws {
        let tree = try tree()
        let layer = try #require(tree.allLayers.first { $0.name == "C" })
        let animation = try #require(layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
        #expect(animation.calculationMode == .linear)
        let keyTimes = try #require(animation.keyTimes).map(\.doubleValue)
        #expect(keyTimes.count == 10)
        for (k, time) in keyTimes.enumerated() { #expect(abs(time - Double(k) / 9) <= 1e-9) }
        let values = try #require(animation.values).map { ($0 as? NSNumber)?.doubleValue ?? .nan }
        for (k, value) in values.enumerated() { #expect(abs(value - (60 - 3 * Double(k)) / 100) <= 1e-9) }
        #expect(abs(animation.beginTime) <= 1e-9 && animation.beginTime != 0)
        #expect(abs(animation.duration - 9.0 / 30) <= 1e-9)
        // Presented at whole frames: exactly the remapped frame's value (the layer's st plays no part).
        for k in [0, 3, 9] {
            let opacity = try #require(tree.snapshot(at: Double(k) / 30).layers.first { $0.name == "C" }).opacity
            #expect(abs(opacity - (60 - 3 * Double(k)) / 100) <= 1e-9)
        }
    }

    @Test func inAndOutPointsFollowTheRemappedFrame() throws {
        // The child is visible for local frames 50 ≤ frame < 55: root frames 2 (54), 3 (51); not 1 (57) or 4 (48).
        let child = #"{"ty":3,"nm":"C","ip":50,"op":55,"ks":{}}"#
        let tree = try tree(child: child)
        let layer = try #require(tree.allLayers.first { $0.name == "C" })
        let hidden = try #require(layer.animation(forKey: "hidden") as? CAKeyframeAnimation)
        #expect(hidden.calculationMode == .discrete)
        #expect(try #require(hidden.values).compactMap { $0 as? Bool } == [true, true, false, false, true, true, true, true, true, true])
        func visible(_ frame: Int) throws -> Bool { !(try #require(tree.snapshot(at: Double(frame) / 30).layers.first { $0.name == "C" }).isHidden) }
        #expect(try [1, 2, 3, 4].map(visible) == [false, true, true, false])
    }

    @Test func nestedPrecompsComposeWithTheRemap() throws {
        // Inside the remapped precomp, a precomp with st 10: its local frame is 60 − 3f − 10.
        let child = #"{"ty":3,"nm":"C","ip":0,"op":1000,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":100,"s":[100]}]}}}"#
        let inner = #"{"ty":0,"nm":"Q","refId":"q","w":100,"h":100,"ip":0,"op":1000,"st":10,"ks":{}}"#
        let assets = #"[{"id":"p","layers":[\#(inner)]},{"id":"q","layers":[\#(child)]}]"#
        let precomp = #"{"ty":0,"nm":"P","refId":"p","w":100,"h":100,"ip":0,"op":10,"tm":{"a":1,"k":[{"t":0,"s":[2]},{"t":10,"s":[1]}]},"ks":{}}"#
        let tree = LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(precomp)]", assets: assets, op: 10)))
        let layer = try #require(tree.allLayers.first { $0.name == "C" })
        let animation = try #require(layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
        let values = try #require(animation.values).map { ($0 as? NSNumber)?.doubleValue ?? .nan }
        #expect(values.count == 10)
        for (k, value) in values.enumerated() { #expect(abs(value - (50 - 3 * Double(k)) / 100) <= 1e-9) }
    }

    @Test func curvedPositionsAreSampledOnTheirCurves() throws {
        // (0, 0) → (100, 0) over local frames 0…60 along the cubic (0,0) (0,50) (100,50) (100,0), held by the remap
        // at local frame 30 (1 s): the Bézier parameter 0.5 at every frame, (50, 37.5).
        let child = #"{"ty":3,"nm":"C","ip":0,"op":1000,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"to":[0,50],"ti":[0,50]},{"t":60,"s":[100,0]}]}}}"#
        let tree = try tree(child: child, remap: #"{"a":0,"k":1}"#)
        let layer = try #require(tree.allLayers.first { $0.name == "C" })
        let animation = try #require(layer.animation(forKey: "position") as? CAKeyframeAnimation)
        let points = try #require(animation.values).compactMap { ($0 as? NSValue)?.cgPointValue }
        #expect(points.count == 10)
        for point in points { #expect(abs(point.x - 50) <= 1e-9 && abs(point.y - 37.5) <= 1e-9) }
    }

    @Test func tooManyRemappedLayerFramesAreRefused() throws {
        // 1 layer under the remap × 300 000 frames.
        let child = #"{"ty":3,"nm":"C","ip":0,"op":10,"ks":{}}"#
        let assets = #"[{"id":"p","layers":[\#(child)]}]"#
        let precomp = #"{"ty":0,"refId":"p","w":100,"h":100,"ip":0,"op":300000,"tm":{"a":0,"k":0},"ks":{}}"#
        #expect(throws: LottieError(path: "layers[0].tm", message: "time remapping would sample more than 200000 layer-frames (layers under remapping × 300000 frames)")) {
            try LottieAnimation(data: lottieDocument(layers: "[\(precomp)]", assets: assets, op: 300_000))
        }
    }
}
