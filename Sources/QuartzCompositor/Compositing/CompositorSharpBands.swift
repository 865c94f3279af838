// Frame tiles that hold sharp solid rectangles alone (plain layer backgrounds: scene a, most UI frames), drawn
// one band of identical rows at a time.
//
// Spaces: device pixels; colours premultiplied RGBA8 (0xAABBGGRR). Such a tile starts as one colour, and each
// rectangle gives every row between two of its row boundaries the same pixels (FillSolidSharpRectRowBands.swift),
// so between two consecutive boundaries of all the tile's rectangles every row ends up the same. Each band's
// first row is composited in the worker's scratch tile, the same operations in the same order as in place, and
// then streamed into all of the band's frame rows: the frame's lines are written once, without being read, and
// the blending runs once per band instead of once per row. The same pixels as the in-place route.
import QuartzRaster

extension CompositorTileContext {
    /// Bands shorter than this on average (rows per band) make the route cost more than it saves: every band
    /// walks all the tile's rectangles, and one-row bands blend as many pixels as the in-place route does.
    static let minimumMeanBandHeight = 4

    /// Whether a tile of `operations` sharp rectangles is worth trying block by block: not when they outnumber the
    /// bands its blocks may have. Each rectangle adds one to six row boundaries, so such a stack has too many bands
    /// unless its rectangles share nearly all their rows; trying cost scene a at 512x512, whose every block gave
    /// up after a few rectangles, about 1.6 % of its time. Only the route depends on this, never a pixel.
    static func mayBand(operations: Int, _ blocks: CompositorSharpBandBlocks) -> Bool {
        operations <= blocks.columns * (blocks.region.height / Self.minimumMeanBandHeight)
    }

    /// Composites `tile` of the frame (whose operations are all sharp solid rectangles, over `region`, starting
    /// from `start`) into `frame` band by band; false, with nothing written, when its bands are too short.
    func compositeSharpBands(
        bins: CompositorBins, tile: Int, region: FillPixelBounds, frame: FillSurfaceRows, start: UInt32,
        scratch: CompositorTileScratch
    ) -> Bool {
        guard let sharpBounds, let sharpRects else { return false }
        let height = region.height, first = bins.offsets[tile], end = bins.offsets[tile + 1]
        let breaks = scratch.rowBreaks
        breaks.update(repeating: 0, count: height + 1)
        scratch.reserveSharpList(end &- first)
        let list = scratch.sharpList
        var count = 0
        // Bands so far: one plus the boundaries marked; the route is given up as soon as they are too many (a
        // tile of dense fractional rectangles, as a at 512x512, stops after a few of them).
        var bandCount = 1
        for k in first..<end {
            let index = bins.opIndices[k]
            if Self.overlaps(sharpBounds[index], region) {
                bandCount &+= FillSolidSharpRect.markRowBoundaries(sharpRects + index, in: region, into: breaks)
                if bandCount * Self.minimumMeanBandHeight > height { return false }
                list[count] = sharpRects + index
                count &+= 1
            }
        }

        var y0 = region.minY
        while y0 < region.maxY {
            var y1 = y0 &+ 1
            while y1 < region.maxY && breaks[y1 &- region.minY] == 0 { y1 &+= 1 }
            let band = FillPixelBounds(minX: region.minX, minY: y0, maxX: region.maxX, maxY: y0 &+ 1)
            let row = scratch.offFrameRows(for: band)
            row.fill(start, x: band.minX, y: y0, width: band.width, height: 1)
            FillSolidSharpRect.blendRow(list, count: count, y: y0, x0: band.minX, x1: band.maxX, into: row)
            frame.repeatRowStreaming(from: row, sourceY: y0, x: band.minX, y: y0, width: band.width, height: y1 &- y0)
            y0 = y1
        }
        FillSurfaceRows.fenceStreamingStores()
        return true
    }

    @inline(__always)
    static func overlaps(_ b: FillPixelBounds, _ region: FillPixelBounds) -> Bool {
        max(b.minX, region.minX) < min(b.maxX, region.maxX) && max(b.minY, region.minY) < min(b.maxY, region.maxY)
    }
}

/// A frame tile cut into blocks of at most `side` × `side` pixels, row by row, for the band route (tiles of up
/// to 1024 pixels give at most 64 blocks of 128, one bit each in a UInt64).
struct CompositorSharpBandBlocks {
    static let side = 128
    let region: FillPixelBounds
    let columns: Int
    let count: Int

    init(_ region: FillPixelBounds) {
        self.region = region
        columns = (region.width + Self.side - 1) / Self.side
        count = columns * ((region.height + Self.side - 1) / Self.side)
    }

    subscript(k: Int) -> FillPixelBounds {
        let x = region.minX + (k % columns) * Self.side, y = region.minY + (k / columns) * Self.side
        return FillPixelBounds(minX: x, minY: y, maxX: min(x + Self.side, region.maxX), maxY: min(y + Self.side, region.maxY))
    }
}
