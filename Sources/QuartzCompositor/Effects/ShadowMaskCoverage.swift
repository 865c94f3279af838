// A shadow mask as a coverage source: spans point straight into the mask's rows, so the tile phase blends the
// shadow colour through the mask bytes themselves with the solid-colour kernels (no copy, no shader).
import Foundation
import QuartzRaster

struct ShadowMaskCoverage: FillCoverageSource {
    let mask: ShadowMask
    /// Device pixels drawn: the mask's rectangle intersected with the clip.
    let bounds: FillPixelBounds

    init(mask: ShadowMask, clip: FillPixelBounds) {
        self.mask = mask
        bounds = mask.bounds.intersection(clip)
    }

    func forEachCoverageSpan(in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void) {
        let area = region.intersection(bounds)
        if area.isEmpty { return }
        let left = mask.bounds.minX, top = mask.bounds.minY, w = mask.bounds.width
        mask.rowStart.withUnsafeBufferPointer { starts in
            mask.rowEnd.withUnsafeBufferPointer { ends in
                for y in area.minY..<area.maxY {
                    let row = y - top
                    // Invariant: row lies in the mask (area ⊂ bounds ⊂ the mask's rectangle), and the span's
                    // columns a − left ..< b − left lie in the row's non-zero range within 0..<w.
                    let a = max(area.minX, left + Int(starts[row])), b = min(area.maxX, left + Int(ends[row]))
                    if a >= b { continue }
                    body(FillCoverageSpan(y: y, x: a, count: b - a, mask: UnsafePointer(mask.bytes + row * w + (a - left))))
                }
            }
        }
    }
}
