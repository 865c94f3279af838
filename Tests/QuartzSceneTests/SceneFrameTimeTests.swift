// Frame times from exact rational rates ("frame time = start + index / fps, never accumulated")
// and the purity of evaluation in t (any frame renders directly, whatever was evaluated before).
import Foundation
import QuartzLayers
import Testing

@testable import QuartzScene

@Suite("Scene frame times and purity")
struct SceneFrameTimeTests {
    @Test func rationalRatesParse() throws {
        let ntsc = try #require(SceneFrameRate(parsing: "30000/1001"))
        #expect(ntsc.numerator == 30000 && ntsc.denominator == 1001 && ntsc.description == "30000/1001")
        #expect(SceneFrameRate(parsing: "60/2") == SceneFrameRate(numerator: 30, denominator: 1))
        #expect(SceneFrameRate(parsing: "29.97") == SceneFrameRate(numerator: 2997, denominator: 100))
        #expect(SceneFrameRate(23.976) == SceneFrameRate(numerator: 2997, denominator: 125))
        #expect(SceneFrameRate(24)?.description == "24")
        for bad in ["", "30/", "/2", "-30", "30/-1", "1e3", "0", "0/1", "3000000/1", "2001/2", "12.3.4"] {
            #expect(SceneFrameRate(parsing: bad) == nil, "\(bad)")
        }
        #expect(SceneFrameRate(Double.nan) == nil && SceneFrameRate(-1) == nil && SceneFrameRate(1001) == nil)
    }

    /// time(ofFrame:) = start + index · 1001 / 30000, the correctly rounded quotient from the index alone:
    /// no drift over 100000 frames where a running sum drifts.
    @Test func noDriftOver100000Frames() throws {
        let scene = try loadScene(#"{"width": 10, "height": 10, "duration": 3600, "frameRate": "30000/1001", "start": 2}"#)
        #expect(scene.frameRate == SceneFrameRate(numerator: 30000, denominator: 1001))
        var accumulated = 2.0
        var accumulatedDrifts = false
        var mismatches: [Int] = []
        for index in 0..<100_000 {
            let exact: Double = 2 + Double(index * 1001) / 30000
            if scene.time(ofFrame: index) != exact { mismatches.append(index) }
            if index > 0 { accumulated += 1001.0 / 30000.0 }
            if accumulated != exact { accumulatedDrifts = true }
        }
        #expect(mismatches.isEmpty)
        #expect(accumulatedDrifts)  // the arithmetic the scene avoids really does drift
        let last: Double = 2 + Double(99_999 * 1001) / 30000
        #expect(scene.time(ofFrame: 99_999) == last)
        #expect(scene.time(ofFrame: 30000) == 1003)  // exactly 1001 s after start
    }

    /// Frames cover [start, start + duration): 10 s at 30 fps is 300 frames, 10 s at 30000/1001 is 300
    /// (299.7 rounded up), 1 s at 29.97 is 30.
    @Test func frameCounts() throws {
        #expect(try loadScene(#"{"width": 1, "height": 1, "duration": 10}"#).frameCount == 300)
        #expect(try loadScene(#"{"width": 1, "height": 1, "duration": 10, "frameRate": "30000/1001"}"#).frameCount == 300)
        #expect(try loadScene(#"{"width": 1, "height": 1, "duration": 1, "frameRate": 29.97}"#).frameCount == 30)
        #expect(try loadScene(#"{"width": 1, "height": 1, "duration": 0.1, "frameRate": 30}"#).frameCount == 3)
        let rate = try #require(SceneFrameRate(numerator: 30, denominator: 1))
        #expect(rate.frameCount(forDuration: .infinity) == 0 && rate.frameCount(forDuration: -1) == 0)
        #expect(rate.frameCount(forDuration: 1e300) == 1_000_000_000_000_000)
    }

    /// Evaluating frames 10, 3, 10 gives identical presentation snapshots for frame 10: every evaluation
    /// builds its own tree and replays the script up to its time.
    @Test(arguments: ["ordered-cycle.json", "implicit-transaction.json", "door-scrubbing.json", "transitions.json"])
    func pureInTime(file: String) throws {
        let scene = try loadFixtureScene(file)
        let frame = scene.frameCount / 2 + 10
        let first = scene.tree(atFrame: frame).snapshot()
        let earlier = scene.tree(atFrame: 3).snapshot()
        let again = scene.tree(atFrame: frame).snapshot()
        #expect(differences(first, again).isEmpty, "\(differences(first, again))")
        #expect(!differences(first, earlier).isEmpty)  // the frames do differ, so the comparison can fail
    }

    /// Trees of one scene can be evaluated from several threads at once with identical results.
    @Test func concurrentEvaluationAgrees() async throws {
        let scene = try loadFixtureScene("ship-on-path.json")
        let reference = scene.tree(atTime: 1.5).snapshot()
        let positions = await withTaskGroup(of: CGPoint?.self) { group in
            for _ in 0..<8 { group.addTask { scene.tree(atTime: 1.5).presented("ship")?.position } }
            var results: [CGPoint?] = []
            for await position in group { results.append(position) }
            return results
        }
        let expected = reference.layers.first { $0.name == "ship" }?.position
        #expect(positions.count == 8 && positions.allSatisfy { $0 == expected })
    }

    /// A non-finite time evaluates at the scene's start.
    @Test func nonFiniteTimeEvaluatesAtStart() throws {
        let scene = try loadFixtureScene("ship-on-path.json")
        #expect(scene.tree(atTime: .nan).time == 0)
        #expect(differences(scene.tree(atTime: .infinity).snapshot(), scene.tree(atTime: 0).snapshot()).isEmpty)
    }
}
