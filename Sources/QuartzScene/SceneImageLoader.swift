// Contents images named by path relative to the scene file, decoded once per file and shared by every
// tree built from the scene (CGImage is immutable).
import Foundation
import QuartzPNG
import QuartzRaster

final class SceneImageLoader {
    let baseDirectory: URL
    let maximumPixels: Int
    private var cache: [String: CGImage] = [:]
    private var failed: Set<String> = []

    init(baseDirectory: URL, maximumPixels: Int) {
        self.baseDirectory = baseDirectory
        self.maximumPixels = maximumPixels
    }

    /// The number of distinct images loaded.
    var count: Int { cache.count }

    /// The image at `file` (relative to the scene's folder unless absolute); nil after reporting why.
    func image(_ file: String, at path: String, diagnostics: SceneDiagnostics) -> CGImage? {
        if let image = cache[file] { return image }
        guard !file.isEmpty else {
            diagnostics.error(path, .badImage, "the image file name is empty")
            return nil
        }
        let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : baseDirectory.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else {
            diagnostics.error(path, .badImage, "image file \"\(file)\" not found (looked for \(url.path))")
            failed.insert(file)
            return nil
        }
        do {
            let bitmap = try PNGReader.read(contentsOf: url.path, maximumPixels: maximumPixels)
            let image = CGImage(bitmap: bitmap)
            cache[file] = image
            return image
        } catch {
            diagnostics.error(path, .badImage, "image file \"\(file)\" cannot be decoded: \(error)")
            return nil
        }
    }
}
