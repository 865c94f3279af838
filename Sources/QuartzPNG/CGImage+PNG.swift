// Apple's ways of making a CGImage from PNG data (CGDataProvider and
// `CGImage(pngDataProviderSource:decode:shouldInterpolate:intent:)`), plus a throwing loader with
// errors that name the file, for code that wants to know why a load failed.
import Foundation
import QuartzRaster

/// Apple's `CGColorRenderingIntent`; accepted for API compatibility, colour is not converted.
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0
    case absoluteColorimetric = 1
    case relativeColorimetric = 2
    case perceptual = 3
    case saturation = 4
}

/// Apple's `CGDataProvider` for the two sources the PNG initialiser needs: a file and bytes.
public final class CGDataProvider: Sendable {
    enum Source: Sendable {
        case file(String)
        case bytes(Data)
    }

    let source: Source

    /// Apple: returns nil when the file cannot be opened.
    public init?(filename: String) {
        guard FileManager.default.isReadableFile(atPath: filename) else { return nil }
        source = .file(filename)
    }

    public init(data: Data) { source = .bytes(data) }

    /// The provider's bytes (Apple's `data`, a CFData).
    public var data: Data? {
        switch source {
        case let .file(path): try? Data(contentsOf: URL(fileURLWithPath: path))
        case let .bytes(data): data
        }
    }
}

extension CGImage {
    /// Apple's PNG initialiser: nil when the data is not a readable PNG. `decode`, `shouldInterpolate`
    /// and `intent` are accepted for compatibility and ignored.
    public convenience init?(
        pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool,
        intent: CGColorRenderingIntent
    ) {
        let bitmap: PremultipliedRGBA8Bitmap?
        switch source.source {
        case let .file(path): bitmap = try? PNGReader.read(contentsOf: path)
        case let .bytes(data): bitmap = try? PNGReader.read(data: data)
        }
        guard let bitmap else { return nil }
        self.init(bitmap: bitmap)
    }

    /// Loads a PNG file; the error names the file and says what is wrong with it.
    public static func loadPNG(atPath path: String) throws(PNGError) -> CGImage {
        CGImage(bitmap: try PNGReader.read(contentsOf: path))
    }
}
