// Solid compositing of rounded rectangles straight into a surface (FillCoverageSource.blendSolid): the same
// coverage bytes as FillShapeSpans.emit, blended without a span callback.
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1). A sharp axis-aligned rectangle
// (radius 0) is split into blocks of one coverage: its full rows (rows with y0 ≤ y and y + 1 ≤ y1) have
// coverage 1 over the uniform columns and, on each edge column, coverage (b − a) − 0·(b − a) − 0·(b − a) —
// exactly the column's overlap b − a whatever the row (FillAxisAlignedRoundedRect.coverage with lo ≥ y0 and
// hi ≤ y1) — so each is one block; its partial first and last rows are done per pixel as before.

extension FillRoundedRectCoverage {
    package func blendSolid(
        _ color: UInt32, in region: FillPixelBounds, into surface: FillSurfaceRows, scratch: FillTileScratch
    ) -> Bool {
        switch shape {
        case .empty: return true
        case .axisAligned(let g):
            if g.radius == 0 {
                g.blendSharpBlocks(color, region: region, surface: surface)
            } else {
                FillShapeBlend.portableRows(g, color: color, region: region, surface: surface)
            }
        case .affine(let g):
            FillShapeBlend.affineRows(g, color: color, region: region, surface: surface, kernels: .automatic)
        }
        return true
    }
}

extension FillAxisAlignedRoundedRect {
    /// Radius 0 only: the block decomposition in the file note.
    func blendSharpBlocks(_ color: UInt32, region: FillPixelBounds, surface: FillSurfaceRows) {
        let lower = max(rows.lowerBound, region.minY), upper = min(rows.upperBound, region.maxY)
        if lower >= upper { return }
        let outer = FillShapeSpans.clamp(outerColumns, region)
        if outer.isEmpty { return }
        // As layout(row:): with radius 0 the band and corner uniform columns are the same.
        let uniform = FillShapeSpans.clamp(bandUniform, region).clamped(to: outer)
        let left = uniform.isEmpty ? outer : outer.lowerBound..<uniform.lowerBound
        let right = uniform.isEmpty ? outer.upperBound..<outer.upperBound : uniform.upperBound..<outer.upperBound
        // Full rows, clamped to the region (empty when the rectangle sits inside one or two rows).
        let fullLower = max(fillCeilIndex(y0), lower), fullUpper = max(fullLower, min(fillFloorIndex(y1), upper))

        @inline(__always) func partialRow(_ y: Int) {
            edgePixels(left, y: y, color, surface)
            if !uniform.isEmpty {
                let a = fillCoverageByte(FillRectCoverage.overlap(y, y0, y1))
                surface.blendSolid(color, alpha: a, x: uniform.lowerBound, y: y, width: uniform.count, height: 1)
            }
            edgePixels(right, y: y, color, surface)
        }
        for y in lower..<fullLower { partialRow(y) }
        if fullLower < fullUpper {
            let height = fullUpper - fullLower
            for x in left { edgeColumn(x, rows: fullLower, height, color, surface) }
            if !uniform.isEmpty {
                let a = fillCoverageByte(FillRectCoverage.overlap(fullLower, y0, y1))
                surface.blendSolid(color, alpha: a, x: uniform.lowerBound, y: fullLower, width: uniform.count,
                                   height: height)
            }
            for x in right { edgeColumn(x, rows: fullLower, height, color, surface) }
        }
        for y in max(fullUpper, lower)..<upper { partialRow(y) }
    }

    @inline(__always)
    func edgePixels(_ columns: Range<Int>, y: Int, _ color: UInt32, _ surface: FillSurfaceRows) {
        for x in columns {
            surface.blendSolid(color, alpha: fillCoverageByte(coverage(x: x, y: y)), x: x, y: y, width: 1, height: 1)
        }
    }

    /// One edge column over full rows: one coverage (see the file note), taken at the first row.
    @inline(__always)
    func edgeColumn(_ x: Int, rows first: Int, _ height: Int, _ color: UInt32, _ surface: FillSurfaceRows) {
        let a = fillCoverageByte(coverage(x: x, y: first))
        surface.blendSolid(color, alpha: a, x: x, y: first, width: 1, height: height)
    }
}

/// Row-by-row direct blending for any rounded-rect geometry: FillShapeSpans.emit without the callback.
/// Rotated shapes take the C kernel instead (`affineRows`, FillAffineRoundedRectKernel.swift).
enum FillShapeBlend {
    /// The portable loop, and the reference the C kernel must match byte for byte.
    static func portableRows<G: FillRoundedRectGeometry>(
        _ g: G, color: UInt32, region: FillPixelBounds, surface: FillSurfaceRows
    ) {
        // The uniform runs' source, scaled once per coverage value (rotated shapes: always 255).
        var sourceAlpha: UInt8 = 255, source = color
        let lower = max(g.rows.lowerBound, region.minY)
        for y in lower..<max(lower, min(g.rows.upperBound, region.maxY)) {
            let layout = g.layout(row: y)
            let outer = FillShapeSpans.clamp(layout.outer, region)
            if outer.isEmpty { continue }
            let uniform = FillShapeSpans.clamp(layout.uniform, region).clamped(to: outer)
            if uniform.isEmpty {
                perPixel(g, outer, y: y, color: color, surface: surface)
                continue
            }
            perPixel(g, outer.lowerBound..<uniform.lowerBound, y: y, color: color, surface: surface)
            let a = fillCoverageByte(layout.uniformCoverage)
            if a != sourceAlpha {
                sourceAlpha = a
                source = a == 255 ? color : FillSourceOver.scale(color, by: UInt32(a))
            }
            blendUniform(source, into: surface.pointer(x: uniform.lowerBound, y: y), count: uniform.count)
            perPixel(g, uniform.upperBound..<outer.upperBound, y: y, color: color, surface: surface)
        }
    }

    /// An already scaled solid source over `count` pixels: the bytes of FillSourceOver.blendSolid (whose
    /// fast paths these are), without its per-call set-up.
    @inline(__always)
    static func blendUniform(_ source: UInt32, into destination: UnsafeMutablePointer<UInt32>, count: Int) {
        if source >> 24 == 255 {
            destination.update(repeating: source, count: count)
            return
        }
        if source == 0 { return }
        let done = SpanKernels.solidOver(source, destination, count, .automatic)
        if done < count {
            FillSourceOver.blendSolid(source, alpha: 255, into: destination + done, count: count - done, kernels: .portable)
        }
    }

    /// Per-pixel coverage, each pixel blended as it is computed: the scalar arithmetic of
    /// `FillSourceOver.blendSolid(_:mask:into:count:)` (s = scale(color, m), d = s + scale(d, 255 − sα); m = 0
    /// leaves d as it is), without a mask buffer or a call per run (edge runs are a few pixels long).
    @inline(__always)
    static func perPixel<G: FillRoundedRectGeometry>(
        _ g: G, _ columns: Range<Int>, y: Int, color: UInt32, surface: FillSurfaceRows
    ) {
        if columns.isEmpty { return }
        let row = surface.pointer(x: columns.lowerBound, y: y)
        var x = columns.lowerBound, i = 0
        // Invariant: row[i] is pixel (x, y), inside the region and the surface.
        while x < columns.upperBound {
            let a = fillCoverageByte(g.coverage(x: x, y: y))
            if a != 0 {
                let s = FillSourceOver.scale(color, by: UInt32(a))
                row[i] = s &+ FillSourceOver.scale(row[i], by: 255 &- (s >> 24))
            }
            x &+= 1
            i &+= 1
        }
    }
}
