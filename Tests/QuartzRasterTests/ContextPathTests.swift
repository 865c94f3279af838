// The context's current path: the CTM applies when points are added, reading back maps into the current
// user space, drawing clears the path, and fill rules.
// Sources: Quartz 2D Programming Guide, "Paths" ("the current transformation matrix is applied to the
// points as they are added"; "Quartz … clears the current path after painting"); Apple CGContext docs:
// fillPath(using:) (each subpath closed; path cleared), currentPointOfPath, boundingBoxOfPath
// (CGRectNull when there is no path), path, isPathEmpty, drawPath(using:) (CGPathDrawingMode).
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite("Context path")
struct ContextPathTests {
    @Test func pointsAreFixedInDeviceSpaceWhenAdded() {
        let c = contextMake(width: 4, height: 1)
        c.translateBy(x: 2, y: 0)
        c.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        c.translateBy(x: -2, y: 0)  // moving the CTM afterwards does not move the path
        #expect(c.currentPointOfPath == CGPoint(x: 2, y: 0))
        #expect(c.boundingBoxOfPath == CGRect(x: 2, y: 0, width: 1, height: 1))
        #expect(c.path?.boundingBox == CGRect(x: 2, y: 0, width: 1, height: 1))
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.fillPath()
        #expect(c.bitmap.pixels == [0, 0, contextOpaqueBlack, 0])
        #expect(c.isPathEmpty)
        #expect(c.path == nil)
        #expect(c.boundingBoxOfPath.isNull)
        #expect(c.currentPointOfPath == .zero)
    }

    @Test func readingBackUsesTheCurrentUserSpace() {
        let c = contextMake(width: 8, height: 8)
        c.scaleBy(x: 2, y: 2)
        c.move(to: CGPoint(x: 1, y: 1))
        c.addLine(to: CGPoint(x: 3, y: 1))
        c.scaleBy(x: 0.5, y: 0.5)  // back to device units
        #expect(c.currentPointOfPath == CGPoint(x: 6, y: 2))
        #expect(c.boundingBoxOfPath == CGRect(x: 2, y: 2, width: 4, height: 0))
        #expect(!c.isPathEmpty)
    }

    @Test func evenOddLeavesAHoleWindingDoesNot() {
        for (mode, centre) in [(CGPathDrawingMode.fill, contextOpaqueBlack), (.eoFill, 0)] {
            let c = contextMake(width: 6, height: 6)
            c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
            c.addRect(CGRect(x: 0, y: 0, width: 6, height: 6))
            c.addRect(CGRect(x: 2, y: 2, width: 2, height: 2))  // same orientation: winding 2 inside
            c.drawPath(using: mode)
            #expect(contextPixel(c, 2, 2).packed == centre)
            #expect(contextPixel(c, 0, 0).packed == contextOpaqueBlack)
            #expect(c.isPathEmpty)
        }
    }

    @Test func fillStrokePaintsBothWithTheirColours() {
        // A 4 × 4 square with a width-2 stroke centred on its edges: the stroke covers [0, 2] and [6, 8].
        let c = contextMake(width: 8, height: 8)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.setLineWidth(2)
        c.addRect(CGRect(x: 1, y: 1, width: 6, height: 6))
        c.drawPath(using: .fillStroke)
        #expect(contextPixel(c, 0, 4).packed == contextOpaqueBlue)
        #expect(contextPixel(c, 1, 4).packed == contextOpaqueBlue)
        #expect(contextPixel(c, 2, 4).packed == contextOpaqueRed)
        #expect(contextPixel(c, 5, 4).packed == contextOpaqueRed)
        #expect(contextPixel(c, 6, 4).packed == contextOpaqueBlue)
    }

    @Test func openSubpathsAreClosedForFilling() {
        let c = contextMake(width: 2, height: 2)
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 2, y: 0), CGPoint(x: 2, y: 2), CGPoint(x: 0, y: 2)])
        c.fillPath()
        #expect(c.bitmap.pixels.allSatisfy { $0 == contextOpaqueBlack })
    }

    @Test func curvesArcsAndEllipsesFillTheirArea() {
        // A disc of radius 8 flattened within 0.01 px: the inscribed polygon loses at most
        // perimeter × flatness ≈ 0.5 px² of π · 64 ≈ 201 px², so total alpha is within 0.3 % of 255 · π · 64.
        let c = contextMake(width: 20, height: 20)
        c.setFlatness(0.01)
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.addArc(center: CGPoint(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        c.fillPath()
        let discMass = Double(contextAlphaRows(c).joined().reduce(0, +))
        #expect(abs(discMass / (255 * .pi * 64) - 1) < 0.003)
        // With the default flatness (0.1 px) the loss is at most perimeter × 0.1 ≈ 5 px² (2.5 %).
        let e = contextMake(width: 20, height: 20)
        e.fillEllipse(in: CGRect(x: 2, y: 2, width: 16, height: 16))
        let ellipseMass = Double(contextAlphaRows(e).joined().reduce(0, +))
        #expect(ellipseMass <= discMass && ellipseMass / discMass > 0.975)
    }

    @Test func straightCurvesCoverExactlyATriangle() {
        // A quadratic and a cubic whose control points lie on their chords are straight: the triangle
        // x + y ≤ 4 (device, y up) covers whole pixels below the diagonal and half of each diagonal pixel.
        let t = contextMake(width: 4, height: 4)
        t.move(to: CGPoint(x: 0, y: 0))
        t.addQuadCurve(to: CGPoint(x: 4, y: 0), control: CGPoint(x: 2, y: 0))
        t.addCurve(to: CGPoint(x: 0, y: 4), control1: CGPoint(x: 8.0 / 3, y: 4.0 / 3), control2: CGPoint(x: 4.0 / 3, y: 8.0 / 3))
        t.closePath()
        t.fillPath()
        for row in 0..<4 {
            for x in 0..<4 {
                let deviceY = 3 - row  // raster row → the device pixel's lower edge
                let expected = x + deviceY + 2 <= 4 ? 255 : (x + deviceY + 1 == 4 ? 128 : 0)
                #expect(Int(contextPixel(t, x, row).a) == expected, "pixel \(x), \(row)")
            }
        }
    }

    @Test func tangentArcsAndAddedPathsGoThroughTheCTM() {
        // Apple, addArc(tangent1End:tangent2End:radius:): a line to the first tangent point, then the arc to
        // the second. Rounding the corner (10, 0) → (10, 10) with radius 2 ends at (10, 2).
        let c = contextMake(width: 16, height: 16)
        c.translateBy(x: 3, y: 1)
        c.move(to: CGPoint(x: 0, y: 0))
        c.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
        #expect(abs(c.currentPointOfPath.x - 10) < 1e-9 && abs(c.currentPointOfPath.y - 2) < 1e-9)
        #expect(abs(c.convertToDeviceSpace(c.currentPointOfPath).x - 13) < 1e-9)
        c.beginPath()
        c.addPath(CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 1)))
        c.addRects([CGRect(x: 4, y: 0, width: 1, height: 1)])
        #expect(c.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 5, height: 1))
        c.fillPath()
        // Device rows y ∈ [1, 2] = raster row 14; columns 3, 4 and 7.
        #expect(contextAlphaRows(c)[14] == [0, 0, 0, 255, 255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func pathContainsUsesFillRulesAndStroke() {
        let c = contextMake(width: 10, height: 10)
        c.addRect(CGRect(x: 0, y: 0, width: 6, height: 6))
        c.addRect(CGRect(x: 2, y: 2, width: 2, height: 2))
        #expect(c.pathContains(CGPoint(x: 3, y: 3), mode: .fill))
        #expect(!c.pathContains(CGPoint(x: 3, y: 3), mode: .eoFill))
        c.setLineWidth(2)
        #expect(c.pathContains(CGPoint(x: 6.5, y: 3), mode: .stroke))
        #expect(!c.pathContains(CGPoint(x: 7.5, y: 3), mode: .stroke))
    }

    @Test func replacePathWithStrokedPathFillsLikeTheStroke() {
        let a = contextMake(width: 10, height: 10)
        a.setLineWidth(3)
        a.move(to: CGPoint(x: 1, y: 5))
        a.addLine(to: CGPoint(x: 9, y: 5))
        a.strokePath()
        let b = contextMake(width: 10, height: 10)
        b.setLineWidth(3)
        b.move(to: CGPoint(x: 1, y: 5))
        b.addLine(to: CGPoint(x: 9, y: 5))
        b.replacePathWithStrokedPath()
        b.fillPath()
        #expect(a.bitmap == b.bitmap)
        #expect(contextPixel(a, 4, 4).a == 255)
    }
}
