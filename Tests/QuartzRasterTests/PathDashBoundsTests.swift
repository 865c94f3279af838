// Bounded work for dashed and wide strokes. Apple documents the dash pattern only as "the lengths of the
// painted and unpainted segments" (developer.apple.com/documentation/coregraphics/cgcontext/setlinedash(phase:lengths:))
// and the line width only as a width in user space; it is silent on patterns that cannot be laid out and on
// widths beyond the drawing. The rules pinned here (PathDashing.swift, PathDashCulling.swift,
// CGContext+Drawing.swift): a pattern with a zero or non-finite total draws solid, like every invalid pattern
// (PostScript's setdash, which Core Graphics follows, refuses such patterns); dashes that cannot reach the
// painted pixels are left out, which changes no pixel; past `PathDashCulling.maximumOutlineVertices` the
// stroke is drawn undashed; a half width beyond 1024 times the farthest path-to-canvas distance is clamped,
// which the pen's coverage of the canvas does not notice.
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite struct PathDashBoundsTests {
    static func lengths(_ contours: [FlattenedPathContour]) -> [Double] {
        contours.map { ($0.length * 1e9).rounded() / 1e9 }
    }

    static let line = [FlattenedPathContour(points: [SIMD2(0, 0), SIMD2(100, 0)], isClosed: false)]

    /// Finite lengths whose total overflows to +∞ are an invalid pattern: the contour comes back undashed,
    /// whatever the phase (a negative one used to loop forever, ∞ − length staying ∞).
    @Test func patternWhoseTotalOverflowsDrawsSolid() {
        let patterns: [[Double]] = [[1.7e308, 1.7e308], [1e308], [1, .greatestFiniteMagnitude, .greatestFiniteMagnitude]]
        for lengths in patterns {
            #expect(PathDashing.validPattern(lengths) == nil)
            for phase: Double in [0, -5, 3, -.greatestFiniteMagnitude] {
                #expect(Self.lengths(PathDashing.dash(Self.line, phase: phase, lengths: lengths)) == [100])
            }
        }
        // Through a context: the same pixels as the undashed stroke.
        func stroke(_ lengths: [CGFloat]) -> PremultipliedRGBA8Bitmap {
            let c = contextMake(width: 32, height: 32)
            c.setLineWidth(3)
            c.setLineDash(phase: -5, lengths: lengths)
            c.strokeLineSegments(between: [CGPoint(x: 2, y: 4), CGPoint(x: 30, y: 28)])
            return c.bitmap
        }
        #expect(stroke([1e308]) == stroke([]))
    }

    /// `maximumDashCount` (2^20) bounds the dashes of a whole path, not only of each subpath: nine subpaths
    /// of 2^17 dashes each are drawn undashed, eight are dashed. A subpath over the limit on its own is drawn
    /// undashed and does not count against the others.
    @Test func dashCountIsBoundedPerPath() {
        func lines(_ count: Int, length: Double) -> [FlattenedPathContour] {
            (0..<count).map { i in
                FlattenedPathContour(points: [SIMD2(0, Double(i)), SIMD2(length, Double(i))], isClosed: false)
            }
        }
        let nine = PathDashing.dash(lines(9, length: 0x1p18), phase: 0, lengths: [1, 1])
        #expect(Self.lengths(nine) == Array(repeating: 0x1p18, count: 9))
        #expect(PathDashing.dashCountFits(Array(repeating: 0x1p18, count: 8), pattern: [1, 1]))
        #expect(!PathDashing.dashCountFits(Array(repeating: 0x1p18, count: 9), pattern: [1, 1]))
        let mixed = PathDashing.dash(lines(1, length: 3e6) + [FlattenedPathContour(
            points: [SIMD2(0, 5), SIMD2(10, 5)], isClosed: false)], phase: 0, lengths: [1, 1])
        #expect(Self.lengths(mixed) == [3e6, 1, 1, 1, 1, 1])
    }

    /// The two loops of `dashIntervals` are bounded by the pattern's size and the number of periods, and
    /// ordinary patterns lay out as before.
    @Test func dashIntervalsEnd() {
        let intervals = PathDashing.dashIntervals(length: 10, pattern: [1, 1], phase: -1e-300)
        let everyOther: [PathArcInterval] = (0..<5).map { k in PathArcInterval(start: Double(2 * k), end: Double(2 * k + 1)) }
        #expect(intervals == everyOther)
        let dots: [PathArcInterval] = [0.0, 5, 10].map { x in PathArcInterval(start: x, end: x) }
        #expect(PathDashing.dashIntervals(length: 10, pattern: [0, 5], phase: 0) == dots)
        // A phase just below a whole period leaves a rounding residue after one pass through the pattern.
        let residue = PathDashing.dashIntervals(length: 1, pattern: [0.1, 0.2], phase: -1e-17) ?? []
        #expect(residue.count == 4)
        let firstEnd = residue.first?.end ?? 0
        #expect(residue.first?.start == 0 && abs(firstEnd - 0.1) < 1e-15)
        #expect(PathDashing.dashIntervals(length: 10, pattern: [1, .infinity], phase: -1) == nil)
        #expect(PathDashing.dashIntervals(length: .infinity, pattern: [1, 1], phase: 0) == nil)
    }

    /// Dashes that cannot reach the painted pixels are dropped before outlining, and the picture is
    /// bit-identical to filling the full dashed outline (`replacePathWithStrokedPath` keeps every dash): with
    /// each cap, join, a rotated CTM, a clip and a shadow.
    @Test(arguments: [CGLineCap.butt, .round, .square], [CGLineJoin.miter, .round, .bevel])
    func culledDashesChangeNoPixel(cap: CGLineCap, join: CGLineJoin) {
        for setup in 0..<3 {
            func draw(full: Bool) -> (PremultipliedRGBA8Bitmap, Int) {
                let c = contextMake(width: 32, height: 32)
                c.setStrokeColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.75)
                c.setFillColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.75)
                switch setup {
                case 1:
                    c.translateBy(x: 16, y: 16)
                    c.rotate(by: 0.3)
                    c.translateBy(x: -16, y: -16)
                case 2:
                    c.clip(to: CGRect(x: 5, y: 9, width: 13, height: 11))
                    c.setShadow(offset: CGSize(width: 6, height: -4), blur: 2)
                default: break
                }
                c.setLineWidth(3)
                c.setLineCap(cap)
                c.setLineJoin(join)
                c.setLineDash(phase: 1.5, lengths: [4, 3, 0.5, 2])
                // A zigzag far wider than the canvas, and a closed square around it.
                c.move(to: CGPoint(x: -2000, y: 10))
                for i in 1...40 { c.addLine(to: CGPoint(x: -2000 + Double(i) * 100, y: i % 2 == 0 ? 10 : 22)) }
                c.addRect(CGRect(x: -300, y: -300, width: 632, height: 632))
                let outline = c.strokeOutlineForPainting()
                let loops = outline?.elementTypes.filter { $0 == .moveToPoint }.count ?? 0
                if full {
                    c.replacePathWithStrokedPath()
                    c.fillPath()
                } else {
                    c.strokePath()
                }
                return (c.bitmap, loops)
            }
            let (culled, kept) = draw(full: false)
            let (full, _) = draw(full: true)
            #expect(culled == full, "setup \(setup)")
            #expect(kept > 0 && kept < 400, "setup \(setup): \(kept) loops kept")
        }
    }

    /// 2^20 round-capped dashes on a line 3·2^20 long, 1e7 wide: each dash reaches the canvas and its caps
    /// take 1024 chords each, about 2·10^9 outline vertices before the bound. Past the budget the stroke is
    /// drawn undashed: one loop, and a pen that wide covers the whole canvas.
    @Test func tooMuchDashWorkDrawsUndashed() {
        let c = contextMake(width: 32, height: 32)
        c.setLineWidth(1e7)
        c.setLineCap(.round)
        c.setLineDash(phase: 0, lengths: [1, 2])
        c.move(to: CGPoint(x: -1.5 * 0x1p20, y: 16))
        c.addLine(to: CGPoint(x: 1.5 * 0x1p20, y: 16))
        let outline = c.strokeOutlineForPainting()
        #expect(outline?.elementTypes.filter { $0 == .moveToPoint }.count == 1)
        c.strokePath()
        #expect(c.bitmap.pixels.allSatisfy { $0 == 0xFF00_0000 })
        // An ordinary dashed line keeps the dashes that reach the canvas.
        let few = contextMake(width: 32, height: 32)
        few.setLineWidth(2)
        few.setLineCap(.round)
        few.setLineDash(phase: 0, lengths: [0.5, 0.5])
        few.move(to: CGPoint(x: -20, y: 16))
        few.addLine(to: CGPoint(x: 80, y: 16))
        #expect(few.strokeOutlineForPainting()?.elementTypes.filter { $0 == .moveToPoint }.count ?? 0 > 30)
    }

    /// A width of 1.7e308 passes the finiteness test; clamped, it paints what any pen wider than the canvas
    /// paints: butt caps the band over the segment, round caps everything. Unclamped, the stroker merged the
    /// segment's points (closer than h·1e-9) and a butt-capped stroke painted nothing.
    @Test(arguments: [CGLineCap.butt, .square, .round])
    func hugeWidthPaintsLikeAPenWiderThanTheCanvas(cap: CGLineCap) {
        func stroke(width: CGFloat) -> PremultipliedRGBA8Bitmap {
            let c = contextMake(width: 32, height: 32)
            c.setLineWidth(width)
            c.setLineCap(cap)
            c.strokeLineSegments(between: [CGPoint(x: 8, y: 16), CGPoint(x: 24, y: 16)])
            return c.bitmap
        }
        let huge = stroke(width: 1.7e308)
        #expect(huge == stroke(width: 1000))
        let expected: [UInt32] = (0..<32 * 32).map { i in
            cap != .butt || (8..<24).contains(i % 32) ? 0xFF00_0000 : 0
        }
        #expect(huge.pixels == expected)
        #expect(CGContext.clampedHalfWidth(
            0.9e308, contours: Self.line, area: CGRect(x: 0, y: 0, width: 32, height: 32)) == 1024 * 11024.0.squareRoot())
        #expect(CGContext.clampedHalfWidth(
            5, contours: Self.line, area: CGRect(x: 0, y: 0, width: 32, height: 32)) == nil)
    }
}
