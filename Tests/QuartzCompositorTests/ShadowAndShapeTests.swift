// Shadows (item shadows from a shape, group shadows from composited alpha), CAShapeLayer strokes trimmed by
// strokeStart/strokeEnd (spec §10.1), CAGradientLayer gradients.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct ShadowAndShapeTests {
    static func shadowItem(transform: CATransform3D, color: CGColor = TestColors.black, opacity: Double = 1) -> RenderNode {
        .item(RenderItem(transform: transform, content: .shadow(RenderShadow(
            shape: .roundedRect(RenderRoundedRect(rect: CGRect(x: 20, y: 20, width: 40, height: 40))), color: color,
            opacity: opacity, offset: CGSize(width: 10, height: 5), radius: 4))))
    }

    /// A shadow moved by its offset (10, 5) and blurred with σ = shadowRadius = 4 (PaintGaussianKernel's source):
    /// alpha equals the analytic blurred rectangle at each pixel centre (±1 for 8-bit rounding).
    @Test func shadowOffsetAndSpreadAnalytic() {
        let bitmap = render([Self.shadowItem(transform: CATransform3DIdentity)])
        let reference = PaintBlurredRoundedRect(rect: CGRect(x: 30, y: 25, width: 40, height: 40), cornerRadius: 0, sigma: 4)
        var worst = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let want = Int((reference.coverage(x: Double(x) + 0.5, y: Double(y) + 0.5) * 255).rounded())
                worst = max(worst, abs(Int(bitmap[x, y].a) - want))
            }
        }
        #expect(worst <= 1)
        // The spread: half intensity on the moved edge, nothing 3σ + 1 px beyond it.
        #expect(abs(Int(bitmap[30, 45].a) - 140) < 20 && bitmap[16, 45].a == 0 && bitmap[50, 45].a == 255)
    }

    /// The same shadow under a quarter turn takes the rasterise-and-blur route; the offset turns with the layer:
    /// local (30, 25, 40, 40) lands on device (35, 30, 40, 40). Tolerance 4/255: the discrete blur convolves
    /// pixel areas with a kernel truncated at 3σ, the analytic reference evaluates the continuous blur at centres.
    @Test func shadowUnderRotationUsesTheBlurredMask() {
        let turn = CATransform3DConcat(CATransform3DMakeRotation(Double.pi / 2, 0, 0, 1), CATransform3DMakeTranslation(100, 0, 0))
        let bitmap = render([Self.shadowItem(transform: turn)])
        let reference = PaintBlurredRoundedRect(rect: CGRect(x: 35, y: 30, width: 40, height: 40), cornerRadius: 0, sigma: 4)
        var worst = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let want = Int((reference.coverage(x: Double(x) + 0.5, y: Double(y) + 0.5) * 255).rounded())
                worst = max(worst, abs(Int(bitmap[x, y].a) - want))
            }
        }
        #expect(worst <= 4)
    }

    /// A group shadow comes from the composited alpha: with radius 0 it is a hard copy of the content's
    /// silhouette moved by the offset, in the shadow colour times shadowOpacity (black · ½ → alpha 128), under
    /// the content. masksToBounds clips it away [O: the well-known masksToBounds/shadow conflict].
    @Test func groupShadowFromCompositedAlpha() {
        let square = solidItem(CGRect(x: 20, y: 20, width: 40, height: 40), TestColors.red)
        let shadow = RenderGroupShadow(transform: CATransform3DIdentity, color: TestColors.black, opacity: 0.5,
                                       offset: CGSize(width: 10, height: 10), radius: 0)
        let bitmap = render([.group(RenderGroup(children: [square], shadow: shadow))])
        #expect(bitmap[65, 65] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 128))
        #expect(bitmap[30, 30] == opaqueRed && bitmap[55, 55] == opaqueRed)
        #expect(bitmap[15, 15] == .transparent && bitmap[25, 65] == .transparent)
        let clip = RenderClip(transform: CATransform3DIdentity,
                              shape: RenderRoundedRect(rect: CGRect(x: 20, y: 20, width: 40, height: 40)))
        let clipped = render([.group(RenderGroup(children: [square], clip: clip, shadow: shadow))])
        #expect(clipped[65, 65] == .transparent && clipped[30, 30] == opaqueRed)
    }

    /// A blurred group shadow (σ = 3) matches the analytic blurred square times the shadow alpha (±3: the
    /// discrete blur against the continuous reference, plus the colour scaling).
    @Test func blurredGroupShadow() {
        let square = solidItem(CGRect(x: 20, y: 20, width: 40, height: 40), TestColors.red)
        let shadow = RenderGroupShadow(transform: CATransform3DIdentity, color: TestColors.black, opacity: 1,
                                       offset: CGSize(width: 10, height: 10), radius: 3)
        let bitmap = render([.group(RenderGroup(children: [square], shadow: shadow))])
        let reference = PaintBlurredRoundedRect(rect: CGRect(x: 30, y: 30, width: 40, height: 40), cornerRadius: 0, sigma: 3)
        var worst = 0
        for y in 0..<100 {
            for x in 0..<100 where !(x >= 20 && x < 60 && y >= 20 && y < 60) {
                let want = Int((reference.coverage(x: Double(x) + 0.5, y: Double(y) + 0.5) * 255).rounded())
                worst = max(worst, abs(Int(bitmap[x, y].a) - want))
            }
        }
        #expect(worst <= 3)
    }

    static func square(offset: Double) -> PathGeometry {
        var path = PathGeometry()
        path.move(to: CGPoint(x: offset, y: offset))
        path.addLine(to: CGPoint(x: offset + 100, y: offset))
        path.addLine(to: CGPoint(x: offset + 100, y: offset + 100))
        path.addLine(to: CGPoint(x: offset, y: offset + 100))
        path.closeSubpath()
        return path
    }

    /// Spec §10.1's example: square path, L = 400; strokeStart 0.25, strokeEnd 0.5 strokes only the right edge
    /// (100, 0)→(100, 100); strokeEnd 0.125 strokes (0, 0)→(50, 0). Butt caps, width 10, path moved by (50, 50)
    /// through the item matrix: exact rectangles on pixels.
    @Test(arguments: [(0.25, 0.5, CGRect(x: 145, y: 50, width: 10, height: 100)),
                      (0.0, 0.125, CGRect(x: 50, y: 45, width: 50, height: 10))])
    func strokeTrimmedByStrokeStartAndEnd(start: Double, end: Double, covered: CGRect) {
        let stroke = RenderStroke(path: Self.square(offset: 0), style: PathStrokeStyle(lineWidth: 10), strokeStart: start,
                                  strokeEnd: end)
        let item = RenderItem(transform: CATransform3DMakeTranslation(50, 50, 0), content: .shapeStroke(stroke, color: TestColors.blue))
        let bitmap = render([.item(item)], width: 200, height: 200)
        for y in 0..<200 {
            for x in 0..<200 {
                let inside = covered.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                #expect(bitmap[x, y] == (inside ? opaqueBlue : .transparent), "pixel (\(x), \(y))")
            }
        }
    }

    /// strokeStart ≥ strokeEnd strokes nothing; the fill ignores the trim (spec §10.1).
    @Test func emptyTrimAndUntrimmedFill() {
        let stroke = RenderStroke(path: Self.square(offset: 20), style: PathStrokeStyle(lineWidth: 4), strokeStart: 0.6,
                                  strokeEnd: 0.4)
        let bitmap = render([
            .item(RenderItem(transform: CATransform3DIdentity, content: .shapeFill(Self.square(offset: 20), fillRule: .winding,
                                                                                     color: TestColors.green))),
            .item(RenderItem(transform: CATransform3DIdentity, content: .shapeStroke(stroke, color: TestColors.blue))),
        ], width: 130, height: 130)
        #expect(bitmap[20, 20] == opaqueGreen && bitmap[119, 119] == opaqueGreen && bitmap[19, 50] == .transparent)
        #expect(!bitmap.pixels.contains(opaqueBlue.packed))
    }

    /// CAGradientLayer axial gradient from startPoint (0, 0.5) to endPoint (1, 0.5) over 100×10 points: each
    /// pixel shows the gradient's table colour at t = (x + ½) / 100 (opaque stops, so the blend is a copy).
    @Test func axialGradientFollowsTheUnitSpace() throws {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 10)
        let g = try #require(RenderGradient(colors: [TestColors.red, TestColors.blue], startPoint: CGPoint(x: 0, y: 0.5),
                                            endPoint: CGPoint(x: 1, y: 0.5), rect: rect))
        let bitmap = render([.item(RenderItem(transform: CATransform3DIdentity, content: .gradient(g)))])
        let table = g.gradient.colorTable.entries
        for x in 0..<100 {
            let t = (Double(x) + 0.5) / 100
            #expect(bitmap[x, 5].packed == table[PaintGradientColorTable.index(for: t)], "x = \(x)")
        }
        #expect(bitmap[50, 10] == .transparent)
    }

    /// Radial: an ellipse centred on startPoint with radii |endPoint − startPoint| per axis (CAGradientLayer.h:
    /// width and height "(endPoint − startPoint) · 2"); t = the normalised elliptical radius, extended past 1.
    @Test func radialGradientIsAnEllipse() throws {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
        let g = try #require(RenderGradient(kind: .radial, colors: [TestColors.white, TestColors.black],
                                            startPoint: CGPoint(x: 0.5, y: 0.5), endPoint: CGPoint(x: 1, y: 0.75), rect: rect))
        let bitmap = render([.item(RenderItem(transform: CATransform3DIdentity, content: .gradient(g)))])
        let table = g.gradient.colorTable.entries
        for (x, y) in [(50, 50), (74, 50), (50, 62), (90, 60), (99, 99), (10, 70)] {
            let dx = (Double(x) + 0.5 - 50) / 50, dy = (Double(y) + 0.5 - 50) / 25
            let t = min(1, (dx * dx + dy * dy).squareRoot())
            let want = PremultipliedRGBA8(packed: table[PaintGradientColorTable.index(for: t)])
            #expect(abs(Int(bitmap[x, y].r) - Int(want.r)) <= 1 && bitmap[x, y].a == 255, "(\(x), \(y))")
        }
    }
}

@Suite struct ShadowLimitTests {
    /// Absurd shadow radii are clamped (σ ≤ 256 device px) rather than allocating offscreens the size of
    /// the blur's reach; NaN and infinite parameters draw no shadow. The content itself still draws.
    @Test func hugeAndNonFiniteShadowsStayBounded() {
        let square = solidItem(CGRect(x: 20, y: 20, width: 40, height: 40), TestColors.red)
        for radius in [1e6, .infinity, .nan] {
            let shadow = RenderGroupShadow(transform: CATransform3DIdentity, color: TestColors.black, opacity: 1,
                                           offset: CGSize(width: 5, height: 5), radius: radius)
            let bitmap = render([.group(RenderGroup(children: [square], shadow: shadow))])
            #expect(bitmap[30, 30] == opaqueRed)
            let item = RenderItem(transform: CATransform3DIdentity, content: .shadow(RenderShadow(
                shape: .roundedRect(RenderRoundedRect(rect: CGRect(x: 20, y: 20, width: 40, height: 40))),
                color: TestColors.black, opacity: 1, offset: CGSize(width: 5, height: 5), radius: radius)))
            let shaded = render([.item(item), square])
            #expect(shaded[30, 30] == opaqueRed)
            // A finite clamped blur spreads the shadow's mass very thinly: nearly transparent everywhere.
            if radius.isFinite { #expect(shaded[90, 90].a < 8) } else { #expect(shaded[90, 90] == .transparent) }
        }
    }
}

@Suite struct ShadowBlurTests {
    /// The compositor's output-bounded blur equals the raster core's padded blur (same kernel) moved by the
    /// shift, within ±1 (Float sums in a different order), including pixels far outside the input.
    @Test(arguments: [0.0, 1.5, 4])
    func matchesTheRasterCoreBlur(sigma: Double) throws {
        var input = PaintA8Mask(width: 13, height: 9)
        for y in 0..<9 { for x in 0..<13 { input[x, y] = UInt8((x * 37 + y * 91) % 256) } }
        let inputBounds = FillPixelBounds(minX: 20, minY: 30, maxX: 33, maxY: 39)
        let outputBounds = FillPixelBounds(minX: 5, minY: 22, maxX: 60, maxY: 55)
        let shift = (x: 7, y: -3)
        let got = try #require(CompositorShadowBlur.blur(input, inputBounds: inputBounds, outputBounds: outputBounds,
                                                         sigma: sigma, shiftX: shift.x, shiftY: shift.y))
        let reference = try input.gaussianBlurred(sigma: sigma)
        let r = (reference.width - input.width) / 2
        var worst = 0
        for y in 0..<outputBounds.height {
            for x in 0..<outputBounds.width {
                // Reference pixel (i, j) is device (inputBounds.min − r + (i, j)) before the shift.
                let i = outputBounds.minX + x - shift.x - (inputBounds.minX - r)
                let j = outputBounds.minY + y - shift.y - (inputBounds.minY - r)
                let want = i >= 0 && j >= 0 && i < reference.width && j < reference.height ? Int(reference[i, j]) : 0
                worst = max(worst, abs(Int(got[x, y]) - want))
            }
        }
        #expect(worst <= 1)
        #expect(got.bytes.contains { $0 > 0 })
    }
}

/// Wide box shadows' sample grids are kept in the surface pool from frame to frame: a frame drawn with grids
/// found in the pool is the frame drawn with grids made afresh, whatever the threads and tiles.
@Suite struct ShadowGridCacheTests {
    static func cards(shift: Double) -> [RenderNode] {
        (0..<3).map { i in
            .item(RenderItem(transform: CATransform3DMakeTranslation(Double(i) * 37.25 + shift, Double(i) * 11.5, 0),
                             content: .shadow(RenderShadow(
                                shape: .roundedRect(RenderRoundedRect(rect: CGRect(x: 40, y: 50, width: 50, height: 30), cornerRadius: 6)),
                                color: TestColors.black, opacity: 0.8, offset: CGSize(width: 0, height: 6), radius: 40))))
        }
    }

    @Test func framesWithKeptGridsEqualFramesWithNewOnes() throws {
        let pool = CompositorSurfacePool()
        for shift in [0.0, 0.3, 0.3, 7.61] {
            let kept = try Compositor.render(RenderList(Self.cards(shift: shift)), width: 220, height: 180,
                                             options: CompositorOptions(threads: 1, tileSize: 64), pool: pool)
            // Three cards of one size: one grid, found again in every later frame.
            #expect(pool.shadowGrids.count == 1)
            for (threads, tileSize) in [(1, 64), (2, 16), (3, 128)] {
                let fresh = try Compositor.render(RenderList(Self.cards(shift: shift)), width: 220, height: 180,
                                                  options: CompositorOptions(threads: threads, tileSize: tileSize))
                #expect(fresh.pixels == kept.pixels, "shift \(shift), \(threads) threads, tiles of \(tileSize)")
            }
        }
        pool.releaseUnusedBuffers()
        #expect(pool.shadowGrids.count == 0)
    }

    @Test func gridsStayWithinTheirBudget() {
        let grids = CompositorShadowGrids(budgetBytes: 200_000)
        for width in stride(from: 40.0, to: 400, by: 20) {
            _ = grids.grid(for: PaintBlurredRoundedRect(rect: CGRect(x: 0, y: 0, width: width, height: 50), cornerRadius: 4, sigma: 20))
            #expect(grids.storedBytes <= 200_000)
        }
        #expect(grids.count >= 1)
    }
}

