// The image shader's fused shade-and-blend (SpanShader.shadeSourceOver): affine bilinear spans are sampled
// and blended source-over in one AVX2 pass (raster_kernels_images.c), integer-translated rows blend straight
// from the texel row; anything else shades into the scratch row and blends it (the default).
//
// Coordinate space and numbers: PaintImageShader.swift and PaintImageAffineKernel.swift (device pixels,
// fixed-point level coordinates, one rounding of each sample, then paintScale8 for the opacity); the blend
// is PaintBlendSpan.swift's normal mode. Every path gives the bytes of `shade` followed by that blend.
import RasterKernels

extension PaintImageAffineLevel {
    /// The C kernel's description of the pixels from device x on of a row whose fixed-point base is `base`
    /// (the same s = U + 2^15 that `lanes` starts from).
    @inline(__always)
    func kernelSpan(_ base: (u: Int64, v: Int64), x: Int, opacity: UInt32) -> rk_image_affine_span {
        rk_image_affine_span(
            pixels: level.pixels, s: base.u &+ Int64(x) &* stepU &+ 0x8000, t: base.v &+ Int64(x) &* stepV &+ 0x8000,
            stepU: stepU, stepV: stepV, stride: Int32(truncatingIfNeeded: level.stride), maxU: maxU, maxV: maxV,
            opacity: opacity)
    }
}

/// What an image shader's one-pass source-over needs, in one immutable object a compositor keeps beside the
/// shader, so spans read it in place (copying the shader, or a large struct, per span cost more than the work).
/// Invariant: the texel pointers inside point into the texture storage of the shader that made the plan; use
/// the plan only while that shader is alive. @unchecked Sendable: immutable after init.
package final class PaintImageSourceOverPlan: @unchecked Sendable {
    enum Mode {
        /// Integer translation at full opacity: device (x, y) shows level-0 texel (x + dx, y + dy).
        case copy(PaintTextureLevel, dx: Int, dy: Int)
        /// Affine bilinear on one level (no trilinear blend, no unit-step row kernel), samples scaled by opacity/255.
        case affine(PaintImageAffineLevel, opacity: UInt32)
    }
    let mode: Mode
    /// Affine mode: the fixed-point row bases (u, v) of device rows firstRow ..< firstRow + rowCount, made once
    /// with `rowBase` so spans skip its Double arithmetic (a long dependency chain per span); Int64.min marks a
    /// row outside the fixed-point range. Other rows compute it per span.
    let rowBases: UnsafeMutablePointer<Int64>?
    let firstRow: Int, rowCount: Int
    /// Affine mode: true, and the kernel span of device x = 0 with s = t = 0, so a span reads plain stored
    /// values (taking the level out of `mode` per span copies a dozen words); copy mode: false, zeros.
    let isAffine: Bool
    let template: rk_image_affine_span
    /// Affine mode with tabulated rows and the AVX2 kernels in use: the C kernel's copy of the plan (the template,
    /// the row table, the x limit), so a span of a tabulated row is one call (`automatic` kernels only).
    /// Invariant: allocated in init, freed in deinit; its `rows` point into `rowBases`.
    let kernelPlan: UnsafeMutablePointer<rk_image_affine_plan>?

    /// The most rows a plan tabulates (16 bytes each).
    static let tableLimit = 8192

    init(mode: Mode, rows: Range<Int>?) {
        self.mode = mode
        if case .affine(let first, let opacity) = mode {
            isAffine = true
            template = first.kernelSpan((0, 0), x: 0, opacity: opacity)
        } else {
            isAffine = false
            template = rk_image_affine_span()
        }
        guard case .affine(let first, _) = mode, let rows, !rows.isEmpty, rows.count <= Self.tableLimit else {
            rowBases = nil; firstRow = 0; rowCount = 0; kernelPlan = nil
            return
        }
        let table = UnsafeMutablePointer<Int64>.allocate(capacity: 2 * rows.count)
        for (i, y) in rows.enumerated() {
            let base = first.rowBase(y: y)
            table[2 * i] = base?.u ?? Int64.min
            table[2 * i + 1] = base?.v ?? 0
        }
        rowBases = table; firstRow = rows.lowerBound; rowCount = rows.count
        if rk_avx2_enabled() != 0 {
            let plan = UnsafeMutablePointer<rk_image_affine_plan>.allocate(capacity: 1)
            plan.initialize(to: rk_image_affine_plan(
                span: template, rows: UnsafePointer(table), firstRow: Int64(rows.lowerBound),
                rowCount: Int64(rows.count), xLimit: Int64(PaintImageAffineLevel.xLimit), avx2: 1))
            kernelPlan = plan
        } else {
            kernelPlan = nil
        }
    }

    deinit {
        kernelPlan?.deallocate()
        rowBases?.deallocate()
    }

    /// Runs the span in one pass when the plan covers it (returns true); false leaves `destination` untouched
    /// for the shader's general path. `alpha` > 0 and count > 0.
    package func sourceOver(
        x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>?, alpha: UInt8,
        destination: UnsafeMutablePointer<UInt32>
    ) -> Bool {
        if let kernelPlan,
           rk_image_affine_plan_over(kernelPlan, Int64(x), Int64(y), coverage, alpha, destination, count) == count {
            return true
        }
        return generalSourceOver(x: x, y: y, count: count, coverage: coverage, alpha: alpha, destination: destination)
    }

    /// The spans the C plan declines; out of line so the one-call path above saves no registers for it.
    @inline(never)
    func generalSourceOver(
        x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>?, alpha: UInt8,
        destination: UnsafeMutablePointer<UInt32>
    ) -> Bool {
        sourceOver(x: x, y: y, count: count, coverage: coverage, alpha: alpha, destination: destination, kernels: .automatic)
    }

    /// `sourceOver` with the kernels chosen by `kernels` (for tests); affine spans need AVX2 (false otherwise).
    @inline(__always)
    func sourceOver(
        x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>?, alpha: UInt8,
        destination: UnsafeMutablePointer<UInt32>, kernels: SpanKernelChoice
    ) -> Bool {
        if isAffine {
            let limit = PaintImageAffineLevel.xLimit
            guard x > -limit, x &+ count <= limit else { return false }
            let r = y &- firstRow
            var span = template
            if let table = rowBases, r >= 0, r < rowCount {
                let u = table[2 &* r]
                if u == Int64.min { return false }
                // kernelSpan's sums for this row's base (the template's own s and t are replaced).
                span.s = u &+ Int64(x) &* span.stepU &+ 0x8000
                span.t = table[2 &* r &+ 1] &+ Int64(x) &* span.stepV &+ 0x8000
            } else {
                guard case .affine(let first, _) = mode, let base = first.rowBase(y: y) else { return false }
                span.s = base.u &+ Int64(x) &* span.stepU &+ 0x8000
                span.t = base.v &+ Int64(x) &* span.stepV &+ 0x8000
            }
            return paintAffineBilinearOverKernel(&span, coverage, alpha, destination, count, kernels) == count
        }
        switch mode {
        case .copy(let level, let dx, let dy):
            let tx = x &+ dx
            // Columns inside the image blend straight from the texel row (clamped rows repeat an edge row).
            guard tx >= 0, tx &+ count <= level.width else { return false }
            let row = level.pixels + min(max(y &+ dy, 0), level.height &- 1) &* level.stride
            paintBlendSourceOver(row + tx, coverage, alpha, destination, count, kernels: kernels)
            return true
        case .affine:
            return false  // handled above
        }
    }
}

/// The AVX2 affine bilinear kernel per `kernels` (SpanKernels.swift's choice rules): pixels done, count or 0.
@inline(__always)
func paintAffineBilinearKernel(
    _ span: inout rk_image_affine_span, _ output: UnsafeMutablePointer<UInt32>, _ count: Int, _ kernels: SpanKernelChoice
) -> Int {
    switch kernels {
    case .automatic: return rk_image_affine_bilinear(&span, output, count)
    case .portable: return 0
    case .avx2: return SpanKernels.isAVX2Supported ? rk_image_affine_bilinear_avx2(&span, output, count) : 0
    }
}

/// The fused sample-and-blend kernel per `kernels`: pixels done, count or 0.
@inline(__always)
func paintAffineBilinearOverKernel(
    _ span: inout rk_image_affine_span, _ coverage: UnsafePointer<UInt8>?, _ alpha: UInt8,
    _ destination: UnsafeMutablePointer<UInt32>, _ count: Int, _ kernels: SpanKernelChoice
) -> Int {
    switch kernels {
    case .automatic: return rk_image_affine_bilinear_over(&span, coverage, alpha, destination, count)
    case .portable: return 0
    case .avx2:
        return SpanKernels.isAVX2Supported ? rk_image_affine_bilinear_over_avx2(&span, coverage, alpha, destination, count) : 0
    }
}

extension PaintImageShader {
    /// The one-pass plan of this shader, nil when every span takes the general path (nothing to sample, nearest
    /// or trilinear blending, perspective, unit-step rows, a translation under partial opacity).
    package var sourceOverPlan: PaintImageSourceOverPlan? { sourceOverPlan(rows: nil) }

    /// `sourceOverPlan` with the affine row bases of device rows `rows` precomputed (at most
    /// PaintImageSourceOverPlan.tableLimit rows; more, or nil, tabulates nothing).
    package func sourceOverPlan(rows: Range<Int>?) -> PaintImageSourceOverPlan? {
        guard let levels, opacity8 > 0 else { return nil }
        if let offset = copyOffset {
            guard opacity8 == 255 else { return nil }
            return PaintImageSourceOverPlan(mode: .copy(levels[0], dx: offset.dx, dy: offset.dy), rows: nil)
        }
        if let first = affineLevel, affineNextLevel == nil, !first.stepsOneTexelAlongX {
            return PaintImageSourceOverPlan(mode: .affine(first, opacity: opacity8), rows: rows)
        }
        return nil
    }

    /// `sourceOver` of `plan` (this shader's `sourceOverPlan`) when it covers the span, else shade and blend.
    package func shadeSourceOver(
        plan: PaintImageSourceOverPlan?, x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>?, alpha: UInt8,
        destination: UnsafeMutablePointer<UInt32>, scratch: UnsafeMutablePointer<UInt32>
    ) {
        guard count > 0, alpha > 0 else { return }
        // A transparent source leaves every destination pixel as it is (s + d·255/255 = d, lerp(d, d) = d).
        guard levels != nil, opacity8 > 0 else { return }
        if let plan, plan.sourceOver(x: x, y: y, count: count, coverage: coverage, alpha: alpha, destination: destination) {
            return
        }
        shade(x: x, y: y, count: count, into: scratch)
        paintBlendSourceOver(UnsafePointer(scratch), coverage, alpha, destination, count)
    }

    package func shadeSourceOver(
        x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>?, alpha: UInt8,
        destination: UnsafeMutablePointer<UInt32>, scratch: UnsafeMutablePointer<UInt32>
    ) {
        shadeSourceOver(plan: sourceOverPlan, x: x, y: y, count: count, coverage: coverage, alpha: alpha,
                        destination: destination, scratch: scratch)
    }
}
