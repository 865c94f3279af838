// Image span shader: samples a CGImage through a device → image homography.
//
// Coordinate spaces: spans in device pixels, sampled at pixel centres (x + 0.5, y + 0.5); `deviceToImage`
// maps them to level-0 image pixels, y down, texel (i, j) centred at (i + 0.5, j + 0.5) — Skia's convention,
// so the peer scenes (SCENES.md: "bilinear filtering at pixel centres and clamped to its edge texels") agree.
// Addressing clamps to the edge texels. Numbers: every pixel's position is a function of its own x and y
// (never stepped across a span), so output does not depend on span boundaries or threads. Positions are
// rounded to 1/256 texel, which gives the 8-bit bilinear weights; the weighted sum is rounded once to
// 8 bits, and premultiplication is preserved (channel ≤ alpha). Kernels: integer translations copy rows;
// affine maps run the fixed-point kernel (PaintImageAffineKernel.swift, or its AVX2 twin in
// raster_kernels_images.c with the same bytes; unit x steps take the row kernel of PaintImageTranslateKernel.swift);
// compositors that blend source-over sample and blend in one pass (PaintImageSourceOver.swift); perspective runs the per-pixel-divide kernel
// (PaintImagePerspectiveKernel.swift; for the linear filter its C twin in raster_kernels_images_perspective.c
// with the same bytes); the Double path (PaintImageScalarPath.swift) serves the nearest
// filter and anything outside the kernels' ranges.
// Level of detail (trilinear): λ = log2 ρ, ρ = the larger length of the image-space derivatives along
// device x and y (the Jacobian's columns, as in OpenGL's scale factor), once per shader when affine and once
// per 16-pixel block aligned to device x (at the block centre) under perspective.
import Foundation
import RasterKernels

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
package struct PaintImageShader: SpanShader, @unchecked Sendable {
    // @unchecked Sendable: `levels` (and the kernels' level copies) point into `storage`, which this value
    // keeps alive and never mutates.
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
    /// Level of detail for affine maps (constant over the image), the bias included.
    let affineLOD: Double
    /// Added to every level of detail (CALayer's `minificationFilterBias`; only trilinear filtering uses it).
    let lodBias: Double
    /// Affine kernel: the level sampled, and for trilinear the next level blended in by `affineBlend`/256.
    let affineLevel: PaintImageAffineLevel?
    let affineNextLevel: PaintImageAffineLevel?
    let affineBlend: UInt32
    /// Perspective kernel usable (linear or trilinear filter, texture and map within its ranges).
    let usesPerspectiveKernel: Bool
    /// The perspective kernel's level in C form (the linear filter: level 0 alone), nil otherwise.
    let perspectiveKernelLevel: rk_image_perspective_level?

    /// `deviceToImage` maps device pixels to image pixels; `opacity` (0…1) multiplies every sample;
    /// `lodBias` is added to the mipmap level of detail under `.trilinear` (positive: blurrier; a non-finite
    /// bias counts as 0).
    package init(
        image: CGImage, deviceToImage: PaintProjectiveTransform, filter: PaintImageFilter = .linear, opacity: Double = 1,
        lodBias: Double = 0
    ) {
        let op = clampUnit(opacity)
        let bias = lodBias.isFinite ? lodBias : 0
        self.lodBias = bias
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
            dudx: m.m0, dvdx: m.m3, dudy: m.m1, dvdy: m.m4) + bias
        let limit = Double(1 << 40)
        if m.isTranslation, m.m2 == m.m2.rounded(), m.m5 == m.m5.rounded(), abs(m.m2) < limit, abs(m.m5) < limit {
            copyOffset = (Int(m.m2), Int(m.m5))
        } else {
            copyOffset = nil
        }
        var first: PaintImageAffineLevel?, next: PaintImageAffineLevel?, blend: UInt32 = 0
        var perspective = false
        var kernelLevel: rk_image_perspective_level?
        if let levels, filter != .nearest {
            if isAffine {
                let (l0, f8) = filter == .trilinear ? PaintImageShader.levels(lod: affineLOD, count: levelCount) : (0, 0)
                first = PaintImageAffineLevel(level: levels[l0], map: m)
                if f8 > 0 {
                    next = PaintImageAffineLevel(level: levels[l0 + 1], map: m)
                    if next == nil { first = nil }
                    blend = f8
                }
            } else {
                let size = PaintImagePerspectiveLevel.sizeLimit
                let values = [m.m0, m.m1, m.m2, m.m3, m.m4, m.m5, m.m6, m.m7, m.m8]
                perspective = levels[0].width <= size && levels[0].height <= size && values.allSatisfy { abs($0) < 1e30 }
                if perspective && filter == .linear { kernelLevel = PaintImagePerspectiveLevel(levels[0]).kernelLevel(map: m) }
            }
        }
        affineLevel = first
        affineNextLevel = next
        affineBlend = blend
        usesPerspectiveKernel = perspective
        perspectiveKernelLevel = kernelLevel
    }

    /// log2 of the larger Jacobian column length (texels per device pixel); −∞ for a degenerate map.
    @inline(__always)
    static func levelOfDetail(dudx: Double, dvdx: Double, dudy: Double, dvdy: Double) -> Double {
        let rho2 = max(dudx * dudx + dvdx * dvdx, dudy * dudy + dvdy * dvdy)
        return 0.5 * log2(rho2)
    }

    /// The trilinear level pair for λ: level `l0` blended toward l0 + 1 by f8/256 (f8 = 0: l0 alone).
    /// Magnification or an invalid λ gives level 0; beyond the chain the smallest level.
    @inline(__always)
    static func levels(lod: Double, count: Int) -> (l0: Int, f8: UInt32) {
        guard lod > 0 else { return (0, 0) }
        if lod >= Double(count - 1) { return (count - 1, 0) }
        let l0 = Int(lod)
        return (l0, UInt32((lod - Double(l0)) * 256 + 0.5))
    }

    package func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        shade(x: x, y: y, count: count, into: output, kernels: .automatic)
    }

    /// `shade` with the affine kernel's implementation chosen by `kernels` (identical bytes; for tests).
    func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>, kernels: SpanKernelChoice) {
        guard count > 0 else { return }
        guard let levels, opacity8 > 0 else { output.update(repeating: 0, count: count); return }
        if let offset = copyOffset {
            PaintImageShader.copyRow(levels[0], x: x + offset.dx, y: y + offset.dy, count: count, into: output)
        } else if let affineLevel {
            shadeAffine(affineLevel, levels, x: x, y: y, count: count, into: output, kernels: kernels)
        } else if isAffine {
            shadeAffineScalar(levels, x: x, y: y, count: count, into: output)
        } else if usesPerspectiveKernel {
            shadePerspective(levels, x: x, y: y, count: count, into: output, kernels: kernels)
        } else {
            shadePerspectiveScalar(levels, x: x, y: y, count: count, into: output)
        }
        if opacity8 < 255 {
            PaintImageShader.scale(output, count: count, by: opacity8)
        }
    }

    /// The fixed-point kernels on pixels with |x| < xLimit of rows within range, the Double path elsewhere.
    private func shadeAffine(
        _ first: PaintImageAffineLevel, _ levels: UnsafePointer<PaintTextureLevel>, x: Int, y: Int, count: Int,
        into output: UnsafeMutablePointer<UInt32>, kernels: SpanKernelChoice
    ) {
        let limit = PaintImageAffineLevel.xLimit
        let lo = min(max(x, 1 - limit), x + count), hi = max(min(x + count, limit), lo)
        guard hi > lo, let base = first.rowBase(y: y) else {
            shadeAffineScalar(levels, x: x, y: y, count: count, into: output)
            return
        }
        var nextBase: (u: Int64, v: Int64)?
        if let next = affineNextLevel {
            guard let b = next.rowBase(y: y) else {
                shadeAffineScalar(levels, x: x, y: y, count: count, into: output)
                return
            }
            nextBase = b
        }
        if lo > x { shadeAffineScalar(levels, x: x, y: y, count: lo - x, into: output) }
        let out = output + (lo - x)
        if let next = affineNextLevel, let nextBase {
            first.shadeBlended(with: next, f8: affineBlend, bases: (base, nextBase), x: lo, count: hi - lo, into: out)
        } else if first.stepsOneTexelAlongX {
            first.shadeTranslated(base, x: lo, count: hi - lo, into: out)
        } else {
            first.shade(base, x: lo, count: hi - lo, into: out, kernels: kernels)
        }
        if hi < x + count { shadeAffineScalar(levels, x: hi, y: y, count: x + count - hi, into: output + (hi - x)) }
    }

    /// The perspective kernel: 16-pixel blocks aligned to device x, 8 pixels per step (in C for the linear filter
    /// when `kernels` allows it).
    private func shadePerspective(
        _ levels: UnsafePointer<PaintTextureLevel>, x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>,
        kernels: SpanKernelChoice
    ) {
        if var level = perspectiveKernelLevel,
           paintPerspectiveBilinearKernel(&level, x: x, y: y, output, count, kernels) == count
        {
            return
        }
        let row = PaintImagePerspectiveRow(m: map, py: Double(y) + 0.5)
        let trilinear = filter == .trilinear
        var first = PaintImagePerspectiveLevel(levels[0])
        var p = x
        let end = x + count
        while p < end {
            let blockStart = p & ~15
            let blockEnd = min(end, blockStart + 16)
            var next: PaintImagePerspectiveLevel?
            var blend = SIMD8<UInt32>()
            if trilinear {
                let lod = lodAt(px: Double(blockStart) + 8, py: row.py) ?? 0
                let (l0, f8) = PaintImageShader.levels(lod: lod, count: levelCount)
                first = PaintImagePerspectiveLevel(levels[l0])
                if f8 > 0 {
                    next = PaintImagePerspectiveLevel(levels[l0 + 1])
                    blend = SIMD8(repeating: f8)
                }
            }
            while p < blockEnd {
                let c = row.coordinates(blockStart: blockStart, k: p - blockStart)
                var value = first.sample(u: c.u, v: c.v)
                if let next { value = paintLerp8(value, next.sample(u: c.u, v: c.v), f: blend) }
                value &= ~c.hidden
                paintStore8(value, to: output + (p - x), count: blockEnd - p)
                p += 8
            }
            p = blockEnd
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
            dudy: (m.m1 * w - X * m.m7) / w2, dvdy: (m.m4 * w - Y * m.m7) / w2) + lodBias
    }

    /// Multiplies `count` pixels by a/255 (exactly `paintScalePixel` per pixel), 8 at a time.
    static func scale(_ pixels: UnsafeMutablePointer<UInt32>, count: Int, by a: UInt32) {
        var i = 0
        while i + 8 <= count {
            let v = UnsafeRawPointer(pixels + i).loadUnaligned(as: SIMD8<UInt32>.self)
            UnsafeMutableRawPointer(pixels + i).storeBytes(of: paintScale8(v, by: a), as: SIMD8<UInt32>.self)
            i += 8
        }
        while i < count { pixels[i] = paintScalePixel(pixels[i], by: a); i += 1 }
    }
}
