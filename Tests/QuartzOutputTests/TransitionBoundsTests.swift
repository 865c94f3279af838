// A moving transition (push, moveIn, reveal) moves the layer's whole appearance, its own masksToBounds clip
// included, so mid-way the sliding content shows beside the layer; a superlayer with masksToBounds keeps it
// inside (docs/semantics.md §5.4). Apple describes push only as "The layer pushes any existing content as it
// slides into place" (Core Animation Programming Guide, "Transition Animation"): the layer itself slides,
// and what contains it is the clip of what it slides in, as with any layer moved past its superlayer.
import Foundation
import OpenQuartz
import QuartzOutput
import Testing

@Suite struct TransitionBoundsTests {
    /// A 50x30 box at (25, 10) in a 100x50 scene turns from red to blue at 0.5 s under a one-second push
    /// fromLeft; `boxClips` sets its masksToBounds, `parentClips` puts it in a clipping superlayer of the
    /// box's own frame.
    static func pixels(boxClips: Bool, parentClips: Bool) throws -> PremultipliedRGBA8Bitmap {
        let box = """
            {"name": "box", "frame": [\(parentClips ? "0, 0" : "25, 10"), 50, 30], "backgroundColor": "#FF0000", "masksToBounds": \(boxClips),
             "actions": {"backgroundColor": {"class": "transition", "type": "push", "subtype": "fromLeft", "duration": 1}}}
            """
        let layer = parentClips ? #"{"name": "holder", "frame": [25, 10, 50, 30], "masksToBounds": true, "sublayers": [\#(box)]}"# : box
        let json = """
            {"version": 1, "width": 100, "height": 50, "duration": 2, "frameRate": 8, "background": "#FFFFFF",
             "layers": [\(layer)], "script": [{"at": 0.5, "set": {"box.backgroundColor": "#0000FF"}}]}
            """
        let scene = try Scene.load(data: Data(json.utf8), baseDirectory: FileManager.default.temporaryDirectory)
        let settings = try FrameSettings.resolve(scene: scene, size: nil, scale: nil, background: nil, threads: 1)
        // Half-way: the new (blue) appearance covers the box's left half, the old (red) one its right half
        // and the 25 points beside it.
        return try SceneFrameRenderer(scene: scene, settings: settings).render(atTime: 1.0)
    }

    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
    static let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)

    @Test func pushSlidesPastTheLayerUnlessItsSuperlayerClips() throws {
        for boxClips in [false, true] {
            let b = try Self.pixels(boxClips: boxClips, parentClips: false)
            #expect(b[30, 25] == Self.blue && b[60, 25] == Self.red, "masksToBounds \(boxClips)")
            // Beside the box: the old appearance slid out past its right edge, the box's own clip moving with it.
            #expect(b[80, 25] == Self.red && b[99, 25] == Self.red, "masksToBounds \(boxClips)")
        }
        let held = try Self.pixels(boxClips: false, parentClips: true)
        #expect(held[30, 25] == Self.blue && held[60, 25] == Self.red)
        #expect(held[80, 25] == Self.white && held[10, 25] == Self.white)
    }
}
