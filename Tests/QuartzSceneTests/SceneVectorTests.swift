// Spec vectors through scene files: every CAMediaTiming case of fixtures/vectors/media_timing.json
// (spec §1) written as a scene — a zPosition animation with the case's timing — must present the
// vector's value at each sample time. The vectors give 6 decimals, so values agree to 1e-6.
import Foundation
import QuartzLayers
import Testing

@testable import QuartzScene
import QuartzTestSupport

@Suite("Scene files against the media-timing vectors")
struct SceneVectorTests {
    /// The scene JSON of one vector case: the model zPosition is −1, the animation runs from → to.
    static func sceneJSON(for entry: [String: Any]) -> String? {
        guard let timing = entry["timing"] as? [String: Any], let from = entry["from"] as? Double, let to = entry["to"] as? Double
        else { return nil }
        // The vectors describe the animation's contribution while attached: a forwards fill shows only if
        // the animation is not removed on completion (Apple: isRemovedOnCompletion defaults to true).
        var animation: [String: Any] = ["keyPath": "zPosition", "fromValue": from, "toValue": to, "removedOnCompletion": false]
        for key in ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode"] {
            if let value = timing[key] { animation[key] = value }
        }
        if let function = entry["timingFunction"] as? String { animation["timingFunction"] = function }
        let layer: [String: Any] = ["name": "subject", "zPosition": -1, "animations": [animation]]
        let scene: [String: Any] = ["width": 10, "height": 10, "duration": 10, "layers": [layer]]
        guard let data = try? JSONSerialization.data(withJSONObject: scene, options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func mediaTimingVectors() throws {
        let entries = try #require(try loadFixtureJSON("vectors/media_timing.json") as? [[String: Any]])
        var checked = 0
        for entry in entries {
            guard let json = Self.sceneJSON(for: entry), let samples = entry["samples"] as? [[String: Any]] else { continue }
            let title = entry["title"] as? String ?? "?"
            let scene = try loadScene(json)
            for sample in samples {
                guard let time = sample["parentTime"] as? Double else { continue }
                let presented = Double(try presented(scene.tree(atTime: time), "subject").zPosition)
                // "model value (animation contributes nothing)" samples present the model's −1.
                let expected = sample["value"] as? Double ?? -1
                #expect(close(presented, expected, 1e-6), "\(title) at \(time): \(presented) vs \(expected)")
                checked += 1
            }
        }
        #expect(checked >= 40)
    }
}
