// Layer trees kept between frames give the frames a tree built afresh gives (Scene.tree(atTime:) is pure in
// time: README, "Determinism"), in any order of times, across scripted changes, and the kept trees stay few.
import Foundation
import OpenQuartz
import QuartzOutput
import QuartzTestSupport
import Testing

@Suite struct SceneTreeReuseTests {
    /// Pixels of `scene` at `time` from a tree built for that frame alone.
    static func fresh(_ scene: Scene, _ settings: FrameSettings, atTime time: Double) throws -> [UInt32] {
        try SceneFrameRenderer(scene: scene, settings: settings).render(atTime: time).pixels
    }

    static func load(_ name: String) throws -> Scene {
        try Scene.load(contentsOf: URL(fileURLWithPath: fixtureScene(name + ".json")))
    }

    static func settings(_ scene: Scene) throws -> FrameSettings {
        try FrameSettings.resolve(scene: scene, size: "160x90", scale: nil, background: "#203040", threads: 1)
    }

    /// complete-example's script changes the tree at 1, 2, 3 and 5 s (a layer removed at 5 s), and its
    /// animations finish and are removed on the way.
    @Test func framesInOrderEqualFramesBuiltAfresh() throws {
        let scene = try Self.load("complete-example")
        let settings = try Self.settings(scene)
        let renderer = SceneFrameRenderer(scene: scene, settings: settings)
        for index in stride(from: 0, to: scene.frameCount, by: 3) {
            let time = scene.time(ofFrame: index)
            #expect(try renderer.render(atTime: time).pixels == Self.fresh(scene, settings, atTime: time), "frame \(index)")
            // In increasing time one tree is kept: the one of the current scripted change.
            #expect(renderer.trees.keptTreeCount == 1)
        }
    }

    @Test func timesOutOfOrderAndRepeatedEqualFramesBuiltAfresh() throws {
        for name in ["complete-example", "transitions", "clock-hands"] {
            let scene = try Self.load(name)
            let settings = try Self.settings(scene)
            let renderer = SceneFrameRenderer(scene: scene, settings: settings)
            var random = SplitMix64(seed: 7)
            var times = (0..<24).map { _ in scene.start + random.unit() * scene.duration }
            // Back in time, the same time twice, exactly at a scripted change and just before one.
            times += [scene.start + scene.duration * 0.9, scene.start, scene.start, 1, 1 - 1e-9, 2, 5, 0.5]
            for time in times {
                #expect(try renderer.render(atTime: time).pixels == Self.fresh(scene, settings, atTime: time), "\(name) at \(time)")
            }
            #expect(renderer.trees.keptTreeCount <= SceneTreeReuse.maximumKeptTrees)
        }
    }

    @Test func framesRenderedAtOnceTakeTreesOfTheirOwn() async throws {
        let scene = try Self.load("complete-example")
        let settings = try Self.settings(scene)
        let renderer = SceneFrameRenderer(scene: scene, settings: settings)
        let times = (0..<40).map { scene.time(ofFrame: $0 * 4) }
        let pixels = try await withThrowingTaskGroup(of: (Int, [UInt32]).self) { group in
            for (index, time) in times.enumerated() {
                group.addTask { (index, try renderer.render(atTime: time).pixels) }
            }
            var pixels = [[UInt32]](repeating: [], count: times.count)
            for try await (index, frame) in group { pixels[index] = frame }
            return pixels
        }
        for (index, time) in times.enumerated() {
            #expect(try pixels[index] == Self.fresh(scene, settings, atTime: time), "frame \(index * 4)")
        }
        #expect(renderer.trees.keptTreeCount <= SceneTreeReuse.maximumKeptTrees)
    }

    /// `bench --repeat` and loops pass over the same frames again and again: each pass builds one tree for
    /// its start and then moves it on, however many passes there are (a pass must not find its tree evicted
    /// by the trees earlier passes left at their ends).
    @Test func repeatedPassesBuildOneTreePerPass() throws {
        let scene = try Self.load("ship-on-path")  // no scripted changes
        let settings = try Self.settings(scene)
        let renderer = SceneFrameRenderer(scene: scene, settings: settings)
        let passes = 3 * SceneTreeReuse.maximumKeptTrees
        for _ in 0..<passes {
            for index in stride(from: 0, to: scene.frameCount, by: 10) {
                _ = try renderer.render(atTime: scene.time(ofFrame: index))
            }
        }
        #expect(renderer.trees.builtTreeCount == passes)
        #expect(renderer.trees.keptTreeCount <= SceneTreeReuse.maximumKeptTrees)
        let last = scene.time(ofFrame: scene.frameCount - 1)
        #expect(try renderer.render(atTime: last).pixels == Self.fresh(scene, settings, atTime: last))
    }

    @Test func scriptedChangeCountsCountTheChangesAtOrBeforeATime() throws {
        let scene = try Self.load("complete-example")
        #expect(scene.scriptedChangeCount(atOrBefore: 0) == 0)
        #expect(scene.scriptedChangeCount(atOrBefore: 1 - 1e-9) == 0)
        #expect(scene.scriptedChangeCount(atOrBefore: 1) == 1)
        #expect(scene.scriptedChangeCount(atOrBefore: 4.9) == 3)
        #expect(scene.scriptedChangeCount(atOrBefore: 5) == 4)
        #expect(scene.scriptedChangeCount(atOrBefore: .infinity) == 0, "a non-finite time evaluates at the start")
    }
}
