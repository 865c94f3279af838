// The Double reference path of the image shader: every pixel's position evaluated in Double, texel taps
// clamped one by one. It serves the nearest filter and whatever the fixed-point kernels cannot represent
// (huge coordinates or scales, textures beyond the kernels' size limits); the kernels match it to within
// the rounding of the position (1/256 texel), not bit for bit.
//
// Coordinate space and numbers: PaintImageShader.swift's file header (texel centres at +0.5, edge clamping,
// weights rounded to 1/256, one rounding of the weighted sum).
import Foundation

extension PaintImageShader {
    /// The Double reference path for affine maps, pixels x ..< x + count of row y.
    func shadeAffineScalar(_ levels: UnsafePointer<PaintTextureLevel>, x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        let m = map
        let py = Double(y) + 0.5
        let uRow = m.m1 * py + m.m2, vRow = m.m4 * py + m.m5
        let base = levels[0]
        switch filter {
        case .nearest:
            for i in 0..<count {
                let px = Double(x + i) + 0.5
                output[i] = PaintImageShader.nearest(base, u: m.m0 * px + uRow, v: m.m3 * px + vRow)
            }
        case .linear:
            for i in 0..<count {
                let px = Double(x + i) + 0.5
                output[i] = PaintImageShader.bilinear(base, u: m.m0 * px + uRow, v: m.m3 * px + vRow)
            }
        case .trilinear:
            let lod = affineLOD
            for i in 0..<count {
                let px = Double(x + i) + 0.5
                output[i] = trilinear(levels, u: m.m0 * px + uRow, v: m.m3 * px + vRow, lod: lod)
            }
        }
    }

    /// The Double reference path under perspective (per pixel, one level of detail per 16-pixel block); used
    /// for textures too large for the Float kernel and for non-linear filters.
    func shadePerspectiveScalar(_ levels: UnsafePointer<PaintTextureLevel>, x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        let m = map
        let py = Double(y) + 0.5
        let base = levels[0]
        var i = 0
        while i < count {
            // One level of detail per 16-pixel block aligned to device x, taken at the block's centre.
            let blockStart = (x + i) & ~15
            let blockEnd = min(x + count, blockStart + 16)
            var blockLOD = 0.0
            if filter == .trilinear {
                blockLOD = lodAt(px: Double(blockStart) + 8, py: py) ?? 0
            }
            while x + i < blockEnd {
                let px = Double(x + i) + 0.5
                let w = m.m6 * px + m.m7 * py + m.m8
                if w > 0 {
                    let u = (m.m0 * px + m.m1 * py + m.m2) / w, v = (m.m3 * px + m.m4 * py + m.m5) / w
                    switch filter {
                    case .nearest: output[i] = PaintImageShader.nearest(base, u: u, v: v)
                    case .linear: output[i] = PaintImageShader.bilinear(base, u: u, v: v)
                    case .trilinear: output[i] = trilinear(levels, u: u, v: v, lod: blockLOD)
                    }
                } else {
                    output[i] = 0
                }
                i += 1
            }
        }
    }

    @inline(__always)
    func trilinear(_ levels: UnsafePointer<PaintTextureLevel>, u: Double, v: Double, lod: Double) -> UInt32 {
        // Magnification or an invalid λ samples level 0; beyond the chain the smallest level.
        guard lod > 0 else { return PaintImageShader.bilinear(levels[0], u: u, v: v) }
        let top = Double(levelCount - 1)
        if lod >= top {
            let l = levels[levelCount - 1]
            return PaintImageShader.bilinear(l, u: u * l.scaleX, v: v * l.scaleY)
        }
        let l0 = Int(lod)
        let f8 = UInt32((lod - Double(l0)) * 256 + 0.5)
        let a = levels[l0], b = levels[l0 + 1]
        let ca = PaintImageShader.bilinear(a, u: u * a.scaleX, v: v * a.scaleY)
        if f8 == 0 { return ca }
        let cb = PaintImageShader.bilinear(b, u: u * b.scaleX, v: v * b.scaleY)
        let sa = paintSpreadPixel(ca), sb = paintSpreadPixel(cb)
        let ia = UInt64(256 - f8), ib = UInt64(f8)
        return paintPackSpread(rb: sa.rb &* ia &+ sb.rb &* ib, ga: sa.ga &* ia &+ sb.ga &* ib, shift: 8)
    }

    /// Clamps a texel-space coordinate into [−2, size + 2] (NaN to −2) so integer conversion cannot trap;
    /// everything outside the image clamps to the edge anyway.
    @inline(__always)
    static func safe(_ c: Double, _ size: Int) -> Double {
        let hi = Double(size) + 2
        if c >= -2 { return c <= hi ? c : hi }
        return -2
    }

    /// floor(c) for c ≥ −4 by truncating c + 4 (`rounded(.down)` is a libm call on the baseline target).
    @inline(__always)
    static func floorInt(_ c: Double) -> Int { Int(c + 4) &- 4 }

    @inline(__always)
    static func nearest(_ level: PaintTextureLevel, u: Double, v: Double) -> UInt32 {
        let ix = min(max(floorInt(safe(u, level.width)), 0), level.width - 1)
        let iy = min(max(floorInt(safe(v, level.height)), 0), level.height - 1)
        return level.pixels[iy * level.stride + ix]
    }

    @inline(__always)
    static func bilinear(_ level: PaintTextureLevel, u: Double, v: Double) -> UInt32 {
        // Wrapping arithmetic: every value is bounded (coordinates clamped by `safe`, weights ≤ 256), so the
        // overflow checks of the plain operators would only cost time in this per-pixel path.
        let fu = safe(u, level.width) - 0.5, fv = safe(v, level.height) - 0.5
        let x0 = floorInt(fu), y0 = floorInt(fv)
        // Fractions in [0, 1) to 1/256 steps, halves rounded up (truncation of a non-negative value).
        let wx = UInt64(truncatingIfNeeded: Int((fu - Double(x0)) * 256 + 0.5))
        let wy = UInt64(truncatingIfNeeded: Int((fv - Double(y0)) * 256 + 0.5))
        let w = level.width, h = level.height
        let cx0 = min(max(x0, 0), w &- 1), cx1 = min(max(x0 &+ 1, 0), w &- 1)
        let cy0 = min(max(y0, 0), h &- 1), cy1 = min(max(y0 &+ 1, 0), h &- 1)
        let row0 = level.pixels + cy0 &* level.stride, row1 = level.pixels + cy1 &* level.stride
        let p00 = paintSpreadPixel(row0[cx0]), p10 = paintSpreadPixel(row0[cx1])
        let p01 = paintSpreadPixel(row1[cx0]), p11 = paintSpreadPixel(row1[cx1])
        // Weights (256 − wx)(256 − wy) … sum to 65536; each lane stays below 255 · 65536 + 32768 < 2^32.
        let ix = 256 &- wx, iy = 256 &- wy
        let w00 = ix &* iy, w10 = wx &* iy, w01 = ix &* wy, w11 = wx &* wy
        let rb = p00.rb &* w00 &+ p10.rb &* w10 &+ p01.rb &* w01 &+ p11.rb &* w11
        let ga = p00.ga &* w00 &+ p10.ga &* w10 &+ p01.ga &* w01 &+ p11.ga &* w11
        return paintPackSpread(rb: rb, ga: ga, shift: 16)
    }

    /// Copies texels (tx …, ty) of level 0 with clamping to the edges (the integer-translation fast path).
    static func copyRow(_ level: PaintTextureLevel, x tx: Int, y ty: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        let w = level.width
        let row = level.pixels + min(max(ty, 0), level.height - 1) * level.stride
        // Pixels left of the image repeat texel 0, right of it texel w − 1, the middle is one copy.
        let leftCount = min(count, max(0, -tx))
        if leftCount > 0 { output.update(repeating: row[0], count: leftCount) }
        let midStart = max(tx, 0)
        let midCount = max(0, min(tx + count, w) - midStart)
        if midCount > 0 { (output + leftCount).update(from: row + midStart, count: midCount) }
        let done = leftCount + midCount
        if done < count { (output + done).update(repeating: row[w - 1], count: count - done) }
    }
}
