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
        #expect(diagnostics[3].message.hasPrefix("a group member: "), "\(diagnostics[3])")
        #expect(diagnostics[0].description == "animation (key \"move\") on layer \"card\" changes nothing: a value does not fit the type of \"position\"")
        // Still attached, as Apple's are; taking the list empties it.
        #expect(layer.animationKeys() == ["move", "wobble", "blink", "group", "fine"])
        #expect(scene.context.animationDiagnostics.isEmpty)
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
