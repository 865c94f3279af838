// Golden images of typical Core Graphics drawing code ported verbatim in spirit: a UIKit-style flipped
// context drawing a badge (rounded rect with drop shadow, clipped gradient, gloss, border, a notification
// dot with a check mark, a dashed rule). Reviewed by eye when checked in (fixtures/golden/context/).
//
// Tolerance: ±2 per channel. Geometry, coverage and compositing are integer or Double arithmetic and
// reproduce bit for bit; the shadow blur accumulates in Float, whose results may move by one level if a
// future compiler contracts multiply-adds differently, and one level of blur feeds one level of the
// composite. Set OPENQUARTZ_WRITE_CONTEXT_GOLDEN=1 to write a missing golden (then look at it before
// committing); on a mismatch the rendered image is written next to the system temporary directory.
import Foundation
import QuartzMath
import QuartzPNG
import Testing
@testable import QuartzRaster
import QuartzTestSupport

@Suite("Context golden images")
struct ContextGoldenTests {
    static func renderBadge() -> CGContext {
        let c = contextMake(width: 120, height: 64)
        // As CALayer.draw(in:) on iOS and UIGraphicsImageRenderer set it up: origin top-left, y down.
        c.translateBy(x: 0, y: 64)
        c.scaleBy(x: 1, y: -1)
        let badge = CGRect(x: 12, y: 10, width: 96, height: 40)
        let shape = CGPath(roundedRect: badge, cornerWidth: 12, cornerHeight: 12, transform: nil)

        c.saveGState()
        c.setShadow(offset: CGSize(width: 0, height: -4), blur: 8, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.45))
        c.setFillColor(red: 0.15, green: 0.35, blue: 0.85, alpha: 1)
        c.addPath(shape)
        c.fillPath()
        c.restoreGState()

        c.saveGState()
        c.addPath(shape)
        c.clip()
        let colors = [CGColor(red: 0.45, green: 0.7, blue: 1, alpha: 1), CGColor(red: 0.1, green: 0.25, blue: 0.7, alpha: 1)]
        let locations: [CGFloat] = [0, 1]
        let gradient = CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB), colors: colors, locations: locations)!
        c.drawLinearGradient(
            gradient, start: CGPoint(x: 0, y: badge.minY), end: CGPoint(x: 0, y: badge.maxY), options: [])
        c.setFillColor(gray: 1, alpha: 0.25)
        c.fill(CGRect(x: badge.minX, y: badge.minY, width: badge.width, height: badge.height / 2))
        c.restoreGState()

        c.setStrokeColor(gray: 1, alpha: 0.8)
        c.setLineWidth(2)
        c.addPath(CGPath(roundedRect: badge.insetBy(dx: 1, dy: 1), cornerWidth: 11, cornerHeight: 11, transform: nil))
        c.strokePath()

        c.setFillColor(red: 0.95, green: 0.2, blue: 0.2, alpha: 1)
        c.fillEllipse(in: CGRect(x: 92, y: 4, width: 20, height: 20))
        c.setStrokeColor(gray: 1, alpha: 1)
        c.setLineWidth(2.5)
        c.setLineCap(.round)
        c.setLineJoin(.round)
        c.move(to: CGPoint(x: 97, y: 14))
        c.addLine(to: CGPoint(x: 101, y: 18))
        c.addLine(to: CGPoint(x: 107, y: 10))
        c.strokePath()

        c.setStrokeColor(red: 0.2, green: 0.2, blue: 0.25, alpha: 1)
        c.setLineWidth(1)
        c.setLineCap(.butt)
        c.setLineDash(phase: 0, lengths: [4, 2])
        c.strokeLineSegments(between: [CGPoint(x: 24, y: 58.5), CGPoint(x: 96, y: 58.5)])
        return c
    }

    @Test func badgeMatchesGolden() throws {
        let rendered = Self.renderBadge().bitmap
        let path = fixturesDirectory.appendingPathComponent("golden/context/badge.png").path
        if !FileManager.default.fileExists(atPath: path) {
            guard ProcessInfo.processInfo.environment["OPENQUARTZ_WRITE_CONTEXT_GOLDEN"] == "1" else {
                Issue.record("missing golden \(path); set OPENQUARTZ_WRITE_CONTEXT_GOLDEN=1 to write it, then review it")
                return
            }
            try PNGWriter.write(rendered, to: path)
            return
        }
        let golden = try PNGReader.read(contentsOf: path)
        #expect(golden.width == rendered.width && golden.height == rendered.height)
        guard golden.width == rendered.width, golden.height == rendered.height else { return }
        // The PNG stores straight alpha, so compare straight values (premultiplication round-trips within 1).
        let a = golden.straightRGBA8Bytes(), b = rendered.straightRGBA8Bytes()
        var worst = 0
        for i in 0..<a.count where b[i / 4 * 4 + 3] != 0 || a[i / 4 * 4 + 3] != 0 {
            worst = max(worst, abs(Int(a[i]) - Int(b[i])))
        }
        if worst > 2 {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("context-badge-actual.png").path
            try? PNGWriter.write(rendered, to: out)
            Issue.record("badge differs from the golden by up to \(worst) levels; rendered image written to \(out)")
        }
        // Spot checks that do not depend on the golden: the dot is opaque red-ish, the shadow darkens below.
        #expect(rendered[102, 14].a == 255 && rendered[102, 8].r > 200)
        #expect(rendered[60, 53].a > 40 && rendered[60, 53].a < 200)
    }
}
