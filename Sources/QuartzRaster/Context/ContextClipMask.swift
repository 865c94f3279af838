// Clip masks and placed A8 masks (blurred shadows) as coverage.
//
// Coordinate space: raster pixels of the context (y down). Number format: 8-bit coverage, 255 = inside.
// Intersecting two clips multiplies their coverage (round(a·b/255)), which is exact for opaque and empty
// pixels and the usual anti-aliased approximation on shared edge pixels.

/// The current clip as a full-context coverage mask (copy-on-write, so saving the graphics state is cheap).
struct ContextClipMask: Equatable {
    let width: Int
    let height: Int
    var bytes: [UInt8]

    /// This clip intersected with another full-context coverage mask of the same size.
    func intersected(with other: [UInt8]) -> ContextClipMask {
        var result = self
        result.bytes.withUnsafeMutableBufferPointer { out in
            other.withUnsafeBufferPointer { mask in
                for i in 0..<min(out.count, mask.count) { out[i] = mulDiv255(out[i], mask[i]) }
            }
        }
        return result
    }
}

/// An A8 mask placed in raster space with its top-left texel at `origin`, optionally magnified by an
/// integer `scale` (each mask texel then spans scale × scale raster pixels and is sampled bilinearly at pixel
/// centres, clamped to the edge texels inside and 0 outside the mask's footprint).
struct ContextMaskCoverage: FillCoverageSource {
    let mask: PaintA8Mask
    let originX: Int
    let originY: Int
    let scale: Int

    init(mask: PaintA8Mask, originX: Int, originY: Int, scale: Int = 1) {
        self.mask = mask
        self.originX = originX
        self.originY = originY
        self.scale = max(1, scale)
    }

    /// The raster pixels the mask covers.
    var footprint: FillPixelBounds {
        FillPixelBounds(
            minX: originX, minY: originY, maxX: originX + mask.width * scale, maxY: originY + mask.height * scale)
    }

    func forEachCoverageSpan(in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void) {
        let area = region.intersection(footprint)
        if area.isEmpty { return }
        let w = mask.width, h = mask.height
        mask.bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            if scale == 1 {
                for y in area.minY..<area.maxY {
                    let row = base + (y - originY) * w + (area.minX - originX)
                    body(FillCoverageSpan(y: y, x: area.minX, count: area.width, mask: row))
                }
                return
            }
            // Magnified: bilinear in 1/256 steps, written to the scratch mask row by row in chunks.
            let out = scratch.mask, chunk = scratch.rowCapacity
            let s = Double(scale)
            for y in area.minY..<area.maxY {
                let v = (Double(y - originY) + 0.5) / s - 0.5
                let vClamped = min(max(v, 0), Double(h - 1))
                let j0 = Int(vClamped), j1 = min(j0 + 1, h - 1)
                let fy = UInt32((vClamped - Double(j0)) * 256)
                let row0 = base + j0 * w, row1 = base + j1 * w
                var x = area.minX
                while x < area.maxX {
                    let n = min(chunk, area.maxX - x)
                    for i in 0..<n {
                        let u = (Double(x + i - originX) + 0.5) / s - 0.5
                        let uClamped = min(max(u, 0), Double(w - 1))
                        let i0 = Int(uClamped), i1 = min(i0 + 1, w - 1)
                        let fx = UInt32((uClamped - Double(i0)) * 256)
                        let top = UInt32(row0[i0]) * (256 - fx) + UInt32(row0[i1]) * fx
                        let bottom = UInt32(row1[i0]) * (256 - fx) + UInt32(row1[i1]) * fx
                        out[i] = UInt8(truncatingIfNeeded: (top * (256 - fy) + bottom * fy + 32768) >> 16)
                    }
                    body(FillCoverageSpan(y: y, x: x, count: n, mask: UnsafePointer(out)))
                    x += n
                }
            }
        }
    }
}
