// The frame pipeline as a library, without the command line: a scene's frames rendered through
// SceneFrameRenderer and written by FrameFileWriter to the names an OutputPattern gives, as quartz-render
// does (README, "Determinism" and "Safety": pixels never depend on threads; existing files are refused).
import Foundation
import OpenQuartz
import QuartzOutput
import QuartzTestSupport
import Testing

@Suite struct FramePipelineTests {
    static func scene() throws -> Scene {
        try Scene.load(contentsOf: fixturesDirectory.appendingPathComponent("scenes/complete-example.json"))
    }

    @Test func framesWrittenThroughTheLibraryDecodeToWhatWasRendered() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quartz-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Self.scene()
        let settings = try FrameSettings.resolve(scene: scene, size: "96x54", scale: nil, background: "#102030", threads: 1)
        let renderer = SceneFrameRenderer(scene: scene, settings: settings)
        let pattern = try OutputPattern(folder.path + "/f/%03d.png")
        let writer = FrameFileWriter(policy: .refuse, compression: .fast)
        try FrameFileWriter.prepareFolder(of: pattern.path(forFrame: 0))
        let plan = FramePlan(frames: FrameSequence(0..<3), rate: scene.frameRate, explicitTime: nil, start: scene.start)
        for index in 0..<3 {
            let bitmap = try renderer.render(atTime: plan.time(ofFrame: index))
            #expect(try writer.shouldWrite(pattern.path(forFrame: index)))
            _ = try writer.write(bitmap, to: pattern.path(forFrame: index))
            let back = try PNGReader.read(contentsOf: pattern.path(forFrame: index))
            #expect(back.width == 96 && back.height == 54)
            #expect(back.pixels == bitmap.pixels, "frame \(index) did not round-trip")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/f").sorted() == ["000.png", "001.png", "002.png"])
        // The default policy refuses to replace a frame, with the exit code quartz-render uses.
        #expect(throws: FrameOutputError.self) { try writer.shouldWrite(pattern.path(forFrame: 1)) }
        do {
            _ = try writer.shouldWrite(pattern.path(forFrame: 1))
        } catch let error as FrameOutputError {
            #expect(error.code == .cannotCreate && error.code.rawValue == 73)
        }
    }

    @Test func pixelsDoNotDependOnTheThreadCount() throws {
        let scene = try Self.scene()
        let one = SceneFrameRenderer(scene: scene, settings: try FrameSettings.resolve(scene: scene, size: nil, scale: 1, background: nil, threads: 1))
        let two = SceneFrameRenderer(scene: scene, settings: try FrameSettings.resolve(scene: scene, size: nil, scale: 1, background: nil, threads: 2))
        for time in [0.0, 1.25, 3.5] {
            #expect(try one.render(atTime: time).pixels == two.render(atTime: time).pixels, "t = \(time)")
        }
    }

    @Test func frameListsAndPatternsParseAsOnTheCommandLine() throws {
        #expect(throws: FrameOutputError.self) { try OutputPattern("f/%s.png") }
        #expect(try OutputPattern("f/%05d.png").path(forFrame: 42) == "f/00042.png")
        #expect(try OutputPattern("one.png").isNumbered == false)
    }
}
