// The block decomposition of a sharp (radius 0) axis-aligned rectangle within one region, shared by
// blendSharpBlocks (FillRoundedRectBlend.swift) and callers that draw the interior block themselves: the
// compositor fills a tile's background and its first rectangle's interior in one pass, since a solid source over
// a uniform background is again one colour per pixel (FillSourceOver.blend(source, over: background)).
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1); ranges are clamped to the region.

/// Rows and columns of a sharp axis-aligned rectangle clipped to a region: partial rows lower..<fullLower and
/// fullUpper..<upper, full rows fullLower..<fullUpper; per row the edge columns `left` and `right` around the
/// `uniform` columns. The interior block is the full rows × the uniform columns, one coverage throughout.
struct FillSharpRectLayout {
    let lower: Int, upper: Int
    let fullLower: Int, fullUpper: Int
    let left: Range<Int>, uniform: Range<Int>, right: Range<Int>

    /// Nil when the rectangle covers no pixel of `region`. The rectangle's radius must be 0.
    @inline(__always)
    init?(_ g: FillAxisAlignedRoundedRect, region: FillPixelBounds) {
        let lower = max(g.rows.lowerBound, region.minY), upper = min(g.rows.upperBound, region.maxY)
        if lower >= upper { return nil }
        let outer = FillShapeSpans.clamp(g.outerColumns, region)
        if outer.isEmpty { return nil }
        // As layout(row:): with radius 0 the band and corner uniform columns are the same.
        let uniform = FillShapeSpans.clamp(g.bandUniform, region).clamped(to: outer)
        self.lower = lower
        self.upper = upper
        self.uniform = uniform
        left = uniform.isEmpty ? outer : outer.lowerBound..<uniform.lowerBound
        right = uniform.isEmpty ? outer.upperBound..<outer.upperBound : uniform.upperBound..<outer.upperBound
        // Full rows, clamped to the region (empty when the rectangle sits inside one or two rows).
        fullLower = max(fillCeilIndex(g.y0), lower)
        fullUpper = max(fullLower, min(fillFloorIndex(g.y1), upper))
    }

    /// The interior block's coverage byte (the full rows' vertical overlap; 255 for an exact full row).
    @inline(__always)
    func interiorAlpha(_ g: FillAxisAlignedRoundedRect) -> UInt8 {
        fillCoverageByte(FillRectCoverage.overlap(fullLower, g.y0, g.y1))
    }
}

extension FillRoundedRectCoverage {
    /// For a sharp axis-aligned rectangle: its interior block inside `region` (full rows × uniform columns,
    /// non-empty) and that block's coverage byte; nil for any other shape or an empty block.
    public func sharpInterior(in region: FillPixelBounds) -> (block: FillPixelBounds, alpha: UInt8)? {
        guard case .axisAligned(let g) = shape, g.radius == 0, let l = FillSharpRectLayout(g, region: region),
              l.fullLower < l.fullUpper, !l.uniform.isEmpty
        else { return nil }
        let block = FillPixelBounds(minX: l.uniform.lowerBound, minY: l.fullLower, maxX: l.uniform.upperBound,
                                    maxY: l.fullUpper)
        return (block, l.interiorAlpha(g))
    }

    /// `blendSolid(_:in:into:scratch:)` without the block `sharpInterior(in: region)` returns (which the caller
    /// has drawn). Only for shapes where sharpInterior(in: region) is not nil.
    public func blendSolidOutsideSharpInterior(_ color: UInt32, in region: FillPixelBounds, into surface: FillSurfaceRows) {
        guard case .axisAligned(let g) = shape, g.radius == 0 else { return }
        g.blendSharpBlocks(color, region: region, surface: surface, interior: false)
    }
}
