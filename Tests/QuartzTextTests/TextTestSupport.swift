// Fonts the text tests use: DejaVu from fonts-dejavu-core (installed by .ci/run), never committed.
import Foundation
import QuartzRaster
@testable import QuartzText

enum TestFonts {
    static let directory = "/usr/share/fonts/truetype/dejavu"
    static let sansPath = "\(directory)/DejaVuSans.ttf"
    static let sansBoldPath = "\(directory)/DejaVuSans-Bold.ttf"
    static let monoPath = "\(directory)/DejaVuSansMono.ttf"

    static var sans: FontFace { try! FontLibrary.shared.face(atPath: sansPath).0 }
    static var mono: FontFace { try! FontLibrary.shared.face(atPath: monoPath).0 }

    static func style(_ face: FontFace = sans, size: Double = 20, color: CGColor? = .black) -> TextRunStyle {
        TextRunStyle(face: face, size: size, color: color)
    }

    static func layout(_ string: String, size: Double = 20, face: FontFace = sans, width: Double = .infinity,
                       height: Double = .infinity, wrapped: Bool = false, truncation: TextTruncation = .none,
                       alignment: TextAlignment = .natural) -> TextLayout {
        TextLayout(text: StyledText(string, style: style(face, size: size)),
                   options: TextLayoutOptions(width: width, height: height, isWrapped: wrapped, truncation: truncation,
                                              alignment: alignment))
    }
}

/// Bitmap contexts and analytic coverage for the Core Graphics text tests.
enum TextContexts {
    /// A cleared RGBA context (device space y up, origin bottom-left, as every bitmap context).
    static func make(width: Int = 64, height: Int = 64) -> CGContext {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    /// The alpha of every pixel, row by row from the top (raster order).
    static func alphaRows(_ context: CGContext) -> [[Int]] {
        let bitmap = context.bitmap
        return (0..<bitmap.height).map { y in (0..<bitmap.width).map { x in Int(bitmap[x, y].a) } }
    }

    /// Exact-area coverage (0…255, rounded) of a device-space rectangle (y up) in every raster pixel.
    static func rectangleAlpha(_ rect: CGRect, width: Int, height: Int) -> [[Int]] {
        func overlap(_ low: Double, _ high: Double, _ cell: Int) -> Double {
            max(0, min(high, Double(cell + 1)) - max(low, Double(cell)))
        }
        let top = Double(height) - Double(rect.maxY), bottom = Double(height) - Double(rect.minY)
        return (0..<height).map { y in
            (0..<width).map { x in
                Int((overlap(Double(rect.minX), Double(rect.maxX), x) * overlap(top, bottom, y) * 255).rounded())
            }
        }
    }

    /// The largest per-pixel difference between two alpha images.
    static func maximumDifference(_ a: [[Int]], _ b: [[Int]]) -> Int {
        zip(a, b).map { zip($0, $1).map { abs($0 - $1) }.max() ?? 0 }.max() ?? 0
    }

    /// DejaVu Sans' 'l', a rectangle in font units (2048 per em): its glyph and box.
    static var sansL: (glyph: CGGlyph, box: CGRect) {
        let face = TestFonts.sans
        let glyph = face.native.glyph(for: "l")
        return (CGGlyph(glyph), face.outline(ofGlyph: glyph).tightBounds)
    }
}
