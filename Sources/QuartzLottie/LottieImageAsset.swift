// Image assets (lottie-docs, "Assets": `id`, `w`, `h`, `u` folder, `p` file name or data URL, `e` embedded)
// decoded once when the file loads: PNG, JPEG or WebP, embedded as base64 data URLs or as files beside the
// animation. An image that cannot be read is an error naming its asset, not a frame drawn without it.
import Foundation
import QuartzImageIO
import QuartzPNG
import QuartzRaster

struct LottieImageAsset: Sendable {
    /// The size the image is drawn at, in the image layer's coordinates (the pixels are scaled to it).
    let width: Double
    let height: Double
    let image: CGImage
}

/// Reads image assets, holding the pixels decoded for the whole file to `pixelLimit`.
struct LottieImageReader {
    /// The folder relative file names are found in; nil when the animation was given as bytes.
    let directory: URL?
    let pixelLimit: Int
    private(set) var pixels = 0

    init(directory: URL?, pixelLimit: Int = LottieLimits.maximumImagePixels) {
        self.directory = directory
        self.pixelLimit = pixelLimit
    }

    mutating func read(_ node: LottieJSON) throws(LottieError) -> LottieImageAsset {
        let width = try node.required("w").number(), height = try node.required("h").number()
        guard width > 0, height > 0 else { throw node.fail("the image size \(width)×\(height) must be positive") }
        let nameNode = try node.required("p")
        let name = try nameNode.string()
        let data: Data
        if name.hasPrefix("data:") {
            data = try Self.dataURLPayload(name, at: nameNode)
        } else {
            let folder = try node.optionalString("u") ?? ""
            guard let directory else {
                throw nameNode.fail("the image '\(folder + name)' is a file beside the animation; load it with LottieAnimation(contentsOf:) so its folder is known")
            }
            let url = directory.appendingPathComponent(folder).appendingPathComponent(name)
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw nameNode.fail("cannot read the image \(url.path): \(error.localizedDescription)")
            }
        }
        let bitmap = try Self.decode(data, maximumPixels: pixelLimit - pixels, at: nameNode)
        pixels += bitmap.width * bitmap.height
        return LottieImageAsset(width: width, height: height, image: CGImage(bitmap: bitmap))
    }

    /// The bytes of `data:[type][;base64],payload` (RFC 2397); only base64 payloads hold images.
    static func dataURLPayload(_ url: String, at node: LottieJSON) throws(LottieError) -> Data {
        guard let comma = url.firstIndex(of: ",") else { throw node.fail("the data URL has no ',' before its data") }
        let header = url[url.index(url.startIndex, offsetBy: 5)..<comma]
        guard header.split(separator: ";").contains("base64") else { throw node.fail("the data URL '\(header)' is not base64") }
        guard let data = Data(base64Encoded: String(url[url.index(after: comma)...]), options: .ignoreUnknownCharacters) else {
            throw node.fail("the data URL's base64 data is malformed")
        }
        return data
    }

    /// PNG, JPEG or WebP, told apart by their signatures.
    static func decode(_ data: Data, maximumPixels: Int, at node: LottieJSON) throws(LottieError) -> PremultipliedRGBA8Bitmap {
        let bytes = [UInt8](data.prefix(12))
        do {
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                return try PNGReader.read(data: data, name: node.path, maximumPixels: maximumPixels)
            }
            if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try JPEGReader.decode(data, maximumPixels: maximumPixels) }
            if bytes.count == 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
                return try WebPReader.decode(data, maximumPixels: maximumPixels)
            }
        } catch {
            throw node.fail("the image cannot be decoded (at most \(maximumPixels) more pixels of images fit this file's limit): \(error)")
        }
        throw node.fail("the image is not a PNG, JPEG or WebP file")
    }
}
