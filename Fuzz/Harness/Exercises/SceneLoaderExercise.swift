// libFuzzer target for the scene loader: the input bytes are a scene file (JSON), loaded with
// Scene.load(data:baseDirectory:options:) with images resolved against the folder given (fixtures/scenes, so
// dot.png loads).
// A scene that loads is built at its start and at a time picked from the input's length, and one frame is
// rendered at most 64×64 pixels on one thread (the way quartz-render's SceneFrameRenderer does, scaled
// down so each input stays fast). A load error is fine; a crash, a sanitizer report, a run over the
// -timeout or memory over -rss_limit_mb is a failure.
import Foundation
import OpenQuartz

/// Caps the scene header and contents images (4 Mpx): a fuzzed header must not make a frame huge.
private let options = SceneLoadOptions(strict: false, maximumPixelCount: 2048 * 2048, maximumSide: 4096)
private let side = 64

public enum SceneLoaderExercise {
    /// Runs one input of the `scene_loader` fuzz target (Fuzz/README.md): any result but a crash, a hang or a
    /// runaway allocation is fine.
    public static func run(_ data: UnsafePointer<UInt8>, _ size: Int, baseDirectory: URL) {
        let bytes = Data(bytes: data, count: size)
        guard let scene = try? Scene.load(data: bytes, baseDirectory: baseDirectory, options: options) else { return }
        // Two times: the start, and one inside the scene picked by the input (deterministic per input).
        let fraction = Double(size % 97) / 96
        let times = [scene.start, scene.start + scene.duration * fraction]
        let width = max(1, min(side, scene.pixelWidth)), height = max(1, min(side, scene.pixelHeight))
        let deviceTransform = CATransform3DMakeScale(Double(width) / Double(scene.size.width),
                                                     Double(height) / Double(scene.size.height), 1)
        for (index, time) in times.enumerated() {
            let snapshot = scene.tree(atTime: time).snapshot()
            guard index == times.count - 1 else { continue }
            let list = LayerRenderListBuilder(deviceTransform: deviceTransform, rootSpace: .superlayer).renderList(for: snapshot)
            let background = scene.background?.premultipliedRGBA8
            _ = try? Compositor.render(list, width: width, height: height, options: CompositorOptions(threads: 1, background: background))
        }
    }
}
