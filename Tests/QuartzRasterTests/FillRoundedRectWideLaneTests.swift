import Foundation
import Testing
@testable import QuartzRaster

// On the AVX-512 tier rk_rrect_blend_rows packs edge pixels of several runs and rows into eight-lane steps
// (raster_kernels_rrect_avx512.c, rk_rrect_lanes8.h), the four-lane helpers' operations on each lane. This pins
// the eight-lane edge bytes to the four-lane ones and to the portable coverage at the same local offsets, and
// the number of corner lanes left to the exact formula: with the fast formulas (where the byte-boundary probes
// make the exact fallbacks run) and with every lane on the exact formulas (the fallback code on every lane).
// Counts that are not multiples of eight leave the last step partly filled.
@Suite struct FillRoundedRectWideLaneTests {
    /// Offsets over the whole shape and a little beyond (sides, corners, both exits, outside), plus the
    /// corner byte-boundary probes of FillRoundedRectFastCornerTests.
    static func offsets(_ g: FillAffineRoundedRect, random: inout FillTestRandom) -> [SIMD2<Double>] {
        let reach = 3 * (g.inverseX * g.inverseX + g.inverseY * g.inverseY).sum().squareRoot()
        var out: [SIMD2<Double>] = []
        for _ in 0..<4001 {
            out.append(SIMD2(random.uniform(-g.halfSize.x - reach, g.halfSize.x + reach),
                             random.uniform(-g.halfSize.y - reach, g.halfSize.y + reach)))
        }
        for (arc, sign) in FillRoundedRectFastCornerTests.arcs(g) {
            for step in 0..<3 {
                let angle = (Double(step) + 0.5) / 3 * Double.pi / 2
                out += FillRoundedRectFastCornerTests.boundaryProbes(
                    g, arc: arc, direction: SIMD2(cos(angle), sin(angle)) * sign, bytes: [1, 128, 254])
            }
        }
        return out
    }

    @Test func eightLaneBytesEqualFourLaneBytes() {
        var random = FillTestRandom(seed: 8088)
        var compared = 0, flagged = 0
        let shapes = FillRoundedRectFastCornerTests.shapes() + FillRoundedRectKernelTests.shapes().prefix(30)
        for (index, g) in shapes.enumerated() where g.radius > 0 {
            let offsets = Self.offsets(g, random: &random)
            let expected = offsets.map { FillRoundedRectFastCornerTests.reference(g, $0) }
            for exact in [false, true] {
                guard let wide = g.kernelLaneBytes(offsets: offsets, exact: exact, wide: true),
                      let four = g.kernelLaneBytes(offsets: offsets, exact: exact)
                else { return }  // no AVX-512: the tier never runs
                #expect(wide.bytes == four.bytes, "shape \(index), exact \(exact)")
                #expect(zip(wide.bytes, expected).filter { $0 != $1 }.count == 0, "shape \(index), exact \(exact)")
                #expect(wide.flagged == four.flagged, "shape \(index), exact \(exact)")
                if !exact { flagged += wide.flagged }
                compared += offsets.count
            }
        }
        #expect(compared > 200_000)
        #expect(flagged > 1_000)  // the probes reach the fast corners' fallback: not vacuous
    }
}
