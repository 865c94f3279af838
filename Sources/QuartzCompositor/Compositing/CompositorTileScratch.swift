// A tile worker's scratch memory: the clip masks, span rows and the frame tile it composites off the frame
// (CompositorTiles.swift). Spaces: tile pixels, row-major; colours premultiplied RGBA8 (0xAABBGGRR).
import QuartzRaster

/// Per-thread working memory. Invariants: each pointer is allocated once with the count in its comment,
/// never shared between threads, and freed in deinit.
final class CompositorTileScratch {
    let fill: FillTileScratch
    let tileSize: Int
    let clipMask: UnsafeMutablePointer<UInt8>  // tileSize²: the current clip's coverage for the tile
    let clipTemp: UnsafeMutablePointer<UInt8>  // tileSize²: one clip shape while intersecting a chain
    let rowMask: UnsafeMutablePointer<UInt8>  // tileSize: a span's combined coverage
    let rowShaded: UnsafeMutablePointer<UInt32>  // tileSize: a span's shaded or solid pixels
    /// A frame tile composited off the frame (tileStride · tileSize pixels, 64-byte aligned). The stride is
    /// not a power of two: at 128 pixels (512 bytes) a column's pixels would share 8 of the L1 cache's 64 sets.
    let tilePixels: UnsafeMutablePointer<UInt32>
    let tileStride: Int
    let rowBreaks: UnsafeMutablePointer<UInt8>  // tileSize + 1: where a tile's rows change (CompositorSharpBands)
    /// A tile's sharp rectangles (CompositorSharpBands, compositeOps), sharpListCapacity entries, grown by reserveSharpList.
    private(set) var sharpList: UnsafeMutablePointer<UnsafePointer<FillSolidSharpRect>>
    private(set) var sharpListCapacity = 64

    init(tileSize: Int) {
        self.tileSize = tileSize
        fill = FillTileScratch(tileSize: tileSize)
        clipMask = .allocate(capacity: tileSize * tileSize)
        clipMask.initialize(repeating: 0, count: tileSize * tileSize)
        clipTemp = .allocate(capacity: tileSize * tileSize)
        clipTemp.initialize(repeating: 0, count: tileSize * tileSize)
        rowMask = .allocate(capacity: tileSize)
        rowMask.initialize(repeating: 0, count: tileSize)
        rowShaded = .allocate(capacity: tileSize)
        rowShaded.initialize(repeating: 0, count: tileSize)
        tileStride = tileSize + 16
        tilePixels = UnsafeMutableRawPointer.allocate(byteCount: tileStride * tileSize * 4, alignment: 64)
            .bindMemory(to: UInt32.self, capacity: tileStride * tileSize)
        tilePixels.initialize(repeating: 0, count: tileStride * tileSize)
        rowBreaks = .allocate(capacity: tileSize + 1)
        rowBreaks.initialize(repeating: 0, count: tileSize + 1)
        sharpList = .allocate(capacity: sharpListCapacity)
    }

    /// The scratch tile as a surface whose pixels (region.minX, region.minY) … are region's pixels
    /// (`region` at most tileSize × tileSize).
    func offFrameRows(for region: FillPixelBounds) -> FillSurfaceRows {
        precondition(region.width <= tileSize && region.height <= tileSize, "a tile larger than the scratch tile")
        return FillSurfaceRows(
            base: tilePixels,
            bounds: FillPixelBounds(
                minX: region.minX, minY: region.minY, maxX: region.minX + tileStride, maxY: region.minY + tileSize))
    }

    /// Makes sharpList hold at least `count` entries (its old entries are dropped).
    func reserveSharpList(_ count: Int) {
        if count <= sharpListCapacity { return }
        sharpList.deallocate()
        sharpListCapacity = max(count, 2 * sharpListCapacity)
        sharpList = .allocate(capacity: sharpListCapacity)
    }

    deinit {
        clipMask.deallocate()
        clipTemp.deallocate()
        rowMask.deallocate()
        rowShaded.deallocate()
        tilePixels.deallocate()
        rowBreaks.deallocate()
        sharpList.deallocate()
    }
}
