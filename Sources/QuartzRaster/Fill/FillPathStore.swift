// One binned path in one object (FillPathCoverage.swift): its grid, rule, edges and occupied box, and in one
// allocation the carries, tile offsets, edge bins and tile summaries, which were four Swift arrays plus a fifth
// for the binning's scratch. Each array was an allocation through the standard library's unspecialised buffer
// code (a generic-metadata lookup, ~400 instructions) and a free; a path now pays one object and one
// allocation, and FillPathCoverage, one reference to it, needs no existential box.
//
// Layout: Int32 words carry[tileCount · T] | offsets[tileCount + 1] | single[edgeCount] (the binning's
// per-edge scratch) | bins[binCapacity], then UInt16 summary[tileCount], then two Ints (the bin count and the
// address of bins that outgrew binCapacity, edges crossing many tiles, which get an allocation of their own).
// Those two are set once, by `reserveBins`, in memory rather than in `var` properties, whose every read would
// pay a dynamic exclusivity check.

/// The memory of one binned path. Invariant (for @unchecked Sendable): written only while
/// FillPathCoverage.init fills it, before the coverage is shared; read-only afterwards, from any thread.
final class FillPathStore: @unchecked Sendable {
    let grid: FillTileGrid
    let fillRule: CGPathFillRule
    let edges: [FillEdge]
    /// The grid-relative tiles that can have coverage (FillPathCoverage's).
    let occupiedColumns: Range<Int>
    let occupiedRows: Range<Int>
    /// The device pixel rows that hold an edge piece (empty when none): outside them every tile row is blank
    /// (no delta, zero carry), so sweeps need not visit them.
    let edgeRows: Range<Int>
    let tileCount: Int
    let tileSize: Int
    /// Edges the binning reads (its `single` words): edges.count, or 0 with no occupied tile.
    let edgeCount: Int
    /// Bins that fit the main allocation.
    let binCapacity: Int
    private let raw: UnsafeMutableRawPointer
    private let words: UnsafeMutablePointer<Int32>
    let summary: UnsafeMutablePointer<UInt16>
    // meta[0]: bins in use; meta[1]: the bins' own allocation's address, or 0.
    private let meta: UnsafeMutablePointer<Int>

    /// A store for the occupied box's tiles and `binnedEdgeCount` edges; carries and offsets zero.
    init(grid: FillTileGrid, fillRule: CGPathFillRule, edges: [FillEdge], occupiedColumns: Range<Int>,
         occupiedRows: Range<Int>, edgeRows: Range<Int>, binnedEdgeCount edgeCount: Int) {
        self.grid = grid
        self.fillRule = fillRule
        self.edges = edges
        self.occupiedColumns = occupiedColumns
        self.occupiedRows = occupiedRows
        self.edgeRows = edgeRows
        tileCount = occupiedColumns.count * occupiedRows.count
        tileSize = grid.tileSize
        self.edgeCount = edgeCount
        // Most edges of a flattened path lie in one or two tiles.
        binCapacity = 2 * edgeCount + 16
        let zeroed = tileCount * tileSize + tileCount + 1
        let wordCount = zeroed + edgeCount + binCapacity
        let metaOffset = (wordCount * 4 + tileCount * 2 + 7) & ~7
        raw = UnsafeMutableRawPointer.allocate(byteCount: metaOffset + 2 * MemoryLayout<Int>.stride, alignment: 64)
        words = raw.bindMemory(to: Int32.self, capacity: wordCount)
        words.initialize(repeating: 0, count: zeroed)
        summary = (raw + wordCount * 4).bindMemory(to: UInt16.self, capacity: tileCount)
        meta = (raw + metaOffset).bindMemory(to: Int.self, capacity: 2)
        meta.initialize(repeating: 0, count: 2)
    }

    deinit {
        UnsafeMutablePointer<Int32>(bitPattern: meta[1])?.deallocate()
        raw.deallocate()
    }

    /// Bins in use (set by `reserveBins`).
    var binCount: Int { meta[0] }

    /// carry[t · T + i]: coverage entering occupied tile t's row i (FillPathCoverage.carry).
    var carry: UnsafeMutablePointer<Int32> { words }
    /// tileCount + 1 tile offsets into the bins.
    var offsets: UnsafeMutablePointer<Int32> { words + tileCount * tileSize }
    /// edgeCount words of scratch for the binning kernel.
    var single: UnsafeMutablePointer<Int32> { offsets + tileCount + 1 }
    /// The bins (valid after `reserveBins`).
    var bins: UnsafeMutablePointer<Int32> { UnsafeMutablePointer(bitPattern: meta[1]) ?? single + edgeCount }

    /// Room for `count` bins (uninitialised); call once, before reading `bins`.
    func reserveBins(_ count: Int) -> UnsafeMutablePointer<Int32> {
        precondition(meta[0] == 0 && meta[1] == 0, "bins reserved twice")
        if count > binCapacity { meta[1] = Int(bitPattern: UnsafeMutablePointer<Int32>.allocate(capacity: count)) }
        meta[0] = count
        return bins
    }

    /// Read-only views of the filled store, valid while it lives.
    var carryView: FillPathStoreView<Int32> { FillPathStoreView(base: carry, count: tileCount * tileSize) }
    var offsetView: FillPathStoreView<Int32> { FillPathStoreView(base: offsets, count: tileCount + 1) }
    var binView: FillPathStoreView<Int32> { FillPathStoreView(base: bins, count: binCount) }
    var summaryView: FillPathStoreView<UInt16> { FillPathStoreView(base: summary, count: tileCount) }
}

/// A read-only run of a FillPathStore's memory, used as the arrays it replaced were (subscripts, buffer
/// pointers, comparisons). Holds no reference: valid while the store does, i.e. while the FillPathCoverage
/// it came from lives (the coverage keeps its store); copying it costs no reference counting between the
/// threads that draw one path's tiles.
struct FillPathStoreView<Element>: RandomAccessCollection, @unchecked Sendable {
    // Invariant (for @unchecked Sendable): the memory is never written once the view exists.
    let base: UnsafePointer<Element>
    let count: Int

    init(base: UnsafeMutablePointer<Element>, count: Int) {
        self.base = UnsafePointer(base)
        self.count = count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "index out of range")
        return base[position]
    }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}

extension FillPathStoreView: Equatable where Element: Equatable {
    /// Equal elements (as for the arrays this view replaced), wherever they are stored.
    static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }
}
