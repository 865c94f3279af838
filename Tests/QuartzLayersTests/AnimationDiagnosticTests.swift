// An animation that cannot change what it names is never dropped silently. Apple keeps it attached — Apple,
// add(_:forKey:): "Add the specified animation object to the layer's render tree", with no failure case —
// so its key, delegate and timing still behave; here it also leaves a diagnostic in the context's list
// (and a swift-log warning), naming the layer, the key and the reason.
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

@Suite struct AnimationDiagnosticTests {
    @Test func unusableAnimationsAreReportedOnceEachAndStayAttached() {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.name = "card" }
        scene.run {
            let wrongType = CABasicAnimation(keyPath: "position")
            wrongType.toValue = "far away"
            layer.add(wrongType, forKey: "move")
            layer.add(CABasicAnimation(keyPath: "wobble.amount"), forKey: "wobble")
            let keyframes = CAKeyframeAnimation(keyPath: "opacity")
            keyframes.values = [0, 1, 0]
            keyframes.keyTimes = [0, 1]
            layer.add(keyframes, forKey: "blink")
            let group = CAAnimationGroup()
            let member = CABasicAnimation(keyPath: "bounds")
            member.toValue = NSNumber(value: 3)
            group.animations = [CABasicAnimation(keyPath: "opacity"), member]
            layer.add(group, forKey: "group")
            let fine = CABasicAnimation(keyPath: "position")
            fine.toValue = NSValue(cgPoint: CGPoint(x: 1, y: 2))
            layer.add(fine, forKey: "fine")
        }
        let diagnostics = scene.context.takeAnimationDiagnostics()
        #expect(diagnostics.map(\.key) == ["move", "wobble", "blink", "group"])
        #expect(diagnostics.allSatisfy { $0.layerName == "card" })
        #expect(diagnostics.map(\.keyPath) == ["position", "wobble.amount", "opacity", "bounds"])
        #expect(diagnostics[0].message == "a value does not fit the type of \"position\"")
        #expect(diagnostics[2].message.contains("keyTimes has 2 entries for 3 values"), "\(diagnostics[2])")
        #expect(diagnostics[2].message.hasSuffix("the keyTimes are ignored and the default key times used"))
        #expect(diagnostics.map(\.stillAnimates) == [false, false, true, false])
        #expect(diagnostics[2].description.hasPrefix("animation (key \"blink\") on layer \"card\" runs adjusted: "))
        #expect(diagnostics[3].message.hasPrefix("a group member: "), "\(diagnostics[3])")
        #expect(diagnostics[0].description == "animation (key \"move\") on layer \"card\" changes nothing: a value does not fit the type of \"position\"")
        // Still attached, as Apple's are; taking the list empties it.
        #expect(layer.animationKeys() == ["move", "wobble", "blink", "group", "fine"])
        #expect(scene.context.animationDiagnostics.isEmpty)
    }

    /// Invalid key times are ignored (Apple, CAKeyframeAnimation.keyTimes: "If the values in this array are
    /// invalid or inappropriate for the current calculation mode, they are ignored"): the animation runs with
    /// evenly spaced key times, for values and for a path, and says so.
    @Test func animationsWithInvalidKeyTimesRunWithTheDefaultTimes() throws {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.name = "dot" }
        scene.run {
            let blink = CAKeyframeAnimation(keyPath: "opacity")
            blink.values = [0, 1, 0]
            blink.keyTimes = [0, 1]
            blink.duration = 2
            blink.beginTime = 1
            layer.add(blink, forKey: "blink")
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 100))
            let travel = CAKeyframeAnimation(keyPath: "position")
            travel.path = path
            travel.keyTimes = [0, 0.9, 0.2]
            travel.duration = 2
            travel.beginTime = 1
            layer.add(travel, forKey: "travel")
        }
        scene.advance(to: 0)
        let diagnostics = scene.context.takeAnimationDiagnostics()
        #expect(diagnostics.map(\.key) == ["blink", "travel"])
        #expect(diagnostics.allSatisfy { $0.stillAnimates })
        #expect(diagnostics[1].message.hasPrefix("keyTimes[2] is smaller than keyTimes[1]"), "\(diagnostics[1])")
        let presented = try #require(scene.presented(layer, at: 1.5))
        #expect(close(Double(presented.properties.opacity), 0.5))
        // Two segments evenly spaced: a quarter of the way is the middle of the first segment.
        #expect(close(presented.properties.position, CGPoint(x: 50, y: 0)))
    }

    @Test func theListIsBounded() {
        let scene = EngineScene()
        let layer = scene.addLayer()
        scene.context.logger = nil
        scene.run {
            for i in 0..<(LayerTreeContext.diagnosticLimit + 5) {
                layer.add(CABasicAnimation(keyPath: "noSuchKey.x"), forKey: "k\(i)")
            }
        }
        #expect(scene.context.animationDiagnostics.count == LayerTreeContext.diagnosticLimit)
        #expect(scene.context.droppedDiagnosticCount == 5)
    }
}
