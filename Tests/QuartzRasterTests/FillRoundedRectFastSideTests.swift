import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

// rk_rrect_blend_rows' AVX2 straight-side lanes compute the side ramp without divisions (rk_rrect_fast_side.h)
// and hand the lanes whose area · 255 + 0.5 lies within 2⁻²⁰ of an integer to the exact ramp, so each byte
// must be fillCoverageByte(FillHalfPlaneRamp.coverage(distance:)), the portable reference (rounded-rect fill:
// spec §9.5 on cornerRadius; coverage bytes as FillFixedPoint.swift). Checked where it is hardest: at
// distances a few ulp either side of every byte boundary of many ramps, where the division-free area alone
// would round the other way.
@Suite struct FillRoundedRectFastSideTests {
    /// Ramps of all kinds: random maps, scene b's shape at many angles, axis-aligned and near-axis sides.
    static func shapes() -> [FillAffineRoundedRect] {
        var random = FillTestRandom(seed: 77)
        var out = random.affineRoundedRects(count: 24, width: 2...90, height: 2...60, radius: 0.5...20,
                                            translation: 10...50)
        for k in 0..<8 { out.append(fillTestSceneBShape(angle: 0.05 + Double(k) * 0.41, tx: 64, ty: 64)) }
        // b = 0 exactly (linear ramp everywhere) and b just above and below the 1e-9 switch.
        for angle in [0.0, 5e-10, 2e-9, Double.pi / 4] {
            out.append(fillTestSceneBShape(angle: angle, tx: 40.3, ty: 40.7))
        }
        return out
    }

    /// The largest distance whose exact byte is at least `byte` (the byte falls as the distance grows).
    static func boundary(_ ramp: FillHalfPlaneRamp, byte: UInt8) -> Double {
        var inside = -4.0 * ramp.scale, outside = 4.0 * ramp.scale
        for _ in 0..<200 {
            let mid = (inside + outside) / 2
            if mid == inside || mid == outside { break }
            if fillCoverageByte(ramp.coverage(distance: mid)) >= byte { inside = mid } else { outside = mid }
        }
        return inside
    }

    @Test func bytesEqualExactRampAtEveryByteBoundary() throws {
        var checked = 0, unsureTotal = 0
        for (index, g) in Self.shapes().enumerated() {
            for xSide in [true, false] {
                let ramp = xSide ? g.sideRampX : g.sideRampY
                var distances: [Double] = []
                for byte in 1...255 {
                    let edge = Self.boundary(ramp, byte: UInt8(byte))
                    var below = edge, above = edge
                    distances.append(edge)
                    for _ in 0..<6 {
                        below = below.nextDown
                        above = above.nextUp
                        distances.append(below)
                        distances.append(above)
                    }
                }
                // Whole-ramp sweep, far outside and inside too.
                for i in -400...400 { distances.append(Double(i) * ramp.scale / 100) }
                let expected = distances.map { fillCoverageByte(ramp.coverage(distance: $0)) }
                guard let fast = g.kernelSideBytes(xSide: xSide, distances: distances, exact: false),
                      let exact = g.kernelSideBytes(xSide: xSide, distances: distances, exact: true)
                else { return }  // no AVX2: the kernel keeps to scalar C (FillRoundedRectKernelTests)
                let wrongFast = zip(fast.bytes, expected).filter { $0 != $1 }.count
                let wrongExact = zip(exact.bytes, expected).filter { $0 != $1 }.count
                #expect(wrongFast == 0, "shape \(index) \(xSide ? "x" : "y"): division-free lanes")
                #expect(wrongExact == 0, "shape \(index) \(xSide ? "x" : "y"): exact lanes")
                checked += distances.count
                unsureTotal += fast.unsure
            }
        }
        #expect(checked > 100_000)
        // The boundary probes land inside the margin, so the fallback to the exact ramp runs (not vacuous).
        #expect(unsureTotal > 1000)
    }

    @Test func rowsWithExactSidesEqualDivisionFreeSides() {
        var random = FillTestRandom(seed: 31)
        for (index, g) in Self.shapes().enumerated() {
            let bounds = FillPixelBounds(minX: 0, minY: 0, maxX: 128, maxY: 128)
            let color: UInt32 = index % 2 == 0 ? 0xFF20_4080 : 0x8010_2030
            let background = (0..<(128 * 128)).map { _ in UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000 }
            var expected = background, fast = background, exact = background
            expected.withUnsafeMutableBufferPointer { p in
                FillShapeBlend.portableRows(g, color: color, region: bounds,
                                            surface: FillSurfaceRows(base: p.baseAddress!, bounds: bounds))
            }
            for (exactLanes, out) in [(false, 0), (true, 1)] {
                var drawn = background
                drawn.withUnsafeMutableBufferPointer { p in
                    FillShapeBlend.affineRows(g, color: color, region: bounds,
                                              surface: FillSurfaceRows(base: p.baseAddress!, bounds: bounds),
                                              kernels: .automatic, exactLanes: exactLanes)
                }
                if out == 0 { fast = drawn } else { exact = drawn }
            }
            #expect(fast == expected, "shape \(index): division-free sides")
            #expect(exact == expected, "shape \(index): exact sides")
        }
    }
}
