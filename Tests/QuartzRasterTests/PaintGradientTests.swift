import Foundation
import Testing
import QuartzMath
@testable import QuartzRaster

@Suite struct PaintGradientTests {
    let blackToWhite = paintGradient([(0, 0, 0, 1), (1, 1, 1, 1)], [0, 1])
    let both: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]

    /// The expected grey byte of the black → white gradient at position t (nearest of 1025 table entries).
    func grey(_ t: Double) -> UInt8 {
        UInt8((Double(PaintGradientColorTable.index(for: t)) / 1024 * 255).rounded())
    }

    // spec §2.4 (CGColor row) and §12: Core Graphics / CAGradientLayer interpolate
    // unpremultiplied components: red → clearColor is (0.5, 0, 0, 0.5) half way, premultiplied (64, 0, 0, 128).
    // Premultiplied interpolation would give (128, 0, 0, 128) instead.
    @Test func stopsInterpolateUnpremultipliedThenPremultiply() {
        let g = paintGradient([(1, 0, 0, 1), (0, 0, 0, 0)], [0, 1])
        #expect(g.colorTable.entries[512] == PremultipliedRGBA8(r: 64, g: 0, b: 0, a: 128).packed)
        #expect(g.colorTable.entries[0] == 0xFF00_00FF)
        #expect(g.colorTable.entries[1024] == 0)
        let s = g.straightColor(at: 0.25)
        #expect(s == SIMD4(0.75, 0, 0, 0.75))
    }

    // Apple CGGradient: without locations the colours are spaced evenly from 0 to 1; before the first stop
    // the first colour, after the last the last colour. Stops are sorted by location.
    @Test func locationsDefaultToEvenSpacingAndClampAtTheEnds() {
        let even = paintGradient([(1, 0, 0, 1), (0, 1, 0, 1), (0, 0, 1, 1)], nil)
        #expect(even.colorTable.entries[512] == 0xFF00_FF00)
        #expect(even.colorTable.entries[256] == PremultipliedRGBA8(r: 128, g: 128, b: 0, a: 255).packed)
        let inner = paintGradient([(0, 0, 1, 1), (1, 0, 0, 1)], [0.75, 0.25])
        #expect(inner.stops.map(\.location) == [0.25, 0.75])
        #expect(inner.colorTable.entries[0] == 0xFF00_00FF)  // red (the 0.25 stop) before 0.25
        #expect(inner.colorTable.entries[1024] == 0xFFFF_0000)  // blue after 0.75
        #expect(inner.colorTable.entries[512] == PremultipliedRGBA8(r: 128, g: 0, b: 128, a: 255).packed)
    }

    // Apple CGGradient(colorSpace:colorComponents:locations:count:): count stops of n + 1 components.
    @Test func componentInitialiserAndBadInput() throws {
        let comps: [CGFloat] = [1, 0, 0, 1, 0, 0, 1, 1]
        let space = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let g = try #require(CGGradient(colorSpace: space, colorComponents: comps, locations: nil, count: 2))
        #expect(g.colorTable.entries[0] == 0xFF00_00FF && g.colorTable.entries[1024] == 0xFFFF_0000)
        #expect(CGGradient(colorSpace: space, colorComponents: comps, locations: nil, count: 0) == nil)
        #expect(CGGradient(colorsSpace: space, colors: [], locations: nil) == nil)
        // A NaN location is skipped rather than poisoning the table.
        let locs: [CGFloat] = [0, .nan, 1]
        let n = locs.withUnsafeBufferPointer {
            CGGradient(colorsSpace: space, colors: [.black, .white, .black], locations: $0.baseAddress)
        }
        #expect(n?.stops.count == 2)
    }

    // Apple drawLinearGradient: t is the projection onto start → end. Start (0, 0), end (256, 0): pixel x has
    // t = (x + 0.5) / 256, which lands exactly on table entry 4x + 2, so the grey is round(255 t).
    @Test func axialValuesAlongARow() {
        let shader = PaintAxialGradientShader(
            gradient: blackToWhite, start: [0, 0], end: [256, 0], options: [], deviceToGradient: .identity)
        let row = paintShadeRow(shader, x: 0, y: 7, count: 256)
        for x in 0..<256 {
            let v = UInt8((255 * (Double(x) + 0.5) / 256).rounded())
            #expect(row[x] == PremultipliedRGBA8(r: v, g: v, b: v, a: 255).packed)
        }
    }

    // CGGradientDrawingOptions: without .drawsBeforeStartLocation / .drawsAfterEndLocation nothing is drawn
    // beyond the ends; with them the end colours extend.
    @Test func axialExtensionOptions() {
        let plain = PaintAxialGradientShader(
            gradient: blackToWhite, start: [64, 0], end: [192, 0], options: [], deviceToGradient: .identity)
        let extended = PaintAxialGradientShader(
            gradient: blackToWhite, start: [64, 0], end: [192, 0], options: both, deviceToGradient: .identity)
        #expect(paintShadePixel(plain, x: 10, y: 0).packed == 0)
        #expect(paintShadePixel(plain, x: 250, y: 0).packed == 0)
        #expect(paintShadePixel(extended, x: 10, y: 0).packed == 0xFF00_0000)
        #expect(paintShadePixel(extended, x: 250, y: 0).packed == 0xFFFF_FFFF)
        // Pixel 127 is at 127.5: t = 63.5 / 128, entry 508 exactly.
        #expect(paintShadePixel(plain, x: 127, y: 0).r == grey(63.5 / 128))
        // A zero-length axis draws nothing (Core Graphics likewise).
        let degenerate = PaintAxialGradientShader(
            gradient: blackToWhite, start: [5, 5], end: [5, 5], options: both, deviceToGradient: .identity)
        #expect(paintShadeRow(degenerate, x: 0, y: 5, count: 8).allSatisfy { $0 == 0 })
    }

    // A gradient on a layer under perspective: every pixel maps through the homography with the divide.
    @Test func axialUnderPerspectiveUsesTheDivide() throws {
        let deviceToGradient = PaintProjectiveTransform(1.2, 0.1, -3, 0.05, 0.9, 2, 0.002, 0.001, 1)
        let shader = PaintAxialGradientShader(
            gradient: blackToWhite, start: [0, 0], end: [200, 0], options: both, deviceToGradient: deviceToGradient)
        for (x, y) in [(10, 10), (100, 40), (150, 90), (60, 120)] {
            let p = try #require(deviceToGradient.apply(x: Double(x) + 0.5, y: Double(y) + 0.5))
            #expect(paintShadePixel(shader, x: x, y: y).r == grey(p.x / 200))
        }
        // The affine approximation through the same matrix would differ by many grey levels at (150, 90).
        let affineT = (1.2 * 150.5 + 0.1 * 90.5 - 3) / 200
        #expect(abs(Int(grey(affineT)) - Int(paintShadePixel(shader, x: 150, y: 90).r)) > 20)
    }

    // Apple drawRadialGradient, concentric: start circle radius 0 and end radius 40 at the same centre:
    // t = distance / 40. Distances 10 and 20 give t = 1/4 and 1/2.
    @Test func radialConcentric() {
        let plain = PaintRadialGradientShader(
            gradient: blackToWhite, startCenter: [50.5, 50.5], startRadius: 0, endCenter: [50.5, 50.5], endRadius: 40,
            options: [], deviceToGradient: .identity)
        #expect(paintShadePixel(plain, x: 50, y: 50).r == 0)
        #expect(paintShadePixel(plain, x: 60, y: 50).r == grey(0.25))
        #expect(paintShadePixel(plain, x: 50, y: 70).r == grey(0.5))
        #expect(paintShadePixel(plain, x: 95, y: 50).packed == 0)  // distance 45: beyond the end circle
        let extended = PaintRadialGradientShader(
            gradient: blackToWhite, startCenter: [50.5, 50.5], startRadius: 0, endCenter: [50.5, 50.5], endRadius: 40,
            options: both, deviceToGradient: .identity)
        #expect(paintShadePixel(extended, x: 95, y: 50).packed == 0xFFFF_FFFF)
    }

    // Focal point inside the end circle: start (40.5, 50.5) r 0, end (50.5, 50.5) r 40. On the axis at
    // x = 80.5: 40 − 10t = 40t → t = 0.8; at x = 20.5: 20 + 10t = 40t → t = 2/3.
    @Test func radialFocalInside() {
        let shader = PaintRadialGradientShader(
            gradient: blackToWhite, startCenter: [40.5, 50.5], startRadius: 0, endCenter: [50.5, 50.5], endRadius: 40,
            options: [], deviceToGradient: .identity)
        #expect(paintShadePixel(shader, x: 80, y: 50).r == grey(0.8))
        #expect(paintShadePixel(shader, x: 20, y: 50).r == grey(2.0 / 3.0))
        // Focal point on the end circle (|c1 − c0| = r1 − r0: the quadratic degenerates to a linear equation):
        // start (10.5, 50.5) r 0, end (50.5, 50.5) r 40. At x = 30.5: c(t) = 10.5 + 40t, r = 40t,
        // 20 − 40t = 40t → t = 1/4. Behind the focus (x = 5.5) no circle with r ≥ 0 passes.
        let onEdge = PaintRadialGradientShader(
            gradient: blackToWhite, startCenter: [10.5, 50.5], startRadius: 0, endCenter: [50.5, 50.5], endRadius: 40,
            options: both, deviceToGradient: .identity)
        #expect(onEdge.isLinear)
        #expect(paintShadePixel(onEdge, x: 30, y: 50).r == grey(0.25))
        #expect(paintShadePixel(onEdge, x: 5, y: 50).packed == 0)
    }

    // Start circle outside the end circle (a cone): start (20.5, 50.5) r 5, end (80.5, 50.5) r 10. At the
    // axis point 50.5 the circles through it have t = 25/65 and 35/55: the larger one wins. Far above the
    // cone nothing is drawn without extension.
    @Test func radialConeTakesTheLargestT() {
        let shader = PaintRadialGradientShader(
            gradient: blackToWhite, startCenter: [20.5, 50.5], startRadius: 5, endCenter: [80.5, 50.5], endRadius: 10,
            options: [], deviceToGradient: .identity)
        #expect(paintShadePixel(shader, x: 50, y: 50).r == grey(35.0 / 55.0))
        #expect(paintShadePixel(shader, x: 50, y: 5).packed == 0)
        // Before the start circle on the far side, only with .drawsBeforeStartLocation (radius stays ≥ 0 there).
        let before = PaintRadialGradientShader(
            gradient: blackToWhite, startCenter: [20.5, 50.5], startRadius: 5, endCenter: [80.5, 50.5], endRadius: 10,
            options: [.drawsBeforeStartLocation], deviceToGradient: .identity)
        #expect(paintShadePixel(shader, x: 5, y: 50).packed == 0)
        #expect(paintShadePixel(before, x: 5, y: 50).packed == 0xFF00_0000)
    }

    // CAGradientLayer .conic (our reading, see PaintConicGradientShader): centre startPoint, t = 0 towards
    // endPoint, increasing clockwise on a y-down screen. endPoint straight up: right = 1/4, down = 1/2, left = 3/4.
    @Test func conicAngles() {
        let shader = PaintConicGradientShader(
            gradient: blackToWhite, startPoint: [50.5, 50.5], endPoint: [50.5, 0.5], deviceToGradient: .identity)
        #expect(paintShadePixel(shader, x: 50, y: 30).r == 0)
        #expect(paintShadePixel(shader, x: 70, y: 50).r == grey(0.25))
        #expect(paintShadePixel(shader, x: 50, y: 70).r == grey(0.5))
        #expect(paintShadePixel(shader, x: 30, y: 50).r == grey(0.75))
        // 45° below the +x axis: 1/4 + 1/8.
        #expect(paintShadePixel(shader, x: 60, y: 60).r == grey(0.375))
    }

    // Output must not depend on how a row is split into spans (deterministic tiling).
    @Test func spanSplittingDoesNotChangeOutput() {
        let m = PaintProjectiveTransform(0.9, 0.2, 1, -0.1, 1.1, 3, 0.001, 0.0005, 1)
        let shaders: [any SpanShader] = [
            PaintAxialGradientShader(gradient: blackToWhite, start: [0, 0], end: [97, 31], options: both, deviceToGradient: m),
            PaintRadialGradientShader(
                gradient: blackToWhite, startCenter: [30, 30], startRadius: 3, endCenter: [60, 40], endRadius: 50,
                options: both, deviceToGradient: m),
            PaintConicGradientShader(gradient: blackToWhite, center: [40, 40], startAngle: 0.3, deviceToGradient: m),
        ]
        for shader in shaders {
            let whole = paintShadeRow(shader, x: 3, y: 17, count: 100)
            let parts = paintShadeRow(shader, x: 3, y: 17, count: 37) + paintShadeRow(shader, x: 40, y: 17, count: 63)
            #expect(whole == parts)
        }
    }

    // The homography helpers, element by element: inverse of a projective map, composition, affine detection.
    @Test func projectiveTransformAlgebra() throws {
        let m = PaintProjectiveTransform(2, 0, 1, 0, 4, -2, 0.5, 0, 1)
        let inv = try #require(m.inverted())
        let product = m.concatenating(after: inv)
        let id = PaintProjectiveTransform.identity
        let pairs = [(product.m0, id.m0), (product.m1, id.m1), (product.m2, id.m2), (product.m3, id.m3), (product.m4, id.m4),
                     (product.m5, id.m5), (product.m6, id.m6), (product.m7, id.m7), (product.m8, id.m8)]
        for (a, b) in pairs { #expect(abs(a - b) < 1e-15) }
        // (x, y) = (2, 3): X = 5, Y = 10, W = 2 → (2.5, 5).
        #expect(m.apply(x: 2, y: 3) == SIMD2(2.5, 5))
        #expect(m.apply(x: -4, y: 0) == nil)  // W = −1
        // CGAffineTransform(a, b, c, d, tx, ty) maps x' = a·x + c·y + tx, y' = b·x + d·y + ty.
        let affine = PaintProjectiveTransform(CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
        #expect(affine == PaintProjectiveTransform(1, 3, 5, 2, 4, 6, 0, 0, 1))
        #expect(affine.isAffine && !m.isAffine && PaintProjectiveTransform.translation(x: 1, y: 2).isTranslation)
        #expect(try #require(affine.inverted()).isAffine)
        #expect(PaintProjectiveTransform(1, 2, 0, 2, 4, 0, 0, 0, 1).inverted() == nil)  // singular
    }

    // Bad geometry never crashes: non-finite maps and points draw nothing.
    @Test func nonFiniteInputDrawsNothing() {
        let nanMap = PaintProjectiveTransform(.nan, 0, 0, 0, 1, 0, 0, 0, 1)
        let a = PaintAxialGradientShader(gradient: blackToWhite, start: [0, 0], end: [1e30, .infinity], options: both, deviceToGradient: .identity)
        let r = PaintRadialGradientShader(
            gradient: blackToWhite, startCenter: [0, 0], startRadius: 1, endCenter: [1, 1], endRadius: 5,
            options: both, deviceToGradient: nanMap)
        let c = PaintConicGradientShader(gradient: blackToWhite, center: [.nan, 0], startAngle: 0, deviceToGradient: .identity)
        for s in [a, r, c] as [any SpanShader] {
            #expect(paintShadeRow(s, x: 0, y: 0, count: 4) == [0, 0, 0, 0])
        }
    }
}
