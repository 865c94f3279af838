// Stroking through the context: widths in user space, caps, dashes, segments and rectangles.
// Sources: Apple CGContext docs: setLineWidth ("the line width … in user space units"), setLineCap
// (butt: squared off at the endpoint; square: extends half the line width beyond the endpoint),
// setLineDash(phase:lengths:) (painted and unpainted lengths, phase = how far into the pattern to start),
// strokeLineSegments(between:) (pairs of points), stroke(_:width:); Quartz 2D Programming Guide, "Paths"
// (the stroke is transformed by the CTM, so a non-uniform scale changes its thickness per direction).
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite("Context stroke")
struct ContextStrokeTests {
    /// Alpha of the middle column of each raster row.
    static func column(_ c: CGContext, _ x: Int) -> [Int] {
        (0..<c.height).map { Int(contextPixel(c, x, $0).a) }
    }

    static func row(_ c: CGContext, _ y: Int) -> [Int] {
        (0..<c.width).map { Int(contextPixel(c, $0, y).a) }
    }

    static func horizontalLine(_ c: CGContext, y: CGFloat, from x0: CGFloat, to x1: CGFloat) {
        c.move(to: CGPoint(x: x0, y: y))
        c.addLine(to: CGPoint(x: x1, y: y))
        c.strokePath()
    }

    @Test func widthTwoCoversTwoWholeRows() {
        // y = 2 with width 2 covers device y ∈ [1, 3]: raster rows 1 and 2 of 4; butt caps end at x = 1 and 5.
        let c = contextMake(width: 6, height: 4)
        c.setLineWidth(2)
        Self.horizontalLine(c, y: 2, from: 1, to: 5)
        #expect(Self.column(c, 3) == [0, 255, 255, 0])
        #expect(Self.row(c, 1) == [0, 255, 255, 255, 255, 0])
    }

    @Test func widthOneOnAPixelBoundaryHalfCoversTwoRows() {
        let c = contextMake(width: 6, height: 4)
        Self.horizontalLine(c, y: 2, from: 1, to: 5)  // default width 1: y ∈ [1.5, 2.5]
        #expect(Self.column(c, 3) == [0, 128, 128, 0])
    }

    @Test func squareAndRoundCapsExtendByHalfTheWidth() {
        let square = contextMake(width: 8, height: 4)
        square.setLineWidth(2)
        square.setLineCap(.square)
        Self.horizontalLine(square, y: 2, from: 2, to: 6)
        #expect(Self.row(square, 1) == [0, 255, 255, 255, 255, 255, 255, 0])
        let round = contextMake(width: 8, height: 4)
        round.setLineWidth(2)
        round.setLineCap(.round)
        round.setFlatness(0.01)
        Self.horizontalLine(round, y: 2, from: 2, to: 6)
        // A half disc of radius 1 on each end: the end pixels hold a quarter disc, π/4 of a pixel. Flattened
        // within 0.01 px, the arc (length π/2) loses at most π/2 · 0.01 px² ≈ 4/255.
        let quarterDisc = Int((255 * Double.pi / 4).rounded())
        #expect(abs(Int(contextPixel(round, 1, 1).a) - quarterDisc) <= 4)
        #expect(contextPixel(round, 0, 1).a == 0)
    }

    @Test func theCTMScalesTheWidthPerDirection() {
        // scale(1, 2): a width-1 horizontal line becomes 2 px tall; scale(2, 1) leaves its thickness at 1.
        let tall = contextMake(width: 6, height: 4)
        tall.scaleBy(x: 1, y: 2)
        Self.horizontalLine(tall, y: 1, from: 1, to: 5)
        #expect(Self.column(tall, 3) == [0, 255, 255, 0])
        let wide = contextMake(width: 12, height: 4)
        wide.scaleBy(x: 2, y: 1)
        Self.horizontalLine(wide, y: 2, from: 1, to: 5)
        #expect(Self.column(wide, 5) == [0, 128, 128, 0])
        #expect(Self.row(wide, 1)[1] == 0 && Self.row(wide, 1)[2] == 128 && Self.row(wide, 1)[10] == 0)
    }

    @Test func dashesAlternateFromThePhase() {
        let c = contextMake(width: 8, height: 2)
        c.setLineWidth(2)
        c.setLineDash(phase: 0, lengths: [2, 2])
        Self.horizontalLine(c, y: 1, from: 0, to: 8)
        #expect(Self.row(c, 0) == [255, 255, 0, 0, 255, 255, 0, 0])
        let shifted = contextMake(width: 8, height: 2)
        shifted.setLineWidth(2)
        shifted.setLineDash(phase: 1, lengths: [2, 2])
        Self.horizontalLine(shifted, y: 1, from: 0, to: 8)
        #expect(Self.row(shifted, 0) == [255, 0, 0, 255, 255, 0, 0, 255])
        // An empty pattern turns dashing off again.
        shifted.setLineDash(phase: 0, lengths: [])
        Self.horizontalLine(shifted, y: 1, from: 0, to: 8)
        #expect(Self.row(shifted, 1).allSatisfy { $0 == 255 })
    }

    @Test func dashLengthsAreInUserSpace() {
        let c = contextMake(width: 8, height: 2)
        c.scaleBy(x: 2, y: 1)
        c.setLineWidth(2)
        c.setLineDash(phase: 0, lengths: [1, 1])  // 2 device px on, 2 off
        Self.horizontalLine(c, y: 1, from: 0, to: 4)
        #expect(Self.row(c, 0) == [255, 255, 0, 0, 255, 255, 0, 0])
    }

    @Test func lineSegmentsArePaintedSeparately() {
        let c = contextMake(width: 8, height: 2)
        c.setLineWidth(2)
        c.strokeLineSegments(between: [
            CGPoint(x: 0, y: 1), CGPoint(x: 2, y: 1), CGPoint(x: 5, y: 1), CGPoint(x: 7, y: 1), CGPoint(x: 8, y: 1),
        ])
        #expect(Self.row(c, 0) == [255, 255, 0, 0, 0, 255, 255, 0])
        #expect(c.isPathEmpty)
    }

    @Test func strokeRectWithWidthKeepsTheStateWidth() {
        let c = contextMake(width: 8, height: 8)
        c.stroke(CGRect(x: 2, y: 2, width: 4, height: 4), width: 2)
        // Width 2 centred on x = 2 covers columns 1 and 2 on the middle rows.
        #expect(Self.row(c, 4) == [0, 255, 255, 0, 0, 255, 255, 0])
        let d = contextMake(width: 8, height: 8)
        d.stroke(CGRect(x: 2, y: 2, width: 4, height: 4), width: 2)
        d.stroke(CGRect(x: 0.5, y: 0.5, width: 7, height: 7))  // width back to 1: one whole pixel ring
        #expect(Self.row(d, 4) == [255, 255, 255, 0, 0, 255, 255, 255])
        #expect(Self.row(d, 0).allSatisfy { $0 == 255 })
    }

    @Test func joinsFollowTheMiterLimit() {
        // A right-angle corner: the miter ratio is 1/sin(45°) ≈ 1.414; limit 1 bevels it, limit 10 keeps it.
        func corner(_ limit: CGFloat) -> Int {
            let c = contextMake(width: 10, height: 10)
            c.setLineWidth(4)
            c.setMiterLimit(limit)
            c.move(to: CGPoint(x: 2, y: 2))
            c.addLine(to: CGPoint(x: 8, y: 2))
            c.addLine(to: CGPoint(x: 8, y: 8))
            c.strokePath()
            return Int(contextPixel(c, 9, 9).a)  // the outer corner pixel: device square [9, 10] × [0, 1]
        }
        #expect(corner(10) == 255)
        #expect(corner(1) == 0)
    }

    @Test func zeroAndNegativeWidthsStrokeNothing() {
        for w: CGFloat in [0, -2, .nan, .infinity] {
            let c = contextMake(width: 4, height: 4)
            c.setLineWidth(w)
            Self.horizontalLine(c, y: 2, from: 0, to: 4)
            #expect(c.bitmap.pixels.allSatisfy { $0 == 0 })
        }
    }
}
