// The shared numeric vectors, run end to end through layers: an animation is added to a committed layer
// and the snapshot is read at chosen media times. Vector files carry 6 decimals, so rounded values are
// compared to 5e-7; values that are exact in the file (integers, halves) are still within it.
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers
import QuartzTestSupport

@Suite("Animation vectors through layers")
struct AnimationVectorTests {
    static let tolerance = 5e-7
    /// The model value while no animation contributes (an impossible animated value).
    static let modelSentinel = -1000.0

    static func mediaTimingCases() throws -> [[String: Any]] {
        let all = try #require(try loadFixtureJSON("vectors/media_timing.json") as? [[String: Any]])
        return all.filter { $0["timing"] != nil }
    }

    /// media_timing.json (spec §1.3, §1.8): every single-animation case, each sample.
    @Test func mediaTimingVectors() throws {
        for vector in try Self.mediaTimingCases() {
            let title = vector["title"] as? String ?? "?"
            let timing = try #require(vector["timing"] as? [String: Any])
            let samples = try #require(vector["samples"] as? [[String: Any]])
            let scene = EngineScene()
            let layer = scene.addLayer { $0.zPosition = CGFloat(Self.modelSentinel) }
            scene.run {
                let animation = CABasicAnimation(keyPath: "zPosition")
                animation.fromValue = vector["from"]
                animation.toValue = vector["to"]
                animation.beginTime = (timing["beginTime"] as? Double) ?? 0
                animation.duration = (timing["duration"] as? Double) ?? 0
                animation.speed = Float((timing["speed"] as? Double) ?? 1)
                animation.timeOffset = (timing["timeOffset"] as? Double) ?? 0
                animation.repeatCount = Float((timing["repeatCount"] as? Double) ?? 0)
                animation.repeatDuration = (timing["repeatDuration"] as? Double) ?? 0
                animation.autoreverses = (timing["autoreverses"] as? Bool) ?? false
                animation.fillMode = CAMediaTimingFillMode(rawValue: (timing["fillMode"] as? String) ?? "removed")
                // Kept after the end so the fill mode decides (spec §1.3 fill table, §1.4).
                animation.isRemovedOnCompletion = false
                if let name = vector["timingFunction"] as? String {
                    animation.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: name))
                }
                layer.add(animation, forKey: "v")
                CATransaction.flush()  // commit at media time 0: a beginTime of 0 becomes 0 (spec §1.5)
            }
            for sample in samples {
                let time = try #require(sample["parentTime"] as? Double)
                let expected = (sample["value"] as? Double) ?? Self.modelSentinel
                let snapshot = try #require(scene.presented(layer, at: time))
                // The easeInEaseOut case passes through the ε = 1e-5 timing solver (spec §7.2): 1e-4.
                let tolerance = vector["timingFunction"] is String ? 1e-4 : Self.tolerance
                #expect(close(Double(snapshot.zPosition), expected, tolerance), "\(title) at \(time)")
            }
        }
    }

    /// media_timing.json group case (spec §1.8 group table, §5.1): children clipped to the group.
    @Test func groupVector() throws {
        let all = try #require(try loadFixtureJSON("vectors/media_timing.json") as? [[String: Any]])
        let vector = try #require(all.first { ($0["title"] as? String)?.hasPrefix("group duration 2") == true })
        let samples = try #require(vector["samples"] as? [[String: Any]])
        let scene = EngineScene()
        let layer = scene.addLayer {
            $0.zPosition = CGFloat(Self.modelSentinel)
            $0.cornerRadius = CGFloat(Self.modelSentinel)
        }
        scene.run {
            let a = CABasicAnimation(keyPath: "zPosition")
            a.fromValue = 0.0
            a.toValue = 10.0
            a.beginTime = 0.5
            a.duration = 1
            let b = CABasicAnimation(keyPath: "cornerRadius")
            b.fromValue = 0.0
            b.toValue = 30.0
            b.duration = 3
            let group = CAAnimationGroup()
            group.animations = [a, b]
            group.duration = 2
            group.isRemovedOnCompletion = false
            layer.add(group, forKey: "group")
            CATransaction.flush()
        }
        for sample in samples {
            let time = try #require(sample["groupParentTime"] as? Double)
            let snapshot = try #require(scene.presented(layer, at: time))
            #expect(close(Double(snapshot.zPosition), (sample["A"] as? Double) ?? Self.modelSentinel, Self.tolerance), "A at \(time)")
            #expect(close(Double(snapshot.cornerRadius), (sample["B"] as? Double) ?? Self.modelSentinel, Self.tolerance), "B at \(time)")
        }
    }

    /// Nested speeds (spec §1.8): group speed 2, child speed 1.5, parent time 0.5 → child basic 1.5.
    @Test func nestedSpeedVector() throws {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.zPosition = -1 }
        scene.run {
            let child = CABasicAnimation(keyPath: "zPosition")
            child.fromValue = 0.0
            child.toValue = 10.0
            child.duration = 10
            child.speed = 1.5
            let group = CAAnimationGroup()
            group.animations = [child]
            group.duration = 10
            group.speed = 2
            layer.add(group, forKey: nil)
            CATransaction.flush()
        }
        let snapshot = try #require(scene.presented(layer, at: 0.5))
        #expect(close(Double(snapshot.zPosition), 1.5))  // child basic time 1.5 s of 10 s → 1.5
    }

    /// basic_keyframe.json from/to/by with U = 100 at p = 0.25 (spec §2.1).
    @Test(arguments: [
        ("from=20, to=60", 20.0 as Double?, 60.0 as Double?, nil as Double?, 30.0),
        ("from=20, by=5", 20, nil, 5, 21.25),
        ("by=5, to=60", nil, 60, 5, 56.25),
        ("from=20", 20, nil, nil, 40),
        ("to=60", nil, 60, nil, 90),
        ("by=5", nil, nil, 5, 101.25),
    ])
    func fromToByVectors(name: String, from: Double?, to: Double?, by: Double?, expected: Double) throws {
        let vectors = try #require(try loadFixtureJSON("vectors/basic_keyframe.json") as? [String: Any])
        let rows = try #require(vectors["from_to_by_current_100"] as? [[String: Any]])
        let row = try #require(rows.first { $0["case"] as? String == name })
        #expect(row["value_at_0.25"] as? Double == expected)
        let scene = EngineScene()
        let layer = scene.addLayer { $0.zPosition = 100 }
        scene.run {
            let animation = CABasicAnimation(keyPath: "zPosition")
            animation.fromValue = from
            animation.toValue = to
            animation.byValue = by
            animation.duration = 1
            layer.add(animation, forKey: nil)
            CATransaction.flush()
        }
        #expect(close(Double(try #require(scene.presented(layer, at: 0.25)).zPosition), expected))
    }

    /// basic_keyframe.json additive and cumulative (spec §2.2, §2.3: from = 0 only).
    @Test func additiveAndCumulativeVectors() throws {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.zPosition = 100 }
        let cumulativeLayer = scene.addLayer { $0.cornerRadius = 0 }
        scene.run {
            let additive = CABasicAnimation(keyPath: "zPosition")
            additive.fromValue = 0.0
            additive.toValue = 10.0
            additive.isAdditive = true
            additive.duration = 1
            additive.fillMode = .forwards
            additive.isRemovedOnCompletion = false
            layer.add(additive, forKey: nil)
            let cumulative = CABasicAnimation(keyPath: "cornerRadius")
            cumulative.fromValue = 0.0
            cumulative.toValue = 10.0
            cumulative.isCumulative = true
            cumulative.duration = 1
            cumulative.repeatCount = 3
            cumulativeLayer.add(cumulative, forKey: nil)
            CATransaction.flush()
        }
        for (time, value) in [(0.0, 100.0), (0.5, 105.0), (1.0, 110.0)] {
            #expect(close(Double(try #require(scene.presented(layer, at: time)).zPosition), value))
        }
        for (time, value) in [(0.5, 5.0), (1.5, 15.0), (2.5, 25.0), (2.9, 29.0)] {
            #expect(close(Double(try #require(scene.presented(cumulativeLayer, at: time)).cornerRadius), value, 1e-9))
        }
    }

    /// basic_keyframe.json colour red → clear, unpremultiplied (spec §2.4), and the rect row.
    @Test func colorAndRectVectors() throws {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
        scene.run {
            let color = CABasicAnimation(keyPath: "backgroundColor")
            color.toValue = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
            color.duration = 1
            layer.add(color, forKey: nil)
            let bounds = CABasicAnimation(keyPath: "bounds")
            bounds.fromValue = CGRect(x: 0, y: 0, width: 100, height: 50)
            bounds.toValue = CGRect(x: 20, y: 10, width: 200, height: 150)
            bounds.duration = 1
            layer.add(bounds, forKey: nil)
            CATransaction.flush()
        }
        for (time, rgba) in [(0.25, SIMD4(0.75, 0, 0, 0.75)), (0.5, SIMD4(0.5, 0, 0, 0.5)), (0.75, SIMD4(0.25, 0, 0, 0.25))] {
            let color = try #require(scene.presented(layer, at: time)?.backgroundColor)
            let components = color.straightSRGBRGBA
            for i in 0..<4 { #expect(close(components[i], rgba[i], 1e-12)) }
        }
        #expect(try #require(scene.presented(layer, at: 0.5)).bounds == CGRect(x: 10, y: 5, width: 150, height: 100))
    }

    /// basic_keyframe.json keyframe rows (spec §3.4, §3.5) through CAKeyframeAnimation on a layer.
    @Test func keyframeVectors() throws {
        let vectors = try #require(try loadFixtureJSON("vectors/basic_keyframe.json") as? [String: Any])
        let keyframe = try #require(vectors["keyframe"] as? [String: Any])
        func run(_ configure: (CAKeyframeAnimation) -> Void, keyPath: String = "zPosition") -> (EngineScene, CALayer) {
            let scene = EngineScene()
            let layer = scene.addLayer()
            scene.run {
                let animation = CAKeyframeAnimation(keyPath: keyPath)
                animation.duration = 1
                animation.fillMode = .forwards
                animation.isRemovedOnCompletion = false
                configure(animation)
                layer.add(animation, forKey: nil)
                CATransaction.flush()
            }
            return (scene, layer)
        }
        func check(_ name: String, tolerance: Double = 5e-7, _ configure: (CAKeyframeAnimation) -> Void) throws {
            let (scene, layer) = run(configure)
            for row in try #require(keyframe[name] as? [[String: Any]]) {
                let p = try #require(row["p"] as? Double), value = try #require(row["value"] as? Double)
                #expect(close(Double(try #require(scene.presented(layer, at: p)).zPosition), value, tolerance), "\(name) p=\(p)")
            }
        }
        try check("linear_shake") {
            $0.values = [0, 10, -10, 10, 0]
            $0.keyTimes = [0, NSNumber(value: 1.0 / 6), NSNumber(value: 3.0 / 6), NSNumber(value: 5.0 / 6), 1]
        }
        try check("linear_default_keytimes") { $0.values = [0, 100, 50] }
        try check("linear_segment_timing_functions", tolerance: 1e-4) {
            $0.values = [0, 100, 50]
            $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
        }
        try check("paced") {
            $0.values = [310, 60, 120, 60, 310]
            $0.calculationMode = .paced
        }
        try check("cubic_catmull_rom") {
            $0.values = [0, 10, 0, 10]
            $0.calculationMode = .cubic
        }
        // Path keyframes on `position`.
        func checkPath(_ name: String, path: CGPath, paced: Bool, tolerance: Double) throws {
            let (scene, layer) = run({
                $0.path = path
                if paced { $0.calculationMode = .paced }
            }, keyPath: "position")
            for row in try #require(keyframe[name] as? [[String: Any]]) {
                let p = try #require(row["p"] as? Double), value = try #require(row["value"] as? [Double])
                let position = try #require(scene.presented(layer, at: p)).position
                #expect(close(position, CGPoint(x: value[0], y: value[1]), tolerance), "\(name) p=\(p): \(position)")
            }
        }
        let lines = CGMutablePath()
        lines.move(to: .zero)
        lines.addLine(to: CGPoint(x: 10, y: 0))
        lines.addLine(to: CGPoint(x: 10, y: 90))
        try checkPath("path_lines_linear", path: lines, paced: false, tolerance: 1e-9)
        try checkPath("path_lines_paced", path: lines, paced: true, tolerance: 1e-9)
        let curve = CGMutablePath()
        curve.move(to: .zero)
        curve.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        try checkPath("path_curve_linear", path: curve, paced: false, tolerance: 1e-9)
        // Arc length is approximated numerically: the spec asks for ≥ 0.2 pt tolerance (spec §3.5).
        try checkPath("path_curve_paced_arclength", path: curve, paced: true, tolerance: 0.2)
        // Segment timing functions pace a path's elements as they pace values ("define the pacing for each
        // keyframe segment" [doc: CAKeyframeAnimation.timingFunctions]): the values rows along a path of lines.
        let there = CGMutablePath()
        there.move(to: .zero)
        there.addLine(to: CGPoint(x: 100, y: 0))
        there.addLine(to: CGPoint(x: 50, y: 0))
        let (scene, layer) = run({
            $0.path = there
            $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
        }, keyPath: "position")
        for row in try #require(keyframe["linear_segment_timing_functions"] as? [[String: Any]]) {
            let p = try #require(row["p"] as? Double), value = try #require(row["value"] as? Double)
            let position = try #require(scene.presented(layer, at: p)).position
            #expect(close(position, CGPoint(x: value, y: 0), 1e-4), "eased path p=\(p): \(position)")
        }
    }

    /// layer_time.json (spec §1.6, §1.7): convertTime through real layers and the QA1673 recipe.
    @Test func layerTimeVectors() throws {
        let rows = try #require(try loadFixtureJSON("vectors/layer_time.json") as? [[String: Any]])
        func expected(_ name: String) throws -> Double { try #require(rows.first { $0["case"] as? String == name }?["expected"] as? Double) }
        let root = CALayer(), child = CALayer()
        root.speed = 2
        root.timeOffset = 3
        root.beginTime = 1
        child.speed = 4
        child.timeOffset = 5
        child.beginTime = 6
        root.addSublayer(child)
        #expect(root.convertTime(10, from: nil) == (try expected("root.convertTime(10, from: nil)")))
        #expect(root.convertTime(10, to: nil) == (try expected("root.convertTime(10, to: nil)")))
        #expect(child.convertTime(10, from: nil) == (try expected("child.convertTime(10, from: nil)")))
        #expect(child.convertTime(10, to: nil) == (try expected("child.convertTime(10, to: nil)")))

        // QA1673 pause at 100, resume at 107, read at 109 (spec §1.7).
        let scene = EngineScene()
        let layer = scene.addLayer()
        scene.advance(to: 100)
        scene.run {
            let paused = layer.convertTime(scene.context.mediaTime, from: nil)
            layer.speed = 0
            layer.timeOffset = paused
        }
        scene.advance(to: 107)
        #expect(layer.convertTime(scene.context.mediaTime, from: nil) == (try expected("QA1673 pause at 100, frozen at 107")))
        scene.run {
            let paused = layer.timeOffset
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
            let since = layer.convertTime(scene.context.mediaTime, from: nil) - paused
            layer.beginTime = since
        }
        #expect(layer.beginTime == (try expected("QA1673 resume at 107: beginTime")))
        scene.advance(to: 109)
        #expect(layer.convertTime(scene.context.mediaTime, from: nil) == (try expected("QA1673 local time at 109 after resume")))
    }

    /// hit_stroke.json hitTest rows (spec §10.2): array order wins over zPosition, masksToBounds prunes.
    @Test func hitTestVectors() throws {
        let vectors = try #require(try loadFixtureJSON("vectors/hit_stroke.json") as? [String: Any])
        let rows = try #require(vectors["hitTest"] as? [[String: Any]])
        let r = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        r.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        r.position = CGPoint(x: 100, y: 100)
        for (layer, position) in [(a, CGPoint(x: 25, y: 25)), (b, CGPoint(x: 40, y: 40)), (c, CGPoint(x: 225, y: 100))] {
            layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
            layer.position = position
            r.addSublayer(layer)
        }
        b.zPosition = -1
        let names: [ObjectIdentifier: String] = [
            ObjectIdentifier(r): "R", ObjectIdentifier(a): "A", ObjectIdentifier(b): "B", ObjectIdentifier(c): "C",
        ]
        for row in rows {
            r.masksToBounds = try #require(row["R.masksToBounds"] as? Bool)
            let point = try #require(row["point"] as? [Double])
            let hit = r.hitTest(CGPoint(x: point[0], y: point[1]))
            #expect(hit.flatMap { names[ObjectIdentifier($0)] } == row["hit"] as? String, "\(row)")
        }
    }
}
