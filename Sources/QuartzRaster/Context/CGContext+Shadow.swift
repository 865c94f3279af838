// Shadows and transparency layers: the two places the context needs full-context temporaries.
//
// Spaces: the shadow offset is in base space, "a translation in base-space" (Apple,
// `setShadow(offset:blur:color:)`), so the CTM never changes it: offset (w, h) moves the shadow w pixels
// right and h pixels *up* (device space is y up), i.e. (w, −h) raster pixels; it is rounded to whole pixels.
//
// Blur: Apple documents only "a non-negative number specifying the amount of blur". The Gaussian's standard
// deviation is taken as σ = blur / 2: HTML canvas defines `shadowBlur` as σ = shadowBlur / 2 (HTML Living
// Standard, "Shadows") and WebKit's canvas hands `shadowBlur` to CGContextSetShadowWithColor unchanged, while
// WebKit's Skia port, emulating Core Graphics shadows, builds its blur with `blur / 2`
// (GraphicsContextSkia.cpp `setPlatformShadow`). For σ > 8 px the object's alpha is box-downsampled by
// k = ⌈σ / 8⌉, blurred with σ / k and magnified bilinearly, which keeps the cost O(pixels) for any blur.
//
// Order per shadowed draw: the object's alpha is rendered unclipped into a scratch buffer (with the
// anti-aliasing setting), blurred, tinted with the shadow colour and composited through the clip with the
// blend mode and global alpha; then the object itself is composited normally on top.
import Foundation
import QuartzMath

/// One open transparency layer.
struct ContextTransparencyLayer {
    let buffer: ContextPixelBuffer
    /// `savedStates.count` after the layer's implicit save: restores inside the layer stop there.
    let savedStateDepth: Int
    /// The raster pixels the layer keeps (the whole context, or the rect of `beginTransparencyLayer(in:…)`).
    let region: FillPixelBounds
}

extension CGContext {
    // MARK: Shadow state

    /// Apple: `setShadow(offset:blur:color:)`; a nil or fully transparent colour turns shadows off. A negative
    /// or non-finite blur counts as 0; a non-finite offset turns the shadow off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, offset.width.isFinite, offset.height.isFinite else {
            state.shadow = nil
            return
        }
        let pixel = color.premultipliedRGBA8
        let amount = blur.isFinite ? max(0, Double(blur)) : 0
        state.shadow = pixel.a == 0 ? nil : ContextShadow(offset: offset, blur: amount, color: pixel)
    }

    /// Apple: `setShadow(offset:blur:)` shadows with black at 1/3 alpha.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3.0))
    }

    // MARK: Painting with the graphics state

    /// Composites `shader` through `coverage` onto the current target with the graphics state's clip, blend
    /// mode, global alpha and shadow. `coverage` must be in raster pixels of the context.
    func paint<Coverage: ContextCoverage, Shader: SpanShader>(_ coverage: Coverage, shader: Shader) {
        let target = currentTarget
        let region = clipRegion
        if region.intersection(target.bounds).isEmpty || state.alpha8 == 0 { return }
        if let shadow = state.shadow {
            paintShadow(of: coverage, shader: shader, shadow: shadow, target: target, region: region)
        }
        ContextCompositor.composite(coverage, shader: shader, region: region, mode: compositeMode, target: target)
    }

    private func paintShadow<Coverage: ContextCoverage, Shader: SpanShader>(
        of coverage: Coverage, shader: Shader, shadow: ContextShadow, target: ContextRasterTarget,
        region: FillPixelBounds
    ) {
        // Offsets beyond the context move the whole shadow out of view.
        let dx = Double(shadow.offset.width).rounded(), dy = -Double(shadow.offset.height).rounded()
        let sigma = min(shadow.blur / 2, PaintGaussianKernel.maximumSigma)
        let reach = Double(width + height) + 8 * sigma + 16
        guard abs(dx) <= reach, abs(dy) <= reach else { return }
        // The object is rendered unclipped, but only where it can exist: inside the target and its extent.
        let scratchBounds = coverage.extent.intersection(target.bounds)
        if scratchBounds.isEmpty { return }
        let scratch = ContextPixelBuffer(bounds: scratchBounds)
        let plain = ContextCompositeMode(blendMode: .normal, alpha: 255, antialias: antialias, clip: nil)
        guard let drawn = ContextCompositor.composite(
            coverage, shader: shader, region: scratch.target.bounds, mode: plain, target: scratch.target)
        else { return }
        guard let placed = Self.blurredAlpha(of: scratch, in: drawn, sigma: sigma) else { return }
        let shadowCoverage = ContextMaskCoverage(
            mask: placed.mask, originX: placed.originX + Int(dx), originY: placed.originY + Int(dy), scale: placed.scale)
        // The blurred edge is already smooth: never snap it, whatever the anti-aliasing setting.
        var mode = compositeMode
        mode.antialias = true
        ContextCompositor.composite(
            shadowCoverage, shader: PaintSolidColorShader(color: shadow.color), region: region, mode: mode,
            target: target)
    }

    /// The alpha channel of `buffer` inside `bounds`, blurred with σ (downsampled for large σ, see the file
    /// header), and where its top-left texel lands in raster space. Nil when the blur is refused.
    static func blurredAlpha(of buffer: ContextPixelBuffer, in bounds: FillPixelBounds, sigma: Double)
        -> (mask: PaintA8Mask, originX: Int, originY: Int, scale: Int)?
    {
        // σ beyond PaintGaussianKernel.maximumSigma (2048 px) is clamped: the shadow is then spread so thin
        // that the difference is below 8-bit resolution for any shape that fits a context.
        let sigma = min(sigma, PaintGaussianKernel.maximumSigma)
        let k = sigma > 8 ? Int((sigma / 8).rounded(.up)) : 1
        // Cells of k × k pixels aligned to the bounds' corner; partial cells average over k² (outside is 0).
        let w = (bounds.width + k - 1) / k, h = (bounds.height + k - 1) / k
        var sums = [UInt32](repeating: 0, count: w * h)
        // `bounds` lies inside the buffer (it is where drawing into the buffer landed).
        let target = buffer.target
        for y in bounds.minY..<bounds.maxY {
            let row = target.address(x: bounds.minX, y: y)
            let cellRow = ((y - bounds.minY) / k) * w
            for i in 0..<bounds.width {
                sums[cellRow + i / k] &+= row[i] >> 24
            }
        }
        let area = UInt32(k * k)
        let small = PaintA8Mask(width: w, height: h, bytes: sums.map { UInt8(($0 + area / 2) / area) })
        guard let blurred = try? small.gaussianBlurred(sigma: sigma / Double(k)) else { return nil }
        let radius = (blurred.width - w) / 2
        return (blurred, bounds.minX - radius * k, bounds.minY - radius * k, k)
    }

    // MARK: Transparency layers

    /// Apple: `beginTransparencyLayer(auxiliaryInfo:)`. Until the matching `endTransparencyLayer()`, drawing
    /// goes to a fully transparent separate buffer; the graphics state is saved and, in the layer, alpha is 1,
    /// the shadow off and the blend mode normal (Quartz 2D Programming Guide, "Transparency Layers").
    public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {
        beginLayer(region: FillPixelBounds(width: width, height: height))
    }

    /// Apple: `beginTransparencyLayer(in:auxiliaryInfo:)`: the layer keeps only what falls inside `rect`
    /// (user space; its device bounding box, rounded out to whole pixels).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo auxInfo: CFDictionary?) {
        let r = rect.standardized.applying(userToRaster)
        var region = FillPixelBounds(minX: 0, minY: 0, maxX: 0, maxY: 0)
        if !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite {
            let limit = Double(fillMaximumDeviceCoordinate)
            func clamp(_ v: Double) -> Int { Int(min(max(v, -1), limit + 1)) }
            region = FillPixelBounds(
                minX: clamp(Double(r.minX).rounded(.down)), minY: clamp(Double(r.minY).rounded(.down)),
                maxX: clamp(Double(r.maxX).rounded(.up)), maxY: clamp(Double(r.maxY).rounded(.up)))
        }
        beginLayer(region: region.intersection(FillPixelBounds(width: width, height: height)))
    }

    private func beginLayer(region: FillPixelBounds) {
        saveGState()
        layers.append(ContextTransparencyLayer(
            buffer: ContextPixelBuffer(bounds: region), savedStateDepth: savedStates.count,
            region: region))
        state.alpha = 1
        state.shadow = nil
        state.blendMode = .normal
    }

    /// Apple: `endTransparencyLayer()`: restores the graphics state saved at the matching begin and
    /// composites the layer with that state's global alpha, blend mode, shadow and clip. Ignored without an
    /// open layer.
    public func endTransparencyLayer() {
        guard let layer = layers.popLast() else { return }
        // Drop states saved inside the layer, then the layer's own save.
        savedStates.removeLast(max(0, savedStates.count - layer.savedStateDepth))
        if let saved = savedStates.popLast() { state = saved }
        let coverage = FillRectCoverage(rect: CGRect(
            x: layer.region.minX, y: layer.region.minY, width: layer.region.width, height: layer.region.height))
        // Keep the layer buffer alive while its pixels are read.
        withExtendedLifetime(layer.buffer) {
            paint(coverage, shader: layer.buffer.shader)
        }
    }
}
