// Contents images named by path relative to the scene file, decoded once per file and shared by every
// tree built from the scene (CGImage is immutable). "Once per file" is by the file's canonical path, so
// `big.png`, `./big.png`, `sub/../big.png`, a symbolic link and the absolute path share one decoded image.
import Foundation
import QuartzPNG
import QuartzRaster

final class SceneImageLoader {
    let baseDirectory: URL
    let maximumPixels: Int
    /// Decoded images by canonical path.
    private var cache: [String: CGImage] = [:]

    init(baseDirectory: URL, maximumPixels: Int) {
        self.baseDirectory = baseDirectory
        self.maximumPixels = maximumPixels
    }

    /// The number of distinct images loaded.
    var count: Int { cache.count }

    /// The image at `file` (relative to the scene's folder unless absolute); nil after reporting why.
    func image(_ file: String, at path: String, diagnostics: SceneDiagnostics) -> CGImage? {
        guard !file.isEmpty else {
            diagnostics.error(path, .badImage, "the image file name is empty")
            return nil
        }
        let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : baseDirectory.appendingPathComponent(file)
        let key = url.standardizedFileURL.resolvingSymlinksInPath().path
        if let image = cache[key] { return image }
        guard FileManager.default.fileExists(atPath: url.path) else {
            diagnostics.error(path, .badImage, "image file \"\(file)\" not found (looked for \(url.path))")
            return nil
        }
        do {
            let bitmap = try PNGReader.read(contentsOf: url.path, maximumPixels: maximumPixels)
            let image = CGImage(bitmap: bitmap)
            cache[key] = image
            return image
        } catch {
            diagnostics.error(path, .badImage, "image file \"\(file)\" cannot be decoded: \(error)")
            return nil
        }
    }
}
