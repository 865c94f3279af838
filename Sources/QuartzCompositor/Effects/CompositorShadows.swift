// Shadows: an item's shape shadow and a group's shadow from its composited alpha.
//
// Spaces: the shape and the shadow offset are local (RenderShadow); the blur runs in device pixels with
// σ = shadowRadius × the projection's local scale (PaintGaussianKernel.sigma(forShadowRadius:) maps radius to
// σ). Number formats: 8-bit masks, premultiplied RGBA8 colours. An axis-aligned rounded rectangle under a
// uniform scale uses the analytic blurred rounded rect (no blur pass); anything else is rasterised into an
// A8 mask over its device bounds and blurred, at a reduced resolution for σ ≥ 16 (ReducedResolutionBlur), so
// the cost per shadow pixel does not grow with the radius.
import Foundation
import QuartzMath
import QuartzRaster

enum CompositorShadows {
    /// The largest blur σ in device pixels: a larger one is clamped, which bounds the offscreen and mask
    /// sizes (the blur reaches 3σ on every side) [I: an engineering limit, far beyond UI shadow radii].
    static let maximumSigma = 256.0

    static func prepare(
        _ shadow: RenderShadow, item: RenderItem, builder: CompositorCoverageBuilder, blurThreads: Int = 1,
        grids: CompositorShadowGrids? = nil
    ) -> (CompositorCoverageBuilder.Built, CompositorPaint)? {
        let dx = Double(shadow.offset.width), dy = Double(shadow.offset.height)
        guard dx.isFinite, dy.isFinite, shadow.radius.isFinite, shadow.opacity > 0 else { return nil }
        // The offset moves the shape in local space, before the layer's matrix.
        let moved = CATransform3DConcat(CATransform3DMakeTranslation(dx, dy, 0), item.transform)
        let projection = CompositorProjection(moved)
        let color = shadow.color.compositorPremultiplied(opacity: shadow.opacity * item.opacity)
        let localRect: CGRect
        switch shadow.shape {
        case .roundedRect(let r): localRect = r.rect.standardized
        case .path(let p, _): localRect = p.isEmpty ? .null : p.controlPointBounds
        }
        guard !localRect.isNull else { return nil }
        let sigma = min(maximumSigma, PaintGaussianKernel.sigma(forShadowRadius: max(0, shadow.radius))
            * projection.localScale(of: localRect))
        guard sigma.isFinite else { return nil }
        let reach = Int((3 * sigma).rounded(.up)) + 2

        // Analytic: an axis-aligned rounded rectangle with equal x and y scale stays a rounded rectangle.
        if case .roundedRect(let r) = shadow.shape, r.isUniform, let a = projection.affine, a.b == 0, a.c == 0,
           abs(a.a) == abs(a.d), sigma > 0, CompositorCoverageBuilder.isModest(r.rect.standardized.applying(a)) {
            let device = r.rect.standardized.applying(a)
            let shape = PaintBlurredRoundedRect(rect: device, cornerRadius: r.effectiveRadius * Double(abs(a.a)), sigma: sigma)
            let extent = device.compositorPixelBounds(margin: Double(reach)).intersection(builder.clip)
            if extent.isEmpty { return nil }
            // A wide blur: its sampled coverage through the solid-colour kernels; a narrow one exactly.
            if shape.sigma >= PaintBlurredRoundedRectSamples.minimumSigma,
               let samples = PaintBlurredRoundedRectSamples(shape: shape, bounds: extent, grid: grids?.grid(for: shape)) {
                return ((samples, extent), .solid(color))
            }
            let rect = CGRect(x: extent.minX, y: extent.minY, width: extent.width, height: extent.height)
            let shader = PaintBlurredRoundedRectShader(shape: shape, color: PremultipliedRGBA8(packed: color))
            return ((FillRectCoverage(rect: rect), extent), .shader(shader, alpha: 255))
        }

        // General: coverage of the shape over the clip grown by the blur's reach, rasterised, blurred.
        let grownBuilder = CompositorCoverageBuilder(
            clip: builder.clip.grown(by: reach), tileSize: builder.tileSize, deviceTolerance: builder.deviceTolerance)
        let built: CompositorCoverageBuilder.Built?
        switch shadow.shape {
        case .roundedRect(let r): built = grownBuilder.roundedRect(r, projection)
        case .path(let p, let rule): built = grownBuilder.path(p, rule: rule, projection)
        }
        guard let (source, bounds) = built, !bounds.isEmpty else { return nil }
        if sigma < 0.01 { return ((source, bounds.intersection(builder.clip)), .solid(color)) }
        let mask = rasterize(source, bounds: bounds, tileSize: builder.tileSize)
        let extent = bounds.grown(by: reach).intersection(builder.clip)
        if extent.isEmpty { return nil }
        guard let blurred = ReducedResolutionBlur.shadowBlur(
            mask, inputBounds: bounds, outputBounds: extent, sigma: sigma, shiftX: 0, shiftY: 0, threads: blurThreads)
        else { return nil }
        // The shadow colour blended through the mask's bytes by the solid-colour kernels.
        let coverage = ShadowMaskCoverage(mask: ShadowMask(blurred, bounds: extent), clip: builder.clip)
        return ((coverage, coverage.bounds), .solid(color))
    }

    /// The coverage of `source` over `bounds` as an A8 mask (row-major, origin at bounds' corner).
    static func rasterize(_ source: any FillCoverageSource, bounds: FillPixelBounds, tileSize: Int) -> PaintA8Mask {
        var mask = PaintA8Mask(width: bounds.width, height: bounds.height)
        let scratch = FillTileScratch(tileSize: max(tileSize, source.minimumScratchTileSize))
        let grid = FillTileGrid(bounds: bounds, tileSize: tileSize)
        let w = bounds.width
        mask.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Invariant: spans lie inside the requested tile, which lies inside `bounds`.
            for row in 0..<grid.rowCount {
                for column in 0..<grid.columnCount {
                    source.forEachCoverageSpan(in: grid.pixelBounds(column: column, row: row), scratch: scratch) { span in
                        let out = base + (span.y - bounds.minY) * w + (span.x - bounds.minX)
                        if let m = span.mask { out.update(from: m, count: span.count) } else {
                            out.update(repeating: span.alpha, count: span.count)
                        }
                    }
                }
            }
        }
        return mask
    }

    /// Draws a group's shadow under its finished offscreen: the surface's alpha, blurred, moved by the
    /// device offset and tinted, goes beneath the content (destination-over: content over shadow). Alpha
    /// extraction, blur and tinting are split by rows over `threads` workers; every pixel's value is the
    /// same whatever the split.
    /// Invariant: `pixels` holds `bounds.width · bounds.height` pixels no other thread touches meanwhile.
    static func applyGroupShadow(
        _ shadow: CompositorSurfaceShadow, pixels: UnsafeMutablePointer<UInt32>, bounds: FillPixelBounds, threads: Int = 1
    ) {
        let w = bounds.width, h = bounds.height
        guard w > 0, h > 0 else { return }
        let bands = CompositorShadowBlur.bands(count: h, threads: threads)
        let surface = CompositorSharedPixels(pointer: pixels)
        var alpha = PaintA8Mask(width: w, height: h)
        alpha.bytes.withUnsafeMutableBufferPointer { buffer in
            let out = CompositorSharedBytes(pointer: buffer.baseAddress!)
            Compositor.runWorkers(threads: threads, items: bands.count) { band in
                // Invariant: band rows lie in 0..<h, each band written by one worker.
                for i in (bands[band].lowerBound * w)..<(bands[band].upperBound * w) {
                    out.pointer[i] = UInt8(truncatingIfNeeded: surface.pointer[i] >> 24)
                }
            }
        }
        // Shadow pixel p comes from content pixel p − offset, blurred; only the surface's own pixels are made.
        guard let shade = ReducedResolutionBlur.shadowBlur(
            alpha, inputBounds: bounds, outputBounds: bounds, sigma: shadow.sigma, shiftX: shadow.dx, shiftY: shadow.dy,
            threads: threads)
        else { return }
        let color = shadow.color
        shade.bytes.withUnsafeBufferPointer { buffer in
            let bytes = CompositorSharedBytes(pointer: UnsafeMutablePointer(mutating: buffer.baseAddress!))
            Compositor.runWorkers(threads: threads, items: bands.count) { band in
                for i in (bands[band].lowerBound * w)..<(bands[band].upperBound * w) where bytes.pointer[i] != 0 {
                    surface.pointer[i] = FillSourceOver.blend(
                        surface.pointer[i], over: FillSourceOver.scale(color, by: UInt32(bytes.pointer[i])))
                }
            }
        }
    }
}

/// A surface's pixels handed to band workers. Invariant: workers touch disjoint rows.
struct CompositorSharedPixels: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt32>
}

/// A byte buffer handed to band workers. Invariant: workers write disjoint ranges (or only read).
struct CompositorSharedBytes: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>
}
