// Direct solid compositing for coverage sources that know their shape: whole blocks of pixels that share one
// coverage (a rectangle's interior, its edge columns) go to the blend kernel in one call each, with no span
// callback, no per-row set-up and no coverage copy.
//
// Coordinate space: device pixels; a surface's pixel (x, y) lives at base + (y − bounds.minY) · bounds.width
// + (x − bounds.minX). Colours: premultiplied RGBA8 (0xAABBGGRR). The bytes equal those of the span path
// (FillSourceOver.blendSolid per span): the same source scaling, the same kernels row by row.

/// A surface's pixel rows, for writing blocks directly.
/// Invariant: `base` addresses `bounds.width · bounds.height` writable pixels for as long as the value is used;
/// callers only pass blocks inside `bounds`, and concurrent users write disjoint pixels.
package struct FillSurfaceRows: @unchecked Sendable {
    package let base: UnsafeMutablePointer<UInt32>
    package let bounds: FillPixelBounds

    @inlinable package init(base: UnsafeMutablePointer<UInt32>, bounds: FillPixelBounds) {
        self.base = base
        self.bounds = bounds
    }

    /// The pixel (x, y), which must lie inside `bounds`.
    @inlinable @inline(__always)
    package func pointer(x: Int, y: Int) -> UnsafeMutablePointer<UInt32> {
        base + (y &- bounds.minY) &* bounds.width + (x &- bounds.minX)
    }

    /// Sets columns x..<x + width of rows y..<y + height (inside `bounds`) to `value`: 32-byte stores when
    /// AVX2 is in use, else `update(repeating:)` per row (the same pixels either way).
    @inlinable
    package func fill(_ value: UInt32, x: Int, y: Int, width: Int, height: Int, kernels: SpanKernelChoice = .automatic) {
        if width <= 0 || height <= 0 { return }
        let first = pointer(x: x, y: y), stride = bounds.width
        if SpanKernels.fillBlock(value, first, stride: stride, width: width, height: height, kernels) { return }
        for row in 0..<height { (first + row &* stride).update(repeating: value, count: width) }
    }

    /// Source-over of `color` scaled by the constant coverage `alpha` over columns x..<x + width of rows
    /// y..<y + height (inside `bounds`): per row the bytes of `FillSourceOver.blendSolid(_:alpha:into:count:)`.
    @inlinable
    package func blendSolid(
        _ color: UInt32, alpha: UInt8, x: Int, y: Int, width: Int, height: Int,
        kernels: SpanKernelChoice = .automatic
    ) {
        if alpha == 0 || color == 0 || width <= 0 || height <= 0 { return }
        let source = alpha == 255 ? color : FillSourceOver.scale(color, by: UInt32(alpha))
        let first = pointer(x: x, y: y), stride = bounds.width
        if source >> 24 == 255 {
            fill(source, x: x, y: y, width: width, height: height, kernels: kernels)
            return
        }
        if source == 0 { return }
        // One pixel (a sharp rectangle's corner pixels): the scalar blend of the portable path, cheaper than a
        // kernel call, the same bytes.
        if width == 1 && height == 1 {
            first.pointee = FillSourceOver.blend(source, over: first.pointee)
            return
        }
        if SpanKernels.solidBlockOver(source, first, stride: stride, width: width, height: height, kernels) { return }
        for row in 0..<height {
            FillSourceOver.blendSolid(source, alpha: 255, into: first + row &* stride, count: width, kernels: .portable)
        }
    }
}
