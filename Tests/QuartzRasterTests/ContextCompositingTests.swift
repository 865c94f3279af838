// Compositing through the context: global alpha, blend modes, clear, anti-aliasing switches.
// Sources: Apple CGContext docs: setAlpha(_:) (global alpha multiplies everything painted), setBlendMode(_:)
// and CGBlendMode (Porter-Duff and PDF blend modes, W3C Compositing formulas), clear(_:) ("paints a
// transparent rectangle"), setShouldAntialias(_:) (graphics state) and setAllowsAntialiasing(_:) ("not part
// of the graphics state"; anti-aliasing happens only when both allow it).
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster
import QuartzTestSupport

@Suite("Context compositing")
struct ContextCompositingTests {
    @Test func globalAlphaScalesThePaint() {
        let c = contextMake(width: 1, height: 1)
        c.setAlpha(0.5)
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        // alpha8 = round(0.5 · 255) = 128; white lerped from transparent by 128/255.
        #expect(contextBytes(contextPixel(c, 0, 0)) == [128, 128, 128, 128])
        c.setAlpha(-3)  // clamped to 0: paints nothing
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(contextBytes(contextPixel(c, 0, 0)) == [128, 128, 128, 128])
    }

    @Test func multiplyAndScreenMatchW3CFormulas() {
        // Opaque red over opaque blue: multiply gives black, screen gives magenta (W3C Compositing §10).
        for (mode, expected) in [(CGBlendMode.multiply, contextOpaqueBlack), (.screen, 0xFFFF_00FF as UInt32)] {
            let c = contextMake(width: 1, height: 1)
            c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            c.setBlendMode(mode)
            c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            #expect(contextPixel(c, 0, 0).packed == expected)
        }
    }

    @Test(arguments: CGBlendMode.allCases)
    func everyModeReachesBlendSpanWithCoverageAndAlpha(mode: CGBlendMode) {
        // Destination and source chosen translucent so every mode differs; the right pixel is half covered
        // (x ∈ [1, 1.5]) and global alpha is 0.8: the pixel must equal blendSpan with coverage 128 and alpha 204.
        let destination: UInt32 = 0xA0_30_60_90  // a=160, b=48, g=96, r=144
        let sourceColor = CGColor(red: 0.2, green: 0.9, blue: 0.5, alpha: 0.6)
        let c = contextMake(width: 2, height: 1)
        c.setFillColor(red: 144.0 / 160, green: 96.0 / 160, blue: 48.0 / 160, alpha: 160.0 / 255)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        let before = c.bitmap.pixels
        #expect(before == [destination, destination])
        c.setBlendMode(mode)
        c.setAlpha(0.8)
        c.setFillColor(sourceColor)
        c.fill(CGRect(x: 0, y: 0, width: 1.5, height: 1))
        var expected = before
        let source = [sourceColor.premultipliedRGBA8.packed, sourceColor.premultipliedRGBA8.packed]
        let coverage: [UInt8] = [255, 128]
        source.withUnsafeBufferPointer { s in
            coverage.withUnsafeBufferPointer { m in
                expected.withUnsafeMutableBufferPointer { d in
                    blendSpan(mode, source: s.baseAddress!, coverage: m.baseAddress!, alpha: 204, destination: d.baseAddress!, count: 2)
                }
            }
        }
        #expect(c.bitmap.pixels == expected)
    }

    @Test func fullCoverageSourceOverMatchesBlendSpan() {
        // Interior pixels of a solid fill take a fast path; it must equal blendSpan's normal mode exactly,
        // over many destinations (translucent, opaque, empty) and translucent sources.
        var random = PaintTestRandom(seed: 7)
        for _ in 0..<50 {
            let destination = (0..<8).map { _ in random.premultipliedPixel() }
            let color = CGColor(
                red: Double(random.byte()) / 255, green: Double(random.byte()) / 255, blue: Double(random.byte()) / 255,
                alpha: Double(random.byte()) / 255)
            var bytes = destination
            bytes.withUnsafeMutableBytes { raw in
                let c = CGContext(
                    data: raw.baseAddress, width: 8, height: 1, bitsPerComponent: 8, bytesPerRow: 32,
                    space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
                c.setFillColor(color)
                c.fill(CGRect(x: 0, y: 0, width: 8, height: 1))
            }
            var expected = destination
            let source = [UInt32](repeating: color.premultipliedRGBA8.packed, count: 8)
            source.withUnsafeBufferPointer { s in
                expected.withUnsafeMutableBufferPointer { d in
                    blendSpan(.normal, source: s.baseAddress!, coverage: nil, alpha: 255, destination: d.baseAddress!, count: 8)
                }
            }
            #expect(bytes == expected)
        }
    }

    @Test func clearIgnoresAlphaBlendModeAndShadow() {
        let c = contextMake(width: 3, height: 1)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
        c.setAlpha(0.25)
        c.setBlendMode(.multiply)
        c.setShadow(offset: CGSize(width: 1, height: 0), blur: 0)
        c.clear(CGRect(x: 1, y: 0, width: 1.5, height: 1))
        // Column 2 is half covered: red scaled by 255 − 128.
        #expect(c.bitmap.pixels == [contextOpaqueRed, 0, 0x7F00_007F])
    }

    @Test func antialiasingOffSnapsCoverage() {
        for (should, allows) in [(false, true), (true, false)] {
            let c = contextMake(width: 6, height: 2)
            c.setShouldAntialias(should)
            c.setAllowsAntialiasing(allows)
            c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
            // x ∈ [1.25, 4.6], y ∈ [0.4, 2]: centres 1.5 … 4.5 and both rows' centres are inside.
            c.fill(CGRect(x: 1.25, y: 0.4, width: 3.35, height: 1.6))
            #expect(contextAlphaRows(c) == [[0, 255, 255, 255, 255, 0], [0, 255, 255, 255, 255, 0]])
        }
        // allowsAntialiasing is not saved with the graphics state.
        let c = contextMake(width: 2, height: 1)
        c.saveGState()
        c.setAllowsAntialiasing(false)
        c.restoreGState()
        c.fill(CGRect(x: 0, y: 0, width: 1.25, height: 1))
        #expect(contextAlphaRows(c)[0] == [255, 0])
    }

    @Test func aliasedTrianglePaintsExactlyThePixelCentresInside() {
        // Pixel-centre sampling (Apple: with anti-aliasing off a pixel is painted or not): every pixel whose
        // centre lies inside the triangle is opaque, every other one empty. Centres within 0.01 px of an
        // edge are skipped (edges are quantised to 1/256 px).
        let a = SIMD2(0.3, 0.2), b = SIMD2(9.7, 1.1), d = SIMD2(4.1, 8.8)
        let c = contextMake(width: 10, height: 10)
        c.setShouldAntialias(false)
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.addLines(between: [a, b, d].map { CGPoint(x: $0.x, y: $0.y) })
        c.fillPath()
        func side(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ r: SIMD2<Double>) -> Double {
            let e = q - p, f = r - p
            return (e.x * f.y - e.y * f.x) / (e * e).sum().squareRoot()
        }
        var checked = 0
        for row in 0..<10 {
            for x in 0..<10 {
                let centre = SIMD2(Double(x) + 0.5, Double(9 - row) + 0.5)
                let distances = [side(a, b, centre), side(b, d, centre), side(d, a, centre)]
                if distances.contains(where: { abs($0) < 0.01 }) { continue }
                let inside = distances.allSatisfy { $0 > 0 }
                #expect(Int(contextPixel(c, x, row).a) == (inside ? 255 : 0), "pixel \(x), \(row)")
                checked += 1
            }
        }
        #expect(checked > 90)
    }

    @Test func componentColoursStartInDeviceGray() {
        // A fresh context's fill colour space is DeviceGray: two components (grey, alpha) are read.
        let c = contextMake(width: 1, height: 1)
        [CGFloat(1), 1].withUnsafeBufferPointer { c.setFillColor($0.baseAddress!) }
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(c.bitmap.pixels == [contextOpaqueWhite])
        // setFillColor(red:…) switches to DeviceRGB, so four components are read afterwards.
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        [CGFloat(1), 0, 0, 1].withUnsafeBufferPointer { c.setFillColor($0.baseAddress!) }
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(c.bitmap.pixels == [contextOpaqueRed])
    }

    @Test func colourSettersAgree() {
        let c = contextMake(width: 5, height: 1)
        c.setFillColor(gray: 0.5, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        c.setFillColor(CGColor(gray: 0.5, alpha: 1))
        c.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        c.setFillColor(cyan: 0, magenta: 1, yellow: 1, black: 0, alpha: 1)
        c.fill(CGRect(x: 2, y: 0, width: 1, height: 1))
        // Component pointers are read in the fill colour space: RGB + alpha after setFillColorSpace.
        c.setFillColorSpace(CGColorSpaceCreateDeviceRGB())
        [CGFloat(0), 0, 1, 1].withUnsafeBufferPointer { c.setFillColor($0.baseAddress!) }
        c.fill(CGRect(x: 3, y: 0, width: 1, height: 1))
        c.setStrokeColor(gray: 1, alpha: 1)
        c.setLineWidth(1)
        c.strokeLineSegments(between: [CGPoint(x: 4.5, y: 0), CGPoint(x: 4.5, y: 1)])
        #expect(c.bitmap.pixels == [0xFF80_8080, 0xFF80_8080, contextOpaqueRed, contextOpaqueBlue, contextOpaqueWhite])
    }
}
