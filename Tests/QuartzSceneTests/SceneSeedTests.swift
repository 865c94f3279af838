// The seeds' examples as scene files (fixtures/scenes/): presentation values at chosen times, the same
// numbers the engine's seed ports (Tests/QuartzLayersTests/Seed*Tests) check through Swift.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzScene
import QuartzTestSupport

@Suite("Scene files: seed examples")
struct SceneSeedTests {
    /// The cubic of listing 8.6 at parameter s and its tangent.
    static func bezier(_ s: Double) -> (CGPoint, CGPoint) {
        let p = [(0.0, 150.0), (75.0, 0.0), (225.0, 300.0), (300.0, 150.0)]
        let u = 1 - s
        let point = CGPoint(
            x: u * u * u * p[0].0 + 3 * u * u * s * p[1].0 + 3 * u * s * s * p[2].0 + s * s * s * p[3].0,
            y: u * u * u * p[0].1 + 3 * u * u * s * p[1].1 + 3 * u * s * s * p[2].1 + s * s * s * p[3].1)
        let tangent = CGPoint(
            x: 3 * u * u * (p[1].0 - p[0].0) + 6 * u * s * (p[2].0 - p[1].0) + 3 * s * s * (p[3].0 - p[2].0),
            y: 3 * u * u * (p[1].1 - p[0].1) + 6 * u * s * (p[2].1 - p[1].1) + 3 * s * s * (p[3].1 - p[2].1))
        return (point, tangent)
    }

    /// Every seed scene loads without errors or warnings.
    @Test(arguments: [
        "ship-on-path.json", "color-keyframes.json", "full-turn.json", "group-path-color.json", "door-scrubbing.json",
        "door-swing.json", "transitions.json", "ordered-cycle.json", "begin-delay.json", "autoreverse.json",
        "implicit-transaction.json", "push-action.json", "clock-hands.json",
    ])
    func loadsCleanly(file: String) throws {
        let scene = try loadFixtureScene(file)
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(scene.frameCount == Int(scene.duration * 30))
    }

    /// Listings 8.6/8.7 (spec §3.5): the ship follows the cubic; rotationMode auto turns it along the tangent.
    @Test func shipOnPath() throws {
        let scene = try loadFixtureScene("ship-on-path.json")
        #expect(scene.counts == SceneCounts(layers: 3, animations: 1, scriptedChanges: 0, images: 0))
        for time in [0.4, 1.0, 2.0, 3.0, 3.6] {
            let ship = try #require(scene.tree(atTime: time).presented("ship"))
            let (point, tangent) = Self.bezier(time / 4)
            #expect(close(ship.position, point), "t=\(time)")
            let angle = try #require(ship.transform.value(forTransformKeyPath: "rotation.z"))
            #expect(close(angle, atan2(Double(tangent.y), Double(tangent.x))), "t=\(time)")
        }
        let end = try #require(scene.tree(atTime: 4.5).presented("ship"))
        #expect(end.position == CGPoint(x: 0, y: 150) && CATransform3DIsIdentity(end.transform))
        let path = try #require(scene.tree(atTime: 0).presented("shipPath")?.path)
        let expected = CGMutablePath()
        expected.move(to: CGPoint(x: 0, y: 150))
        expected.addCurve(to: CGPoint(x: 300, y: 150), control1: CGPoint(x: 75, y: 0), control2: CGPoint(x: 225, y: 300))
        #expect(path == expected)
    }

    /// Listing 8.5: blue → red → green → blue over 2 s, linear in sRGB components.
    @Test func colorKeyframes() throws {
        let scene = try loadFixtureScene("color-keyframes.json")
        let expected: [(Double, SIMD4<Double>)] = [
            (1.0 / 3, SIMD4(0.5, 0, 0.5, 1)), (2.0 / 3, SIMD4(1, 0, 0, 1)), (1.0, SIMD4(0.5, 0.5, 0, 1)),
            (4.0 / 3, SIMD4(0, 1, 0, 1)), (5.0 / 3, SIMD4(0, 0.5, 0.5, 1)),
        ]
        for (time, value) in expected {
            let color = rgba(try #require(scene.tree(atTime: time).presented("colorLayer")).backgroundColor)
            for i in 0..<4 { #expect(close(color[i], value[i], 1e-12), "t=\(time)") }
        }
    }

    /// Listings 8.8/8.9 (spec §4.1): the 360° matrix does not turn; transform.rotation byValue 2π turns once.
    @Test func fullTurn() throws {
        let scene = try loadFixtureScene("full-turn.json")
        for (time, angle) in [(0.5, Double.pi / 2), (1.0, Double.pi), (1.5, -Double.pi / 2)] {
            let tree = scene.tree(atTime: time)
            #expect(close(try transformField(tree, "matrixShip", "rotation.z"), 0))
            let read = try transformField(tree, "pathShip", "rotation.z")
            #expect(close(cos(read), cos(angle)) && close(sin(read), sin(angle)), "t=\(time)")
        }
    }

    /// Listing 8.10 (spec §5.1): children without a duration span the 4 s group.
    @Test func groupOfPathAndColor() throws {
        let layer = try #require(try loadFixtureScene("group-path-color.json").tree(atTime: 2).presented("colorLayer"))
        #expect(close(layer.position, Self.bezier(0.5).0))
        #expect(rgba(layer.backgroundColor) == SIMD4(0.5, 0.5, 0, 1))
    }

    /// 002 listing 9.4: speed 0 pauses the door at its first frame; scripted timeOffsets scrub it.
    @Test func doorScrubbing() throws {
        let scene = try loadFixtureScene("door-scrubbing.json")
        func angle(_ time: Double) throws -> Double {
            try transformField(scene.tree(atTime: time), "door", "rotation.y")
        }
        #expect(close(try angle(0.5), 0, 1e-12))
        for (time, offset) in [(1.0, 0.25), (1.9, 0.25), (2.0, 0.5), (3.5, 0.999)] {
            #expect(close(try angle(time), -Double.pi / 2 * offset), "t=\(time)")
        }
        // The hinge (left edge) stays at x = 86 under the root's m34 = −1/500 (spec §9.4).
        let world = try #require(scene.tree(atTime: 3.5).presented("door")).worldTransform
        #expect(close(try #require(world.projectedPoint(CGPoint(x: 0, y: 128))), CGPoint(x: 86, y: 150)))
    }

    /// The swinging door: 2 s out, 2 s back (autoreverses, repeatCount infinity).
    @Test func doorSwing() throws {
        let scene = try loadFixtureScene("door-swing.json")
        for (time, fraction) in [(1.0, 0.5), (2.0, 1.0), (3.0, 0.5), (4.5, 0.25)] {
            #expect(close(try transformField(scene.tree(atTime: time), "door", "rotation.y"), -Double.pi / 2 * fraction), "t=\(time)")
        }
    }

    /// 004 transitions: each type reports its progress; the new colour is presented at once.
    @Test func transitions() throws {
        let scene = try loadFixtureScene("transitions.json")
        #expect(try #require(scene.tree(atTime: 0.25).presented("push")).transition == nil)
        let tree = scene.tree(atTime: 1.0)
        for (name, type, subtype) in [("fade", CATransitionType.fade, nil), ("moveIn", .moveIn, CATransitionSubtype.fromLeft),
                                      ("push", .push, .fromRight), ("reveal", .reveal, .fromTop)] {
            let layer = try #require(tree.presented(name))
            let state = try #require(layer.transition, "\(name)")
            #expect(state.type == type && state.subtype == subtype && close(state.progress, 0.5), "\(name)")
            #expect(rgba(layer.backgroundColor) == SIMD4(0, 0, 1, 1))
        }
        #expect(try #require(scene.tree(atTime: 1.6).presented("push")).transition == nil)
    }

    /// 003 tip 1: the ordered endless cycle made with groups (one cycle is 5 s).
    @Test func orderedCycle() throws {
        let scene = try loadFixtureScene("ordered-cycle.json")
        for (time, expected) in [(0.5, 0.75), (1.5, 0.5), (3.0, 0.5), (4.5, 0.75), (5.0, 1.0), (5.5, 0.75), (11.5, 0.5)] {
            #expect(close(try transformField(scene.tree(atTime: time), "black", "scale.x"), expected), "scale at \(time)")
        }
        for (time, turned) in [(1.75, 0.25), (7.0, 1.0 / 3), (3.5, 5.0 / 6)] {
            let expected = -2 * Double.pi * (1 - turned)
            let read = try transformField(scene.tree(atTime: time), "orange", "rotation.z")
            #expect(close(cos(read), cos(expected)) && close(sin(read), sin(expected)), "rotation at \(time)")
        }
    }

    /// 004 beginTime: a 1 s delay; fill backwards shows the first value early.
    @Test func beginTimeDelay() throws {
        let scene = try loadFixtureScene("begin-delay.json")
        #expect(try #require(scene.tree(atTime: 0.5).presented("plain")).zPosition == -1)
        #expect(try #require(scene.tree(atTime: 0.5).presented("filled")).zPosition == 10)
        #expect(try #require(scene.tree(atTime: 1.5).presented("plain")).zPosition == 15)
        #expect(try #require(scene.tree(atTime: 1.5).presented("filled")).zPosition == 15)
    }

    /// 004 autoreverses: repeatCount 1 ends on the start value, 1.5 on the end value.
    @Test func autoreverse() throws {
        let scene = try loadFixtureScene("autoreverse.json")
        let middle = scene.tree(atTime: 1.5), end = scene.tree(atTime: 3.9)
        #expect(try #require(middle.presented("once")).zPosition == 15)
        #expect(try #require(middle.presented("oneAndAHalf")).zPosition == 15)
        #expect(try #require(end.presented("once")).zPosition == 10)
        #expect(try #require(end.presented("oneAndAHalf")).zPosition == 20)
    }

    /// 001 transactions: the scripted change at 1 s animates implicitly over the transaction's 2 s (linear).
    @Test func implicitAnimationFromScript() throws {
        let scene = try loadFixtureScene("implicit-transaction.json")
        #expect(rgba(try #require(scene.tree(atTime: 0.9).presented("colorLayer")).backgroundColor) == SIMD4(1, 0, 0, 1))
        let middle = rgba(try #require(scene.tree(atTime: 2).presented("colorLayer")).backgroundColor)
        for (i, value) in [0.5, 0, 0.5, 1].enumerated() { #expect(close(middle[i], value, 1e-12)) }
        #expect(rgba(try #require(scene.tree(atTime: 3.5).presented("colorLayer")).backgroundColor) == SIMD4(0, 0, 1, 1))
        let layer = try #require(scene.tree(atTime: 2).layers["colorLayer"])
        #expect(layer.animation(forKey: "backgroundColor")?.duration == 2)
    }

    /// 001 layer actions: the push transition in actions["backgroundColor"] replaces the basic animation.
    @Test func pushTransitionAction() throws {
        let tree = try loadFixtureScene("push-action.json").tree(atTime: 1.5)
        #expect(tree.layers["colorLayer"]?.animationKeys() == [kCATransition])
        let state = try #require(tree.presented("colorLayer")?.transition)
        #expect(state.type == .push && state.subtype == .fromLeft && close(state.progress, 0.25))
        #expect(rgba(tree.presented("colorLayer")?.backgroundColor) == SIMD4(0, 0, 1, 1))
    }

    /// Listings 8.3/8.4 adapted: the second hand ticks 6° through the rotateZ value function with the model
    /// set in the same transaction; the minute hand from an explicit fromValue (listing 8.2 recipe; spec §2.1, §4.2).
    @Test func clockHands() throws {
        let scene = try loadFixtureScene("clock-hands.json")
        let sixDegrees = Double.pi / 30
        #expect(close(try transformField(scene.tree(atTime: 0), "hourHand", "rotation.z"), Double.pi / 2))
        let middle = scene.tree(atTime: 1.25)
        let minute = try transformField(middle, "minuteHand", "rotation.z")
        #expect(close(minute, sixDegrees / 2))
        // The second hand's easing (0.5, 0, 0.5, 1) is symmetric: half-way in time is half-way in angle.
        let second = try transformField(middle, "secondHand", "rotation.z")
        #expect(close(second, sixDegrees / 2, 1e-6))
        let end = scene.tree(atTime: 2)
        #expect(close(try transformField(end, "secondHand", "rotation.z"), sixDegrees))
    }
}

@Suite("Scene files: the documented complete example")
struct SceneCompleteExampleTests {
    /// The example in docs/scene-format.md is this fixture, verbatim, and loads without warnings.
    @Test func documentedExampleLoads() throws {
        let scene = try loadFixtureScene("complete-example.json")
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(scene.size == CGSize(width: 480, height: 270) && scene.scale == 2)
        #expect(scene.pixelWidth == 960 && scene.pixelHeight == 540)
        #expect(scene.frameRate.description == "30000/1001" && scene.frameCount == 180)
        #expect(rgba(scene.background) == SIMD4(0x10 / 255.0, 0x18 / 255.0, 0x20 / 255.0, 1))
        // root, sky, track, ship, dots, dot, cube, front, side, panel, mask + the scripted badge.
        #expect(scene.counts == SceneCounts(layers: 12, animations: 6, scriptedChanges: 4, images: 1))
        let doc = try String(contentsOf: fixturesDirectory.deletingLastPathComponent().appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        let example = try String(contentsOf: fixturesDirectory.appendingPathComponent("scenes/complete-example.json"), encoding: .utf8)
        #expect(doc.contains(example.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// The script at work: the implicit push transition on the panel (its action), the added badge and
    /// its by-animation, the removal of the ship's travel animation, the badge's removal.
    @Test func scriptedChanges() throws {
        let scene = try loadFixtureScene("complete-example.json")
        let early = scene.tree(atTime: 1.5)
        let state = try #require(early.presented("panel")?.transition)
        #expect(state.type == .push && state.subtype == .fromLeft && close(state.progress, 0.5))
        // opacity's action is null: no implicit animation, the new value at once.
        let fading = scene.tree(atTime: 2.25)
        #expect(try presented(fading, "panel").opacity == 0.5)
        // position.y animates implicitly from 160 (frame y 120 + 80 / 2) to 170 over 0.5 s, easing out.
        let eased = CAMediaTimingFunction(name: .easeOut).value(atProgress: 0.5)
        #expect(close(Double(try presented(fading, "panel").position.y), 160 + 10 * eased, 1e-9))
        let badge = try presented(scene.tree(atTime: 3.5), "badge")
        #expect(close(Double(badge.position.x), 240 + 50))
        // The travel animation was removed at 3 s: the ship is back at its model position.
        #expect(try presented(scene.tree(atTime: 3.5), "ship").position == CGPoint(x: 40, y: 200))
        #expect(scene.tree(atTime: 5.5).presented("badge") == nil)
        #expect(scene.tree(atTime: 4.9).presented("badge") != nil)
    }
}
