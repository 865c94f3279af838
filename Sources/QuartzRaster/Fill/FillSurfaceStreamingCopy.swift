// Writing a block of pixels from one surface into the same device pixels of another with streaming stores
// (device pixels; premultiplied 0xAABBGGRR values are copied unchanged).
import RasterKernels

extension FillSurfaceRows {
    /// Copies columns x..<x + width of rows y..<y + height from `source` into the same pixels of this surface,
    /// writing whole cache lines past the caches (no read of the old lines first) and fencing before it
    /// returns. For blocks not read again soon, such as a finished tile of a frame larger than the caches.
    /// Both surfaces' bounds must hold the block, and the two must not share memory.
    public func copyStreaming(from source: FillSurfaceRows, x: Int, y: Int, width: Int, height: Int) {
        if width <= 0 || height <= 0 { return }
        precondition(
            x >= bounds.minX && y >= bounds.minY && x + width <= bounds.maxX && y + height <= bounds.maxY
                && x >= source.bounds.minX && y >= source.bounds.minY && x + width <= source.bounds.maxX
                && y + height <= source.bounds.maxY, "copyStreaming: the block lies outside a surface")
        rk_copy_block_streaming(
            pointer(x: x, y: y), bounds.width, UnsafePointer(source.pointer(x: x, y: y)), source.bounds.width,
            width, height)
    }
}
