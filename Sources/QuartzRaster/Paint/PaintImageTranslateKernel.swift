// Row kernels for maps that step exactly one texel per device pixel along x with no change of v (pure
// translations): along a row the weights are constant and the taps are consecutive texels, so texels are
// read with vector loads instead of gathers, and a zero fraction drops to 2 taps (or a copy).
//
// Coordinate space and numbers: exactly those of PaintImageAffineKernel.swift (fixed point, 1/256-texel
// rounding, edge clamping), so every pixel equals what the general affine kernel gives; 2-tap and copy
// variants are that same value when a weight is 0 (paintLerp8's note).

extension PaintImageAffineLevel {
    /// True when du/dx = 1 and dv/dx = 0 exactly.
    var stepsOneTexelAlongX: Bool { stepU == PaintImageAffineLevel.one && stepV == 0 }

    /// `shade` for maps with `stepsOneTexelAlongX`.
    func shadeTranslated(_ base: (u: Int64, v: Int64), x: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        let s = base.u &+ Int64(x) &* stepU &+ 0x8000, t = base.v &+ 0x8000
        let vr = Int32(min(max(t >> 16, -256), Int64(maxV)))
        let q = s >> 16  // pixel x's coordinate in 1/256 texel; pixel x + j adds 256 j
        let fx = UInt32(truncatingIfNeeded: q & 255), fy = UInt32(truncatingIfNeeded: vr & 255)
        let column0 = q >> 8  // texel column of the left tap of pixel x
        let w = Int64(level.width)
        // Pixels left of column −1 repeat the value at column −1 (both taps are texel 0), pixels right of column
        // w − 1 the value at w − 1; in between the taps are consecutive.
        let leftEnd = Int(min(max(-1 - column0, 0), Int64(count)))
        let interiorEnd = Int(min(max(w - column0, Int64(leftEnd)), Int64(count)))
        let vVector = SIMD8<Int32>(repeating: vr)
        if leftEnd > 0 {
            output.update(repeating: sample(u: SIMD8(repeating: -256), v: vVector)[0], count: leftEnd)
        }
        if interiorEnd < count {
            output.advanced(by: interiorEnd).update(
                repeating: sample(u: SIMD8(repeating: maxU), v: vVector)[0], count: count - interiorEnd)
        }
        guard interiorEnd > leftEnd else { return }
        let stride = level.stride
        // Bordered block row of the upper taps; column c of it is texel c − 1.
        let row0 = level.pixels + (Int(vr >> 8)) * stride - 1
        let firstColumn = Int(column0) + 1 + leftEnd
        let lastColumn = level.width  // the last column an interior left tap can use
        let out = output + leftEnd
        let n = interiorEnd - leftEnd
        if fx == 0 && fy == 0 {
            out.update(from: row0 + firstColumn, count: n)
            return
        }
        let fxv = SIMD8<UInt32>(repeating: fx), fyv = SIMD8<UInt32>(repeating: fy)
        var j = 0
        while j < n {
            let c = firstColumn + j
            let t00: SIMD8<UInt32>, t10: SIMD8<UInt32>, t01: SIMD8<UInt32>, t11: SIMD8<UInt32>
            if c + 8 <= lastColumn + 1 {
                // Columns c … c + 8 ≤ width + 1: inside the bordered row.
                t00 = paintLoad8(row0 + c); t10 = paintLoad8(row0 + c + 1)
                t01 = paintLoad8(row0 + stride + c); t11 = paintLoad8(row0 + stride + c + 1)
            } else {
                // The last group: lanes past the row's end repeat column `lastColumn` (their output is dropped).
                let index = paintClamp8(SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7) &+ Int32(c), low: 0, high: Int32(lastColumn))
                t00 = paintGather8(row0, index); t10 = paintGather8(row0 + 1, index)
                t01 = paintGather8(row0 + stride, index); t11 = paintGather8(row0 + stride + 1, index)
            }
            let value: SIMD8<UInt32>
            if fy == 0 {
                value = paintLerp8(t00, t10, f: fxv)
            } else if fx == 0 {
                value = paintLerp8(t00, t01, f: fyv)
            } else {
                value = paintBilerp8(t00, t10, t01, t11, fx: fxv, fy: fyv)
            }
            paintStore8(value, to: out + j, count: n - j)
            j += 8
        }
    }
}
