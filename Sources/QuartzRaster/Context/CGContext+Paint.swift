// Drawing images and gradients through the CTM.
//
// Spaces: an image fills `rect` in user space upright: its first (top) row along rect.maxY, since user
// space is y up, so image pixel (u, v) (v down from the top row) sits at user point
// (minX + u · width / imageWidth, maxY − v · height / imageHeight). Shaders get the inverse chain
// raster → user → image (or gradient) space per pixel centre, so any CTM, including rotation, samples
// correctly. Gradients paint the whole clip area (Apple: "fills the current clipping region").
import Foundation
import QuartzMath

extension CGContext {
    /// Draws `image` scaled into `rect` (user space) with the interpolation quality (Apple:
    /// `draw(_:in:byTiling:)`). With `byTiling`, copies of the image at `rect`'s size repeat across the clip
    /// area; each copy is drawn like a separate image (inside one transparency layer when a shadow or
    /// non-normal compositing is set, so the tiling is composited once). Tilings of more than
    /// `maximumTileCount` copies draw nothing.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        if !byTiling {
            guard let shader = imageShader(image, in: rect) else { return }
            paint(rectCoverage(rect), shader: shader)
            return
        }
        drawTiled(image, in: rect)
    }

    /// The most image copies one tiled draw paints.
    public static let maximumTileCount = 1 << 16

    private func drawTiled(_ image: CGImage, in rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite,
            let rasterToUser = Self.invertible(userToRaster)
        else { return }
        let area = clipRegion.intersection(currentTarget.bounds)
        if area.isEmpty { return }
        let visible = CGRect(x: area.minX, y: area.minY, width: area.width, height: area.height).applying(rasterToUser)
        guard let columns = Self.tileIndices(from: visible.minX, to: visible.maxX, origin: r.minX, size: r.width),
            let rows = Self.tileIndices(from: visible.minY, to: visible.maxY, origin: r.minY, size: r.height)
        else { return }
        // Each axis is bounded on its own: an empty axis (its ends round to one index) makes the product 0
        // while the other may hold 2^61 indices, whose origins must not be listed.
        let (count, overflow) = columns.count.multipliedReportingOverflow(by: rows.count)
        guard !overflow, count > 0, count <= Self.maximumTileCount else { return }
        let xs = Self.tileOrigins(columns, origin: r.minX, size: r.width)
        let ys = Self.tileOrigins(rows, origin: r.minY, size: r.height)
        let grouped = state.shadow != nil || state.blendMode != .normal || state.alpha8 != 255
        if grouped { beginTransparencyLayer(auxiliaryInfo: nil) }
        for y in ys {
            for x in xs {
                let tile = CGRect(x: x, y: y, width: r.width, height: r.height)
                if let shader = imageShader(image, in: tile) { paint(rectCoverage(tile), shader: shader) }
            }
        }
        if grouped { endTransparencyLayer() }
    }

    /// The indices k of the tiles [origin + k·size, origin + (k + 1)·size] along one axis that meet
    /// [low, high], as integers: a Double counter beyond 2^53 would not advance. Nil when an index is not
    /// finite or beyond ±2^61 (so that the count fits an Int).
    static func tileIndices(from low: CGFloat, to high: CGFloat, origin: CGFloat, size: CGFloat) -> Range<Int>? {
        let first = ((Double(low) - Double(origin)) / Double(size)).rounded(.down)
        let last = ((Double(high) - Double(origin)) / Double(size)).rounded(.up)
        guard first.isFinite, last.isFinite, first >= -0x1p61, last <= 0x1p61, first <= last else { return nil }
        return Int(first)..<Int(last)
    }

    /// Where the tiles of `indices` start, each once: beyond 2^53 neighbouring indices can round to the same
    /// Double and so to the same tile, which is drawn once.
    static func tileOrigins(_ indices: Range<Int>, origin: CGFloat, size: CGFloat) -> [CGFloat] {
        var origins: [CGFloat] = []
        origins.reserveCapacity(indices.count)
        for k in indices {
            let value = origin + CGFloat(Double(k)) * size
            if origins.last != value { origins.append(value) }
        }
        return origins
    }

    /// The shader that samples `image` stretched over `rect` (user space), or nil when nothing can be drawn
    /// (empty image or rect, non-finite values, singular CTM).
    func imageShader(_ image: CGImage, in rect: CGRect) -> PaintImageShader? {
        let r = rect.standardized
        guard image.width > 0, image.height > 0, r.width > 0, r.height > 0,
            r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite,
            let rasterToUser = Self.invertible(userToRaster)
        else { return nil }
        let sx = Double(image.width) / Double(r.width), sy = Double(image.height) / Double(r.height)
        let userToImage = CGAffineTransform(
            a: sx, b: 0, c: 0, d: -sy, tx: -Double(r.minX) * sx, ty: Double(r.maxY) * sy)
        let map = PaintProjectiveTransform(rasterToUser.concatenating(userToImage))
        guard map.isFinite else { return nil }
        return PaintImageShader(image: image, deviceToImage: map, filter: PaintImageFilter(state.interpolationQuality))
    }

    /// Apple: `drawLinearGradient(_:start:end:options:)`; points in user space. Outside 0…1 the end colours
    /// extend only with `.drawsBeforeStartLocation` / `.drawsAfterEndLocation`.
    public func drawLinearGradient(
        _ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions
    ) {
        guard let rasterToUser = Self.invertible(userToRaster) else { return }
        let shader = PaintAxialGradientShader(
            gradient: gradient, start: SIMD2(Double(start.x), Double(start.y)), end: SIMD2(Double(end.x), Double(end.y)),
            options: options, deviceToGradient: PaintProjectiveTransform(rasterToUser))
        paint(wholeTargetCoverage, shader: shader)
    }

    /// Apple: `drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)`; user space.
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: CGGradientDrawingOptions
    ) {
        guard let rasterToUser = Self.invertible(userToRaster) else { return }
        let shader = PaintRadialGradientShader(
            gradient: gradient, startCenter: SIMD2(Double(startCenter.x), Double(startCenter.y)),
            startRadius: Double(startRadius), endCenter: SIMD2(Double(endCenter.x), Double(endCenter.y)),
            endRadius: Double(endRadius), options: options, deviceToGradient: PaintProjectiveTransform(rasterToUser))
        paint(wholeTargetCoverage, shader: shader)
    }

    private var wholeTargetCoverage: FillRectCoverage {
        FillRectCoverage(rect: CGRect(x: 0, y: 0, width: width, height: height))
    }
}
