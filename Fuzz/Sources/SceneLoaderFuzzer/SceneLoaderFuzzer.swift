// libFuzzer entry point of the `scene_loader` target; the exercise itself is SceneLoaderExercise (FuzzHarness), which the
// main package's fuzz smoke tests also run.
import Foundation
import FuzzHarness

/// Scenes name their images relative to this folder; run.sh runs from the repository root.
private let baseDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    .appendingPathComponent("fixtures/scenes", isDirectory: true)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    SceneLoaderExercise.run(data, size, baseDirectory: baseDirectory)
    return 0
}
