// Span shaders the compositor adds to the raster paints: sliced (nine-part) images, offscreen surfaces
// and blurred shadow masks; plus the gradient set-up for CAGradientLayer.
//
// Spaces: spans in device pixels, shaded at pixel centres (x + ½, y + ½); `deviceToLocal` is the inverse of
// a layer's local → device homography, so images and gradients are perspective-correct (each pixel is
// mapped through the projective inverse, never interpolated in screen space). Output: premultiplied RGBA8.
import Foundation
import QuartzMath
import QuartzRaster

/// An image placed by a RenderImagePlacement: one PaintImageShader per slice, chosen per pixel by the
/// pixel's local position (slices outside the grid clamp to the nearest one).
struct CompositorImageShader: SpanShader {
    let deviceToLocal: PaintProjectiveTransform
    /// Local x where column i + 1 starts (columns.count − 1 values); likewise for rows.
    let columnBreaks: [Double]
    let rowBreaks: [Double]
    let columnCount: Int
    /// Row-major: slice (column c, row r) is pieces[r · columnCount + c].
    let pieces: [PaintImageShader]
    /// pieces[0] as a stored property: calling through it borrows the shader, where Array's getter would
    /// copy it (retaining its texture storage) once per span.
    let firstPiece: PaintImageShader
    /// firstPiece's one-pass source-over plan (plain values, so spans need not copy the shader).
    let firstPlan: PaintImageSourceOverPlan?
    /// pieces.count == 1, stored so a span reads one flag instead of the array's count.
    let isSingle: Bool

    init?(image: RenderImage, projection: CompositorProjection, opacity: Double) {
        let placement = image.placement
        guard !placement.columns.isEmpty, !placement.rows.isEmpty,
              let deviceToLocal = projection.homography.inverted()
        else { return nil }
        self.deviceToLocal = deviceToLocal
        columnBreaks = placement.columns.dropFirst().map(\.localMin)
        rowBreaks = placement.rows.dropFirst().map(\.localMin)
        columnCount = placement.columns.count
        // Minifying when one local unit shows more texels than it covers device pixels (at the placement).
        let localRect = placement.localRect
        let pixelsPerLocal = projection.localScale(of: localRect)
        var pieces: [PaintImageShader] = []
        for row in placement.rows {
            for column in placement.columns {
                let sx = (column.texelMax - column.texelMin) / (column.localMax - column.localMin)
                let sy = (row.texelMax - row.texelMin) / (row.localMax - row.localMin)
                let localToTexel = PaintProjectiveTransform(
                    sx, 0, column.texelMin - column.localMin * sx, 0, sy, row.texelMin - row.localMin * sy, 0, 0, 1)
                let texelsPerPixel = max(abs(sx), abs(sy)) / max(pixelsPerLocal, 1e-300)
                let minifying = texelsPerPixel > 1
                let filter = minifying ? image.minificationFilter : image.magnificationFilter
                pieces.append(PaintImageShader(
                    image: image.image, deviceToImage: localToTexel.concatenating(after: deviceToLocal), filter: filter,
                    opacity: opacity, lodBias: minifying ? image.minificationFilterBias : 0))
            }
        }
        guard let first = pieces.first else { return nil }
        self.pieces = pieces
        isSingle = pieces.count == 1
        firstPiece = first
        firstPlan = first.sourceOverPlan(rows: Self.deviceRows(of: localRect, projection.homography))
    }

    /// One slice samples and blends in one pass (PaintImageShader's fused kernels); sliced images shade the
    /// scratch row first.
    func shadeSourceOver(
        x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>?, alpha: UInt8,
        destination: UnsafeMutablePointer<UInt32>, scratch: UnsafeMutablePointer<UInt32>
    ) {
        guard count > 0, alpha > 0 else { return }
        // Optional chaining calls the plan in place (no retain of the object per span).
        if isSingle,
           firstPlan?.sourceOver(x: x, y: y, count: count, coverage: coverage, alpha: alpha, destination: destination) == true {
            return
        }
        generalSourceOver(x: x, y: y, count: count, coverage: coverage, alpha: alpha, destination: destination,
                          scratch: scratch)
    }

    /// The spans the plan declines, and sliced images; out of line so the plan's path above stays a few
    /// instructions (this one copies the shader, a few hundred bytes).
    @inline(never)
    func generalSourceOver(
        x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>?, alpha: UInt8,
        destination: UnsafeMutablePointer<UInt32>, scratch: UnsafeMutablePointer<UInt32>
    ) {
        if isSingle {
            firstPiece.shadeSourceOver(
                plan: nil, x: x, y: y, count: count, coverage: coverage, alpha: alpha, destination: destination,
                scratch: scratch)
            return
        }
        shade(x: x, y: y, count: count, into: scratch)
        blendSpan(.normal, source: UnsafePointer(scratch), coverage: coverage, alpha: alpha, destination: destination, count: count)
    }

    /// The device rows a local rectangle's image can touch under `h` (its corners' y range, one row of margin),
    /// nil when a corner does not map or the range is absurd (the plan then tabulates nothing).
    static func deviceRows(of rect: CGRect, _ h: PaintProjectiveTransform) -> Range<Int>? {
        var low = Double.infinity, high = -Double.infinity
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            guard let p = h.apply(x: Double(x), y: Double(y)), p.y.isFinite else { return nil }
            low = min(low, p.y); high = max(high, p.y)
        }
        let limit = Double(1 << 30)
        guard low > -limit, high < limit else { return nil }
        return (Int(low.rounded(.down)) - 1)..<(Int(high.rounded(.up)) + 2)
    }

    func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        if pieces.count == 1 {
            firstPiece.shade(x: x, y: y, count: count, into: output)
            return
        }
        // Runs of pixels on the same slice are shaded together.
        let m = deviceToLocal
        let py = Double(y) + 0.5
        var runStart = 0, runPiece = -1
        for i in 0...count {
            var piece = -1
            if i < count {
                let px = Double(x + i) + 0.5
                let w = m.m6 * px + m.m7 * py + m.m8
                let lx = (m.m0 * px + m.m1 * py + m.m2) / w, ly = (m.m3 * px + m.m4 * py + m.m5) / w
                var column = 0, row = 0
                for b in columnBreaks where lx >= b { column += 1 }
                for b in rowBreaks where ly >= b { row += 1 }
                piece = row * columnCount + column
            }
            if piece != runPiece {
                if runPiece >= 0 { pieces[runPiece].shade(x: x + runStart, y: y, count: i - runStart, into: output + runStart) }
                runStart = i
                runPiece = piece
            }
        }
    }
}

/// Copies a finished offscreen surface 1:1 (device coordinates); transparent outside it.
/// Invariant: `pixels` addresses `bounds.width · bounds.height` pixels that stay alive and unchanged while
/// any shader holding them runs (surfaces of a deeper level are finished before their parent level starts).
struct CompositorSurfaceShader: SpanShader, @unchecked Sendable {
    let pixels: UnsafePointer<UInt32>
    let bounds: FillPixelBounds

    func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        guard y >= bounds.minY, y < bounds.maxY else {
            output.update(repeating: 0, count: count)
            return
        }
        let a = max(x, bounds.minX), b = min(x + count, bounds.maxX)
        if a >= b {
            output.update(repeating: 0, count: count)
            return
        }
        if a > x { output.update(repeating: 0, count: a - x) }
        output.advanced(by: a - x).update(
            from: pixels + (y - bounds.minY) * bounds.width + (a - bounds.minX), count: b - a)
        if x + count > b { output.advanced(by: b - x).update(repeating: 0, count: x + count - b) }
    }
}

enum CompositorGradients {
    /// The shader for a CAGradientLayer under `projection`. Axial and radial gradients extend their end
    /// colours beyond the ends (CAGradientLayer pads rather than leaving the rest clear [I: common rendering;
    /// Apple does not document it]); conic positions wrap the full turn.
    static func shader(_ g: RenderGradient, projection: CompositorProjection) -> (any SpanShader)? {
        guard let deviceToLocal = projection.homography.inverted() else { return nil }
        let r = g.rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0 else { return nil }
        func local(_ p: CGPoint) -> SIMD2<Double> {
            SIMD2(Double(r.minX) + Double(p.x) * Double(r.width), Double(r.minY) + Double(p.y) * Double(r.height))
        }
        let start = local(g.startPoint), end = local(g.endPoint)
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return nil }
        let extend: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        switch g.kind {
        case .axial:
            return PaintAxialGradientShader(
                gradient: g.gradient, start: start, end: end, options: extend, deviceToGradient: deviceToLocal)
        case .radial:
            // CAGradientLayer.h: an ellipse centred on startPoint whose width and height are given by
            // (endPoint − startPoint) · 2, i.e. radii |Δx|, |Δy|. Gradient space = that ellipse as the unit circle.
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            guard rx > 0, ry > 0 else { return nil }
            let localToUnit = PaintProjectiveTransform(1 / rx, 0, -start.x / rx, 0, 1 / ry, -start.y / ry, 0, 0, 1)
            return PaintRadialGradientShader(
                gradient: g.gradient, startCenter: SIMD2(0, 0), startRadius: 0, endCenter: SIMD2(0, 0), endRadius: 1,
                options: extend, deviceToGradient: localToUnit.concatenating(after: deviceToLocal))
        case .conic:
            return PaintConicGradientShader(
                gradient: g.gradient, startPoint: start, endPoint: end, deviceToGradient: deviceToLocal)
        }
    }
}

extension CGColor {
    /// Premultiplied RGBA8 with the alpha multiplied by `opacity` first (one rounding).
    func compositorPremultiplied(opacity: Double) -> UInt32 {
        let c = straightSRGBRGBA
        let o = opacity.isNaN ? 0 : min(1, max(0, opacity))
        return PremultipliedRGBA8(straightRed: c.x, green: c.y, blue: c.z, alpha: c.w * o).packed
    }
}
