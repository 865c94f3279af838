// Built-in label glyphs (no font library): seven-segment digits and the few letters labels need, as
// rectangles in a glyph box of 1 × 2 units (x right, y down), scaled to a pixel height when drawn.
import Foundation
import OpenQuartz

enum LabelGlyphs {
    /// Segments a–g of a seven-segment cell: a top, b top-right, c bottom-right, d bottom, e bottom-left,
    /// f top-left, g middle.
    private static let segmentRects: [Character: CGRect] = {
        let t = 0.18  // stroke thickness in glyph units
        return [
            "a": CGRect(x: 0, y: 0, width: 1, height: t),
            "b": CGRect(x: 1 - t, y: 0, width: t, height: 1 + t / 2),
            "c": CGRect(x: 1 - t, y: 1 - t / 2, width: t, height: 1 + t / 2),
            "d": CGRect(x: 0, y: 2 - t, width: 1, height: t),
            "e": CGRect(x: 0, y: 1 - t / 2, width: t, height: 1 + t / 2),
            "f": CGRect(x: 0, y: 0, width: t, height: 1 + t / 2),
            "g": CGRect(x: 0, y: 1 - t / 2, width: 1, height: t),
        ]
    }()

    private static let segmentsOf: [Character: String] = [
        "0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg", "6": "acdefg",
        "7": "abc", "8": "abcdefg", "9": "abcdfg", "-": "g", "s": "acdfg", "f": "aefg", "e": "adefg", "m": "ceg",
    ]

    /// Advance per glyph in glyph units (a 0.4-unit gap after each).
    static let advance = 1.4

    /// Rectangles for `text` in pixels, top-left at `origin`, glyphs `height` pixels tall (y down).
    /// Characters without a glyph (space included) leave a gap; "." is a square dot, ":" two.
    static func rects(for text: String, at origin: CGPoint, height: Double) -> [CGRect] {
        let unit = height / 2
        var rects: [CGRect] = []
        var x = Double(origin.x)
        for character in text {
            if character == "." || character == ":" {
                let dots: [Double] = character == "." ? [2 - 0.3] : [0.5, 1.4]
                for y in dots { rects.append(CGRect(x: x, y: Double(origin.y) + y * unit, width: 0.3 * unit, height: 0.3 * unit)) }
                x += 0.7 * unit
                continue
            }
            for segment in segmentsOf[character] ?? "" {
                guard let r = segmentRects[segment] else { continue }
                rects.append(CGRect(x: x + Double(r.minX) * unit, y: Double(origin.y) + Double(r.minY) * unit,
                                    width: Double(r.width) * unit, height: Double(r.height) * unit))
            }
            x += advance * unit
        }
        return rects
    }

    /// Width in pixels of `text` at `height`.
    static func width(of text: String, height: Double) -> Double {
        text.reduce(0) { $0 + (($1 == "." || $1 == ":") ? 0.7 : advance) } * height / 2
    }
}

/// A y-down drawing surface over a CGContext (whose device space is y up, Core Graphics' convention).
final class LabelCanvas {
    let context: CGContext
    let width: Int
    let height: Int

    init(width: Int, height: Int, background: CGColor) throws {
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { throw CLIFailure(.usage, "an image of \(width)x\(height) pixels is too large to draw") }
        self.context = context
        self.width = width
        self.height = height
        fill([CGRect(x: 0, y: 0, width: width, height: height)], color: background)
    }

    /// y-down pixel rectangle → Core Graphics' y-up device rectangle.
    func flipped(_ r: CGRect) -> CGRect {
        CGRect(x: r.minX, y: CGFloat(height) - r.maxY, width: r.width, height: r.height)
    }

    func fill(_ rects: [CGRect], color: CGColor) {
        context.setFillColor(color)
        context.fill(rects.map(flipped))
    }

    func text(_ text: String, at origin: CGPoint, height: Double, color: CGColor) {
        fill(LabelGlyphs.rects(for: text, at: origin, height: height), color: color)
    }

    func draw(_ bitmap: PremultipliedRGBA8Bitmap, in rect: CGRect) {
        context.draw(CGImage(bitmap: bitmap), in: flipped(rect))
    }

    var bitmap: PremultipliedRGBA8Bitmap { context.bitmap }
}
