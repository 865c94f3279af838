// CompositorPlan.plannedSolid writes Foundation's CGRect accessors, QuartzMath's CGRect.applying and the colour's
// libm rounding out as inline arithmetic (CompositorSolidRectPlanning.swift). README.md, Determinism: planning must
// give the same values as before, bit for bit, or the pixels could change. The reference below is the composition
// it replaced (RenderRoundedRect.effectiveRadius, CGRect.standardized, CompositorProjection.deviceBoundingBox,
// CompositorCoverageBuilder.isModest, compositorPixelBounds(margin: 1), CGColor.compositorPremultiplied), run on
// awkward inputs: signed zeros, negative sizes, NaN, ±∞, 1e30, tiny and fractional values, mirrored, rotated
// and degenerate matrices, opacities outside 0…1, and colour channels on rounding halves.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor
import QuartzTestSupport

@Suite struct CompositorSolidRectPlanningTests {
    /// The planning composition CompositorPlan.solidRect used before it was inlined.
    static func reference(
        _ shape: RenderRoundedRect, color: CGColor, opacity: Double, blendMode: CGBlendMode, _ projection: CompositorProjection
    ) -> CompositorSolidRect? {
        guard let affine = projection.affine else { return nil }
        let radius = shape.effectiveRadius
        guard radius == 0 || shape.maskedCorners.isSuperset(of: .all) else { return nil }
        let rect = shape.rect.standardized
        guard !rect.isNull, rect.width > 0, rect.height > 0, let box = projection.deviceBoundingBox(of: rect),
              CompositorCoverageBuilder.isModest(box)
        else { return nil }
        return CompositorSolidRect(
            rect: rect, radius: radius, transform: affine, device: box, reach: box.compositorPixelBounds(margin: 1),
            color: color.compositorPremultiplied(opacity: opacity), blendMode: blendMode)
    }

    static func bits(_ r: CGRect) -> [UInt64] {
        [Double(r.origin.x).bitPattern, Double(r.origin.y).bitPattern, Double(r.size.width).bitPattern,
         Double(r.size.height).bitPattern]
    }

    static let specials: [Double] = [0, -0.0, 0.5, -0.5, 1, -3.25, 7.3, 1e-300, -1e-300, 1e30, -1e30, .infinity,
                                     -.infinity, .nan, 4_194_304, -4_194_303.5, 255.5, 0.49999999999999994]

    @Test func plannedSolidEqualsTheComposedCallsBitForBit() {
        var g = SplitMix64(seed: 6)
        let matrices: [CATransform3D] = [
            CATransform3DIdentity, CATransform3DMakeTranslation(5.5, -3.25, 0), CATransform3DMakeTranslation(-0.0, 0, 0),
            CATransform3DMakeScale(-2.5, 2.5, 1), CATransform3DMakeScale(0, 1, 1), CATransform3DMakeScale(1e-300, 1e300, 1),
            CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: 0.4).translatedBy(x: 30.3, y: 20.7)),
            CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 1e30, ty: -7)),
            { var m = CATransform3DMakeScale(3, 3, 1); m.m44 = 2; return m }(),
        ]
        var compared = 0, planned = 0
        for round in 0..<6000 {
            func value(_ scale: Double) -> Double { g.next() % 3 == 0 ? g.pick(Self.specials) : (g.unit() - 0.3) * scale }
            let rect = CGRect(x: value(600), y: value(600), width: value(300), height: value(300))
            let radius = g.next() % 2 == 0 ? 0 : value(20)
            let corners: RenderCornerMask = g.next() % 5 == 0 ? [.minXMinY] : .all
            let shape = RenderRoundedRect(rect: rect, cornerRadius: radius, maskedCorners: corners)
            let color = CGColor(red: g.pick([0, 1, 0.5, g.unit()]), green: g.unit(), blue: CGFloat(g.unit() * 1.2 - 0.1),
                                alpha: g.pick([1, 0.5, g.unit(), .nan, 2]))
            let opacity = g.pick([1, 0.6, g.unit(), .nan, -1, 1.5])
            let blend: CGBlendMode = round % 7 == 0 ? .multiply : .normal
            let projection = CompositorProjection(matrices[round % matrices.count])
            let expected = Self.reference(shape, color: color, opacity: opacity, blendMode: blend, projection)
            let fast = projection.affine.flatMap {
                CompositorPlan.plannedSolid(shape, color: color, opacity: opacity, blendMode: blend, affine: $0)
            }
            compared += 1
            #expect((expected == nil) == (fast == nil), "case \(round): \(rect) radius \(radius)")
            guard let expected, let fast else { continue }
            planned += 1
            #expect(Self.bits(fast.rect) == Self.bits(expected.rect), "case \(round): rect")
            #expect(fast.radius.bitPattern == expected.radius.bitPattern, "case \(round): radius")
            #expect(Self.bits(fast.device) == Self.bits(expected.device), "case \(round): device box")
            #expect(fast.reach == expected.reach, "case \(round): reach")
            #expect(fast.color == expected.color, "case \(round): colour")
            #expect(fast.blendMode == expected.blendMode, "case \(round): blend mode")
        }
        // Both outcomes were exercised.
        #expect(planned > 1000 && compared - planned > 1000, "\(planned) planned of \(compared)")
    }

    /// The colour's rounding on every channel value that lands on a half (k + 0.5) / 255 and either side of it,
    /// against PremultipliedRGBA8(straightRed:…) (libm `round`).
    @Test func premultipliedColourRoundsHalvesAwayFromZero() {
        for k in 0...255 {
            let base = (Double(k) + 0.5) / 255
            for u in [base, base.nextUp, base.nextDown, Double(k) / 255, min(1, base * 1.0000001)] {
                let c = SIMD4<Double>(u, 1 - u, u / 2, 1)
                let expected = PremultipliedRGBA8(straightRed: c.x, green: c.y, blue: c.z, alpha: c.w).packed
                #expect(CompositorPlan.compositorPremultiplied(c, opacity: 1) == expected, "k \(k) u \(u)")
                let half = PremultipliedRGBA8(straightRed: c.x, green: c.y, blue: c.z, alpha: u).packed
                #expect(CompositorPlan.compositorPremultiplied(SIMD4(c.x, c.y, c.z, u), opacity: 1) == half, "alpha \(u)")
            }
        }
    }
}

extension SplitMix64 {
    fileprivate mutating func pick(_ values: [Double]) -> Double { values[Int(next() % UInt64(values.count))] }
}
