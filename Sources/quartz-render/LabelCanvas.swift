// The drawing surface of the contact sheet and the frame-time chart: y-down pixel rectangles, images and
// text labels over a CGContext (whose device space is y up, Core Graphics' convention). Labels are DejaVu
// Sans through the font library, drawn with Core Text; when no font is installed at all, labels are left
// out with one warning and everything else is drawn.
import Foundation
import Logging
import OpenQuartz

final class LabelCanvas {
    let context: CGContext
    let width: Int
    let height: Int

    init(width: Int, height: Int, background: CGColor) throws {
        guard let context = unsafe CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
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

    /// Draws `text` with its top-left at `origin` (y down), digits `height` pixels tall.
    func text(_ text: String, at origin: CGPoint, height: Double, color: CGColor) {
        guard let line = Self.line(text, height: height, color: color) else { return }
        context.textPosition = CGPoint(x: origin.x, y: CGFloat(self.height) - origin.y - CGFloat(height))
        CTLineDraw(line, context)
    }

    /// The width in pixels of `text` drawn `height` pixels tall (0 without a font).
    func textWidth(_ text: String, height: Double) -> Double {
        guard let line = Self.line(text, height: height, color: CGColor(gray: 0, alpha: 1)) else { return 0 }
        return CTLineGetTypographicBounds(line, nil, nil, nil)
    }

    func draw(_ bitmap: PremultipliedRGBA8Bitmap, in rect: CGRect) {
        context.draw(CGImage(bitmap: bitmap), in: flipped(rect))
    }

    var bitmap: PremultipliedRGBA8Bitmap { context.bitmap }

    // MARK: The label font

    /// The family labels are set in (fontconfig substitutes a sans-serif face, with a warning, when it is
    /// not installed).
    static let fontFamily = "DejaVu Sans"

    /// DejaVu Sans' digits are 1493 of its 2048 units per em tall, so a label `height` pixels tall is set at
    /// height · 2048 / 1493 points.
    static let pointsPerDigitPixel = 2048.0 / 1493.0

    /// The label font, or nil (warned about once) when no font is installed.
    static let font: CGFont? = {
        if let font = CGFont(fontFamily) { return font }
        cliLog.warning("labels are left out: \(FontError.noFontsInstalled)")
        return nil
    }()

    static func line(_ text: String, height: Double, color: CGColor) -> CTLine? {
        guard let font, height > 0 else { return nil }
        let ctFont = CTFontCreateWithGraphicsFont(font, CGFloat(height * pointsPerDigitPixel), nil, nil)
        return CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: ctFont, .foregroundColor: color]))
    }
}
