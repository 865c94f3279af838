// Image span shader: samples a CGImage through a device → image homography.
//
// Coordinate spaces: spans in device pixels, sampled at pixel centres (x + 0.5, y + 0.5); `deviceToImage`
// maps them to level-0 image pixels, y down, texel (i, j) centred at (i + 0.5, j + 0.5) — Skia's convention,
// so the peer scenes (SCENES.md: "bilinear filtering at pixel centres and clamped to its edge texels") agree.
// Addressing clamps to the edge texels. Numbers: positions in Double, evaluated per pixel (never stepped),
// so output does not depend on span boundaries; bilinear and trilinear weights are rounded to 1/256, the
// weighted sum is rounded once to 8 bits, and premultiplication is preserved (channel ≤ alpha).
// Level of detail (trilinear): λ = log2 ρ, ρ = the larger length of the image-space derivatives along
// device x and y (the Jacobian's columns, as in OpenGL's scale factor), once per shader when affine and once
// per 16-pixel block aligned to device x (at the block centre) under perspective.
import Foundation

/// How an image is filtered (CALayer's `minificationFilter` names: nearest, linear, trilinear).
public enum PaintImageFilter: Sendable, Hashable {
    /// The texel containing the sample point.
    case nearest
    /// Bilinear interpolation of the 4 nearest texels of the full-size image.
    case linear
    /// Bilinear in the two mipmap levels around the level of detail, blended linearly: does not alias when
    /// minifying.
    case trilinear

    /// Core Graphics' interpolation quality: none → nearest, low → linear, default/medium/high → trilinear.
    public init(_ quality: CGInterpolationQuality) {
        switch quality {
        case .none: self = .nearest
        case .low: self = .linear
        case .default, .medium, .high: self = .trilinear
        }
    }
}

/// Samples an image (see the file header for conventions).
public struct PaintImageShader: SpanShader, @unchecked Sendable {
    // @unchecked Sendable: `levels` points into `storage`, which this value keeps alive and never mutates.
    let storage: PaintTextureStorage?
    let levels: UnsafePointer<PaintTextureLevel>?
    let levelCount: Int
    let map: PaintProjectiveTransform
    let filter: PaintImageFilter
    /// Opacity as an 8-bit factor (255 = unchanged).
    let opacity8: UInt32
    /// Pure integer translation with an exact 1:1 texel mapping: rows are copied.
    let copyOffset: (dx: Int, dy: Int)?
    let isAffine: Bool
    /// Level of detail for affine maps (constant over the image).
    let affineLOD: Double

    /// `deviceToImage` maps device pixels to image pixels; `opacity` (0…1) multiplies every sample.
    public init(image: CGImage, deviceToImage: PaintProjectiveTransform, filter: PaintImageFilter = .linear, opacity: Double = 1) {
        let op = clampUnit(opacity)
        opacity8 = UInt32((op * 255).rounded())
        self.filter = filter
        map = deviceToImage
        if deviceToImage.isFinite, let texture = image.mipmappedTexture() {
            storage = texture
            levels = UnsafePointer(texture.levels)
            levelCount = filter == .trilinear ? texture.levelCount : 1
        } else {
            storage = nil; levels = nil; levelCount = 0
        }
        let m = deviceToImage
        isAffine = m.isAffine
        affineLOD = PaintImageShader.levelOfDetail(
            dudx: m.m0, dvdx: m.m3, dudy: m.m1, dvdy: m.m4)
        let limit = Double(1 << 40)
        if m.isTranslation, m.m2 == m.m2.rounded(), m.m5 == m.m5.rounded(), abs(m.m2) < limit, abs(m.m5) < limit {
            copyOffset = (Int(m.m2), Int(m.m5))
        } else {
            copyOffset = nil
        }
    }

    /// log2 of the larger Jacobian column length (texels per device pixel); −∞ for a degenerate map.
    @inline(__always)
    static func levelOfDetail(dudx: Double, dvdx: Double, dudy: Double, dvdy: Double) -> Double {
        let rho2 = max(dudx * dudx + dvdx * dvdx, dudy * dudy + dvdy * dvdy)
        return 0.5 * log2(rho2)
    }

    public func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        guard let levels, opacity8 > 0 else { output.update(repeating: 0, count: count); return }
        let base = levels[0]
        if let offset = copyOffset {
            PaintImageShader.copyRow(base, x: x + offset.dx, y: y + offset.dy, count: count, into: output)
        } else if isAffine {
            shadeAffine(levels, x: x, y: y, count: count, into: output)
        } else {
            shadePerspective(levels, x: x, y: y, count: count, into: output)
        }
        if opacity8 < 255 {
            let a = opacity8
            for i in 0..<count { output[i] = paintScalePixel(output[i], by: a) }
        }
    }

    private func shadeAffine(_ levels: UnsafePointer<PaintTextureLevel>, x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
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

    private func shadePerspective(_ levels: UnsafePointer<PaintTextureLevel>, x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
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

    /// The level of detail of the perspective map at a device point, nil where W ≤ 0.
    func lodAt(px: Double, py: Double) -> Double? {
        let m = map
        let w = m.m6 * px + m.m7 * py + m.m8
        guard w > 0 else { return nil }
        let X = m.m0 * px + m.m1 * py + m.m2, Y = m.m3 * px + m.m4 * py + m.m5
        let w2 = w * w
        // d(X/W)/dx = (m0·W − X·m6) / W², and likewise for the other three derivatives.
        return PaintImageShader.levelOfDetail(
            dudx: (m.m0 * w - X * m.m6) / w2, dvdx: (m.m3 * w - Y * m.m6) / w2,
            dudy: (m.m1 * w - X * m.m7) / w2, dvdy: (m.m4 * w - Y * m.m7) / w2)
    }

    @inline(__always)
    private func trilinear(_ levels: UnsafePointer<PaintTextureLevel>, u: Double, v: Double, lod: Double) -> UInt32 {
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
        return level.pixels[iy * level.width + ix]
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
        let row0 = level.pixels + cy0 &* w, row1 = level.pixels + cy1 &* w
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
        let row = level.pixels + min(max(ty, 0), level.height - 1) * w
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
