// Writing a block of pixels from one surface into the same device pixels of another, with streaming stores or
// ordinary ones (device pixels; premultiplied 0xAABBGGRR values are copied unchanged).
import RasterKernels

extension FillSurfaceRows {
    /// Copies columns x..<x + width of rows y..<y + height from `source` into the same pixels of this surface
    /// with ordinary stores, which leave the lines cached (for a block read again soon, or a small frame).
    /// Both surfaces' bounds must hold the block, and the two must not share memory.
    package func copy(from source: FillSurfaceRows, x: Int, y: Int, width: Int, height: Int) {
        if width <= 0 || height <= 0 { return }
        requireBlock(from: source, x: x, y: y, width: width, height: height, "copy")
        for row in y..<y + height {
            pointer(x: x, y: row).update(from: source.pointer(x: x, y: row), count: width)
        }
    }

    /// Copies columns x..<x + width of rows y..<y + height from `source` into the same pixels of this surface,
    /// writing whole cache lines past the caches (no read of the old lines first) and fencing before it
    /// returns. For blocks not read again soon, such as a finished tile of a frame larger than the caches.
    /// Both surfaces' bounds must hold the block, and the two must not share memory.
    package func copyStreaming(from source: FillSurfaceRows, x: Int, y: Int, width: Int, height: Int) {
        if width <= 0 || height <= 0 { return }
        requireBlock(from: source, x: x, y: y, width: width, height: height, "copyStreaming")
        rk_copy_block_streaming(
            pointer(x: x, y: y), bounds.width, UnsafePointer(source.pointer(x: x, y: y)), source.bounds.width,
            width, height)
    }
}

extension FillSurfaceRows {
    /// Writes columns x..<x + width of `source`'s row `sourceY` into rows y..<y + height of this surface with
    /// streaming stores, as copyStreaming does, but without the closing fence: call `fenceStreamingStores()`
    /// after the last such write and before the pixels are handed on. The source row must lie inside
    /// `source.bounds`, the block inside `bounds`, and the two must not share memory.
    package func repeatRowStreaming(from source: FillSurfaceRows, sourceY: Int, x: Int, y: Int, width: Int, height: Int) {
        if width <= 0 || height <= 0 { return }
        precondition(
            x >= bounds.minX && y >= bounds.minY && x + width <= bounds.maxX && y + height <= bounds.maxY
                && x >= source.bounds.minX && sourceY >= source.bounds.minY && x + width <= source.bounds.maxX
                && sourceY < source.bounds.maxY, "repeatRowStreaming: the block lies outside a surface")
        rk_copy_block_streaming_unfenced(
            pointer(x: x, y: y), bounds.width, UnsafePointer(source.pointer(x: x, y: sourceY)), 0, width, height)
    }

    /// Orders the thread's earlier unfenced streaming writes (repeatRowStreaming) before its later stores.
    package static func fenceStreamingStores() { rk_streaming_store_fence() }
}

extension FillSurfaceRows {
    /// Traps unless both this surface and `source` hold the block (the copies' contract).
    private func requireBlock(from source: FillSurfaceRows, x: Int, y: Int, width: Int, height: Int, _ name: String) {
        precondition(
            x >= bounds.minX && y >= bounds.minY && x + width <= bounds.maxX && y + height <= bounds.maxY
                && x >= source.bounds.minX && y >= source.bounds.minY && x + width <= source.bounds.maxX
                && y + height <= source.bounds.maxY, "\(name): the block lies outside a surface")
    }
}
