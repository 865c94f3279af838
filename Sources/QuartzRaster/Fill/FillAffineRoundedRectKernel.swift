// Rotated rounded rects composited by one C call per (shape, tile): rk_rrect_blend_rows
// (raster_kernels_rrect.c) runs FillShapeBlend.portableRows' row loop, coverage and blending with the same
// Double and integer operations, so the bytes are the portable reference's (FillRoundedRectKernelTests).
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1); the shape's terms are local-space
// Doubles (FillAffineRoundedRect), the row table Int32 column bounds (FillRowLinesBatch.swift).

import RasterKernels

extension FillAffineRoundedRect {
    /// The terms rk_rrect_blend_rows needs, copied out once per call.
    var kernelShape: rk_rrect_shape {
        rk_rrect_shape(
            ix_x: inverseX.x, ix_y: inverseX.y, iy_x: inverseY.x, iy_y: inverseY.y,
            offset_x: inverseOffset.x, offset_y: inverseOffset.y,
            center_x: center.x, center_y: center.y, half_x: halfSize.x, half_y: halfSize.y, radius: radius,
            x_a: sideRampX.a, x_b: sideRampX.b, x_h: sideRampX.h, x_k: sideRampX.k, x_two_ab: sideRampX.twoAB,
            x_scale: sideRampX.scale,
            y_a: sideRampY.a, y_b: sideRampY.b, y_h: sideRampY.h, y_k: sideRampY.k, y_two_ab: sideRampY.twoAB,
            y_scale: sideRampY.scale,
            exit_outside: cornerExits.outside, exit_inside: cornerExits.inside,
            jx_x: jx.x, jx_y: jx.y, jy_x: jy.x, jy_y: jy.y, determinant: determinant, fast_corner_k: fastCornerK)
    }
}

extension FillShapeBlend {
    /// FillRoundedRectCoverage.blendSolid's path for `.affine`: the C kernel when every row is tabulated and the
    /// corners are round; sharp shapes (their clipped-area pixels) and shapes too tall to tabulate take the
    /// portable loop. `kernels`: `.portable` keeps the C code scalar, otherwise its AVX2 steps run when enabled;
    /// `exactLanes` (tests) keeps their straight-side and corner pixels on the exact formulas instead of the
    /// division-free side ramp and the one-division corner formula.
    static func affineRows(_ g: FillAffineRoundedRect, color: UInt32, region: FillPixelBounds, surface: FillSurfaceRows,
                     kernels: SpanKernelChoice, exactLanes: Bool = false) {
        guard g.radius > 0, g.tabulatedRows == g.rows.count else {
            portableRows(g, color: color, region: region, surface: surface)
            return
        }
        let lower = max(g.rows.lowerBound, region.minY), upper = min(g.rows.upperBound, region.maxY)
        if lower >= upper || region.minX >= region.maxX { return }
        var shape = g.kernelShape
        g.rowTable.withUnsafeBufferPointer { table in
            // Invariant: the table holds four Int32 per row of g.rows; rows lower..<upper lie within g.rows,
            // hence within the table; the region lies inside the surface.
            guard let entries = table.baseAddress else { return }
            rk_rrect_blend_rows(
                &shape, entries, Int64(g.rows.lowerBound), Int64(region.minX), Int64(lower), Int64(region.maxX),
                Int64(upper), color, surface.base, Int64(surface.bounds.minX), Int64(surface.bounds.minY),
                Int64(surface.bounds.width), kernels == .portable ? 0 : exactLanes ? 2 : 1)
        }
    }
}

extension FillAffineRoundedRect {
    /// Tests: the bytes rk_rrect_blend_rows' AVX2 lanes give the x side's ramp (`xSide`) or the y side's at
    /// local `distances`, and how many lanes the division-free ramp left to the exact one; nil without AVX2.
    func kernelSideBytes(xSide: Bool, distances: [Double], exact: Bool) -> (bytes: [UInt8], unsure: Int)? {
        var shape = kernelShape
        var bytes = [UInt8](repeating: 0, count: distances.count)
        let result = distances.withUnsafeBufferPointer { d in
            bytes.withUnsafeMutableBufferPointer { out -> Int32 in
                // Invariant: both buffers hold distances.count values (the C loop reads and writes no more).
                guard let input = d.baseAddress, let output = out.baseAddress else { return 1 }
                return rk_rrect_side_bytes(&shape, xSide ? 1 : 0, input, Int64(distances.count), output, exact ? 1 : 0)
            }
        }
        return result == 0 ? nil : (bytes, Int(result) - 1)
    }
}

extension FillAffineRoundedRect {
    /// Tests: the bytes rk_rrect_blend_rows' AVX2 edge lanes (`wide`: the AVX-512 tier's eight-lane steps) give
    /// pixel centres at local `offsets` from the centre, and how many corner lanes the fast corner formula left
    /// to the exact one; nil without AVX2 (`wide`: without AVX-512).
    func kernelLaneBytes(offsets: [SIMD2<Double>], exact: Bool, wide: Bool = false) -> (bytes: [UInt8], flagged: Int)? {
        var shape = kernelShape
        let xs = offsets.map(\.x), ys = offsets.map(\.y)
        var bytes = [UInt8](repeating: 0, count: offsets.count)
        let result = xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in
                bytes.withUnsafeMutableBufferPointer { out -> Int32 in
                    // Invariant: all three buffers hold offsets.count values (the C loop reads and writes no more).
                    guard let ox = x.baseAddress, let oy = y.baseAddress, let output = out.baseAddress else { return 1 }
                    return wide
                        ? rk_rrect_lane_bytes_wide(&shape, ox, oy, Int64(offsets.count), output, exact ? 1 : 0)
                        : rk_rrect_lane_bytes(&shape, ox, oy, Int64(offsets.count), output, exact ? 1 : 0)
                }
            }
        }
        return result == 0 ? nil : (bytes, Int(result) - 1)
    }
}
