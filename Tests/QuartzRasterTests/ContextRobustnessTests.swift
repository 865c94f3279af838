// Bad input never crashes, hangs or allocates without bound: NaN, infinities, 1e30, singular transforms,
// degenerate sizes, absurd dash patterns and blurs, unbalanced state calls. (House rule; Apple documents
// no behaviour for most of these, so "draws nothing, changes no state it should not" is the contract.)
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite("Context robustness")
struct ContextRobustnessTests {
    static let bad: [CGFloat] = [.nan, .infinity, -.infinity, 1e30, -1e30, 1e300]

    @Test func nonFiniteGeometryDrawsNothingOrStaysFinite() {
        for v in Self.bad {
            let c = contextMake(width: 8, height: 8)
            let points = [CGPoint(x: v, y: 1), CGPoint(x: 1, y: v), CGPoint(x: v, y: v)]
            c.fill(CGRect(x: v, y: 1, width: 2, height: 2))
            c.fill([CGRect(x: 1, y: 1, width: v, height: 2)])
            c.fillEllipse(in: CGRect(x: 1, y: v, width: 2, height: 2))
            c.strokeEllipse(in: CGRect(x: v, y: v, width: v, height: v))
            c.stroke(CGRect(x: 1, y: 1, width: 2, height: v), width: v)
            c.strokeLineSegments(between: points)
            c.move(to: points[0])
            c.addLine(to: points[1])
            c.addCurve(to: points[2], control1: points[0], control2: points[1])
            c.addQuadCurve(to: points[1], control: points[2])
            c.addArc(center: points[0], radius: v, startAngle: v, endAngle: 1, clockwise: true)
            c.addArc(tangent1End: points[1], tangent2End: points[2], radius: v)
            c.addLines(between: points)
            c.addRects([CGRect(x: v, y: v, width: 1, height: 1)])
            c.drawPath(using: .eoFillStroke)
            c.draw(contextImage([[contextOpaqueRed]]), in: CGRect(x: v, y: 0, width: 1, height: v))
            c.draw(contextImage([[contextOpaqueRed]]), in: CGRect(x: 0, y: 0, width: v, height: 1), byTiling: true)
            c.drawLinearGradient(
                ContextGradientTests.redToBlue, start: points[0], end: points[1], options: .drawsAfterEndLocation)
            c.drawRadialGradient(
                ContextGradientTests.redToBlue, startCenter: points[2], startRadius: v, endCenter: .zero, endRadius: v,
                options: [])
            c.clear(CGRect(x: v, y: v, width: v, height: v))
            c.setShadow(offset: CGSize(width: v, height: 1), blur: v)
            c.fill(CGRect(x: 1, y: 1, width: 1, height: 1))
            // Every pixel is still a valid premultiplied value.
            #expect(c.bitmap.pixels.allSatisfy { p in
                let a = p >> 24
                return (p & 0xFF) <= a && (p >> 8 & 0xFF) <= a && (p >> 16 & 0xFF) <= a
            })
            _ = c.boundingBoxOfPath
            _ = c.path
            _ = c.currentPointOfPath
        }
    }

    @Test func hugeRectanglesCoverTheContext() {
        let c = contextMake(width: 4, height: 4)
        c.fill(CGRect(x: -1e30, y: -1e30, width: 2e30, height: 2e30))
        #expect(c.bitmap.pixels.allSatisfy { $0 == contextOpaqueBlack })
        let p = contextMake(width: 4, height: 4)
        p.rotate(by: 0.3)
        p.fill(CGRect(x: -1e30, y: -1e30, width: 2e30, height: 2e30))
        #expect(p.bitmap.pixels.allSatisfy { $0 == contextOpaqueBlack })
    }

    @Test func nonFiniteAndSingularTransformsDrawNothing() {
        for t in [
            CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0),
            CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
            CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0),
            CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
        ] {
            let c = contextMake(width: 4, height: 4)
            c.concatenate(t)
            c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            c.setLineWidth(2)
            c.stroke(CGRect(x: 0, y: 0, width: 2, height: 2))
            c.draw(contextImage([[contextOpaqueRed]]), in: CGRect(x: 0, y: 0, width: 2, height: 2))
            c.drawLinearGradient(ContextGradientTests.redToBlue, start: .zero, end: CGPoint(x: 1, y: 0), options: [])
            c.clip(to: CGRect(x: 0, y: 0, width: 1, height: 1))
            _ = c.boundingBoxOfClipPath
            _ = c.convertToUserSpace(CGPoint(x: 1, y: 1))
            #expect(c.bitmap.pixels.allSatisfy { $0 == 0 }, "\(t)")
        }
    }

    @Test func absurdDashesAndStylesStayBounded() {
        let c = contextMake(width: 16, height: 4)
        c.setLineWidth(2)
        // 1e-9 dashes would need 1e10 pieces: PathDashing treats the pattern as invalid and strokes solid.
        c.setLineDash(phase: 0, lengths: [1e-9, 1e-9])
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 16, y: 2)])
        #expect(contextAlphaRows(c)[1].allSatisfy { $0 == 255 })
        for lengths: [CGFloat] in [[-1, 2], [.nan], [0, 0], [.infinity, 1]] {
            c.setLineDash(phase: .nan, lengths: lengths)
            c.setMiterLimit(.nan)
            c.setFlatness(.nan)
            c.setFlatness(-5)
            c.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 16, y: 2)])
        }
        #expect(contextAlphaRows(c)[1].allSatisfy { $0 == 255 })
    }

    @Test func unbalancedStateCallsAreIgnored() {
        let c = contextMake(width: 2, height: 2)
        c.restoreGState()
        c.endTransparencyLayer()
        c.closePath()
        c.addLine(to: CGPoint(x: 1, y: 1))  // no current point: ignored
        #expect(c.isPathEmpty)
        c.fillPath()
        c.strokePath()
        c.clip()
        c.resetClip()
        c.beginTransparencyLayer(in: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), auxiliaryInfo: nil)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        c.endTransparencyLayer()
        #expect(c.bitmap.pixels.allSatisfy { $0 == 0 })
    }

    @Test func emptyAndDegenerateImages() {
        let c = contextMake(width: 2, height: 2)
        let empty = CGImage(bitmap: PremultipliedRGBA8Bitmap(width: 0, height: 0))
        c.draw(empty, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        c.draw(contextImage([[contextOpaqueRed]]), in: CGRect(x: 0, y: 0, width: 0, height: 2))
        #expect(c.bitmap.pixels.allSatisfy { $0 == 0 })
        c.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2), mask: empty)  // an unusable mask clips everything
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(c.bitmap.pixels.allSatisfy { $0 == 0 })
        // A negative-size rect is standardised, as CGRect's own geometry functions do.
        let n = contextMake(width: 2, height: 1)
        n.draw(contextImage([[contextOpaqueRed, contextOpaqueBlue]]), in: CGRect(x: 2, y: 1, width: -2, height: -1))
        #expect(n.bitmap.pixels == [contextOpaqueRed, contextOpaqueBlue])
    }

    @Test func outputIsDeterministic() {
        func render() -> [UInt32] {
            let c = contextMake(width: 40, height: 30)
            c.setShadow(offset: CGSize(width: 2, height: -3), blur: 5)
            c.setFillColor(red: 0.2, green: 0.5, blue: 0.8, alpha: 0.9)
            c.addArc(center: CGPoint(x: 20, y: 15), radius: 9, startAngle: 0.3, endAngle: 5, clockwise: false)
            c.fillPath()
            c.setLineDash(phase: 0.5, lengths: [3, 2])
            c.setLineWidth(1.5)
            c.stroke(CGRect(x: 4.3, y: 3.1, width: 30, height: 20))
            return c.bitmap.pixels
        }
        #expect(render() == render())
    }
}
