// Lottie keyframes as CAKeyframeAnimations, exactly. Lottie (lottie-docs, "Keyframe"): `t` is the frame, `s`
// the value, `o`/`i` the bezier handles of the segment to the next keyframe, `h: 1` holds the value. The
// mapping is lottie-ios's Core Animation engine's (anchors note §1.3): keyTimes are the frames over the span,
// timingFunctions[i] = CAMediaTimingFunction(controlPoints: o.x, o.y, i.x, i.y), hold → discrete. Core
// Animation (Apple, CAKeyframeAnimation): discrete keyTimes have one more entry than the values.
import Foundation
import QuartzLayers
import Testing
@testable import QuartzLottie

@Suite("Lottie keyframe timing")
struct LottieKeyframeTimingTests {
    /// A null layer named "L" with transform `ks` (JSON).
    private func tree(ks: String, fr: Double = 30, ip: Double = 0, op: Double = 60) throws -> (LottieAnimation, LottieTree, CALayer) {
        let animation = try LottieAnimation(data: lottieDocument(layers: #"[{"ty":3,"nm":"L","ip":0,"op":1000,"ks":\#(ks)}]"#, fr: fr, ip: ip, op: op))
        let tree = LottieTree(animation)
        let layer = try #require(tree.allLayers.first { $0.name == "L" })
        return (animation, tree, layer)
    }

    private let easedOpacity = #"{"o":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":30,"s":[100]},{"t":60,"s":[50]}]}}"#

    @Test func easedKeyframesAtFrames0_30_60() throws {
        let (_, _, layer) = try tree(ks: easedOpacity)
        let animation = try #require(layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
        #expect(animation.calculationMode == .linear)
        let keyTimes = try #require(animation.keyTimes).map(\.doubleValue)
        #expect(keyTimes.count == 3)
        for (got, expected) in zip(keyTimes, [0, 0.5, 1.0]) { #expect(abs(got - expected) <= 1e-9) }
        let values = try #require(animation.values).map { ($0 as? NSNumber)?.doubleValue ?? .nan }
        for (got, expected) in zip(values, [0, 1, 0.5]) { #expect(abs(got - expected) <= 1e-9) }
        let functions = try #require(animation.timingFunctions)
        #expect(functions.count == 2)
        #expect(functions[0] == CAMediaTimingFunction(controlPoints: 0.4, 0, 0.6, 1))
        #expect(functions[1] == CAMediaTimingFunction(name: .linear))
        // The span: frames 0…60 at 30 fps, from time zero (a begin time of 0 would mean the commit time).
        #expect(abs(animation.beginTime) <= 1e-9 && animation.beginTime != 0)
        #expect(abs(animation.duration - 2) <= 1e-9)
        #expect(animation.fillMode == .both)
        #expect(animation.isRemovedOnCompletion == false)
    }

    @Test func presentationValuesAreLottieValues() throws {
        let (_, tree, _) = try tree(ks: easedOpacity)
        func opacity(at time: Double) throws -> Double {
            try #require(tree.snapshot(at: time).layers.first { $0.name == "L" }).opacity
        }
        // Frame 15: the symmetric curve (0.4, 0, 0.6, 1) is at 0.5 halfway; frame 45: linear, 100 → 50 halfway.
        #expect(abs(try opacity(at: 0.5) - 0.5) <= 1e-6)
        #expect(abs(try opacity(at: 1.5) - 0.75) <= 1e-6)
        #expect(abs(try opacity(at: 1.0) - 1.0) <= 1e-9)
        // Lottie holds the last value after the last keyframe.
        #expect(abs(try opacity(at: 5.0) - 0.5) <= 1e-9)
    }

    @Test func holdKeyframesAreDiscreteSteps() throws {
        let ks = #"{"p":{"a":1,"k":[{"t":0,"s":[10,20],"h":1},{"t":30,"s":[40,50],"h":1},{"t":60,"s":[70,80]}]}}"#
        let (_, tree, layer) = try tree(ks: ks)
        let animation = try #require(layer.animation(forKey: "position") as? CAKeyframeAnimation)
        #expect(animation.calculationMode == .discrete)
        #expect(try #require(animation.keyTimes).map(\.doubleValue) == [0, 0.5, 1, 1])
        let points = try #require(animation.values).compactMap { ($0 as? NSValue)?.cgPointValue }
        #expect(points == [CGPoint(x: 10, y: 20), CGPoint(x: 40, y: 50), CGPoint(x: 70, y: 80)])
        func position(at time: Double) throws -> CGPoint {
            try #require(tree.snapshot(at: time).layers.first { $0.name == "L" }).position
        }
        #expect(try position(at: 29.0 / 30) == CGPoint(x: 10, y: 20))
        #expect(try position(at: 1.0) == CGPoint(x: 40, y: 50))
        #expect(try position(at: 59.0 / 30) == CGPoint(x: 40, y: 50))
        #expect(try position(at: 2.0) == CGPoint(x: 70, y: 80))
    }

    @Test func holdAmongEasedKeyframesRepeatsTheValueToTheNextKey() throws {
        let ks = #"{"r":{"a":1,"k":[{"t":0,"s":[0],"h":1},{"t":30,"s":[90]},{"t":60,"s":[180]}]}}"#
        let (_, tree, layer) = try tree(ks: ks)
        let animation = try #require(layer.animation(forKey: "transform.rotation.z") as? CAKeyframeAnimation)
        #expect(animation.calculationMode == .linear)
        #expect(try #require(animation.keyTimes).map(\.doubleValue) == [0, 0.5, 0.5, 1])
        let values = try #require(animation.values).compactMap { ($0 as? NSNumber)?.doubleValue }
        #expect(values == [0, 0, Double.pi / 2, Double.pi])
        func rotation(at time: Double) throws -> Double {
            let transform = try #require(tree.snapshot(at: time).layers.first { $0.name == "L" }).transform
            return atan2(Double(transform.m12), Double(transform.m11))
        }
        #expect(abs(try rotation(at: 0.9)) <= 1e-9)
        #expect(abs(try rotation(at: 1.5) - 3 * Double.pi / 4) <= 1e-9)
    }

    @Test func perDimensionEasingUsesTheFirstHandleAndIsReported() throws {
        let ks = #"{"s":{"a":1,"k":[{"t":0,"s":[100,100],"o":{"x":[0.1,0.9],"y":[0.2,0.8]},"i":{"x":[0.3,0.7],"y":[0.4,0.6]}},{"t":60,"s":[200,50]}]}}"#
        let (lottie, _, layer) = try tree(ks: ks)
        let x = try #require(layer.animation(forKey: "transform.scale.x") as? CAKeyframeAnimation)
        let y = try #require(layer.animation(forKey: "transform.scale.y") as? CAKeyframeAnimation)
        #expect(x.timingFunctions == [CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)])
        #expect(y.timingFunctions == x.timingFunctions)
        #expect(try #require(y.values).compactMap { ($0 as? NSNumber)?.doubleValue } == [1, 0.5])
        #expect(lottie.unsupportedFeatures == ["per-dimension easing (the first dimension's handle is used)"])
    }

    @Test func mediaTimeZeroIsTheInFrame() throws {
        // Composition frames 10..<70; keyframes at 20 and 50 → from (20 − 10) / 30 s for 1 s.
        let ks = #"{"o":{"a":1,"k":[{"t":20,"s":[0]},{"t":50,"s":[100]}]}}"#
        let (_, tree, layer) = try tree(ks: ks, ip: 10, op: 70)
        let animation = try #require(layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
        #expect(abs(animation.beginTime - 1.0 / 3) <= 1e-9)
        #expect(abs(animation.duration - 1) <= 1e-9)
        let opacity = try #require(tree.snapshot(at: 1.0 / 3 + 0.5).layers.first { $0.name == "L" }).opacity
        #expect(abs(opacity - 0.5) <= 1e-9)
    }

    @Test func precompStartTimeAndStretchMoveTheKeyframes() throws {
        // A child keyframed at local frames 0 and 10 inside a precomp placed with st 5, sr 2: root frames 5 and 25
        // (lottie-docs, "Precomposition layer"; lottie-ios folds st and sr into the key times).
        let child = #"{"ty":3,"nm":"C","ip":0,"op":100,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":10,"s":[100]}]}}}"#
        let assets = #"[{"id":"p","layers":[\#(child)]}]"#
        let precomp = #"{"ty":0,"nm":"P","refId":"p","w":100,"h":100,"ip":0,"op":60,"st":5,"sr":2,"ks":{}}"#
        let lottie = try LottieAnimation(data: lottieDocument(layers: "[\(precomp)]", assets: assets))
        let tree = LottieTree(lottie)
        let layer = try #require(tree.allLayers.first { $0.name == "C" })
        let animation = try #require(layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
        #expect(abs(animation.beginTime - 5.0 / 30) <= 1e-9)
        #expect(abs(animation.duration - 20.0 / 30) <= 1e-9)
        let opacity = try #require(tree.snapshot(at: 15.0 / 30).layers.first { $0.name == "C" }).opacity
        #expect(abs(opacity - 0.5) <= 1e-9)
        #expect(try #require(tree.allLayers.first { $0.name == "P" }).masksToBounds)
    }
}
