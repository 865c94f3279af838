// Gradients through the context: endpoints, extension options, the CTM, radial geometry.
// Sources: Apple CGContext docs: drawLinearGradient(_:start:end:options:) and
// drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:) (fill the clipping region;
// CGGradientDrawingOptions .drawsBeforeStartLocation / .drawsAfterEndLocation extend the end colours);
// spec §2.4 (colours interpolate unpremultiplied). The gradient table has 1025 entries,
// so a colour is within 1/2048 of the gradient length of exact: ±1 in 8 bits.
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite("Context gradients")
struct ContextGradientTests {
    static let redToBlue = CGGradient(
        colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
        locations: nil)!

    static func redChannel(_ c: CGContext) -> [Int] { (0..<c.width).map { Int(contextPixel(c, $0, 0).r) } }

    @Test func linearGradientFromStartToEnd() {
        let c = contextMake(width: 10, height: 1)
        c.drawLinearGradient(Self.redToBlue, start: .zero, end: CGPoint(x: 10, y: 0), options: [])
        for x in 0..<10 {
            let t = (Double(x) + 0.5) / 10
            let p = contextPixel(c, x, 0)
            #expect(abs(Int(p.r) - Int((255 * (1 - t)).rounded())) <= 1)
            #expect(abs(Int(p.b) - Int((255 * t).rounded())) <= 1)
            #expect(p.a == 255 && p.g == 0)
        }
    }

    @Test func extensionOptions() {
        let start = CGPoint(x: 2, y: 0), end = CGPoint(x: 8, y: 0)
        let none = contextMake(width: 10, height: 1)
        none.drawLinearGradient(Self.redToBlue, start: start, end: end, options: [])
        #expect(contextPixel(none, 1, 0).a == 0 && contextPixel(none, 8, 0).a == 0 && contextPixel(none, 5, 0).a == 255)
        let both = contextMake(width: 10, height: 1)
        both.drawLinearGradient(
            Self.redToBlue, start: start, end: end, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(contextPixel(both, 0, 0).packed == contextOpaqueRed)
        #expect(contextPixel(both, 9, 0).packed == contextOpaqueBlue)
    }

    @Test func gradientPointsAreInUserSpace() {
        let device = contextMake(width: 10, height: 1)
        device.drawLinearGradient(Self.redToBlue, start: .zero, end: CGPoint(x: 10, y: 0), options: [])
        let scaled = contextMake(width: 10, height: 1)
        scaled.scaleBy(x: 2, y: 1)
        scaled.drawLinearGradient(Self.redToBlue, start: .zero, end: CGPoint(x: 5, y: 0), options: [])
        #expect(device.bitmap == scaled.bitmap)
        // Vertical in a y-up space: start at the bottom is red in the last raster row.
        let vertical = contextMake(width: 1, height: 10)
        vertical.drawLinearGradient(Self.redToBlue, start: .zero, end: CGPoint(x: 0, y: 10), options: [])
        #expect(contextPixel(vertical, 0, 9).r > 240 && contextPixel(vertical, 0, 0).b > 240)
    }

    @Test func radialGradientCircles() {
        let c = contextMake(width: 20, height: 20)
        c.drawRadialGradient(
            Self.redToBlue, startCenter: CGPoint(x: 10, y: 10), startRadius: 0, endCenter: CGPoint(x: 10, y: 10),
            endRadius: 8, options: [])
        // t = distance / 8 at the centre of pixel (13, raster 9): centre (13.5, 10.5) is √(12.5) from (10, 10).
        let t = 12.5.squareRoot() / 8
        let p = contextPixel(c, 13, 9)
        #expect(abs(Int(p.r) - Int((255 * (1 - t)).rounded())) <= 1 && p.a == 255)
        #expect(contextPixel(c, 0, 0).a == 0)  // beyond the end circle without .drawsAfterEndLocation
        let extended = contextMake(width: 20, height: 20)
        extended.drawRadialGradient(
            Self.redToBlue, startCenter: CGPoint(x: 10, y: 10), startRadius: 0, endCenter: CGPoint(x: 10, y: 10),
            endRadius: 8, options: .drawsAfterEndLocation)
        #expect(contextPixel(extended, 0, 0).packed == contextOpaqueBlue)
    }
}
