// A solid, sharp-cornered, axis-aligned rectangle (the compositor's plain layer backgrounds) made ready once per
// frame, so each tile it touches costs one kernel call and no shape set-up.
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1). Colours: premultiplied RGBA8
// (0xAABBGGRR). The pixels are those of FillRoundedRectCoverage(rect:cornerRadius: 0, transform:).blendSolid for
// a translate-and-uniform-scale matrix (FillAxisAlignedRoundedRect.blendSharpBlocks): the caller passes the
// device rectangle that coverage maps its rect to (`rect.standardized.applying(transform)`).
//
// blendSharpBlocks gives every pixel a coverage that depends on its class alone: columns are uniform (inside
// [⌈x0⌉, ⌊x1⌋)) or one of at most two edge columns, rows full (inside [⌈y0⌉, ⌊y1⌋)) or one of at most two
// partial rows; uniform pixels take the row's overlap, edge pixels coverage(x, y), which on full rows is the
// same for every row (see FillRoundedRectBlend.swift). So the source of each class is scaled once here, and
// the kernel (raster_kernels_solid_rect.c) only clips the classes to a tile.

import Foundation
import RasterKernels

/// A sharp axis-aligned solid rectangle in device pixels, blended tile by tile.
public struct FillSolidSharpRect: Sendable {
    /// The pixel classes and their scaled sources (what the kernel reads).
    let classes: rk_sharp_rect
    /// The device rectangle's sides (x0 < x1, y0 < y1).
    let x0: Double, y0: Double, x1: Double, y1: Double
    /// Premultiplied colour, opacity applied.
    public let color: UInt32

    /// The rectangle with sides `device.minX`…`device.maxX`, `device.minY`…`device.maxY`; nil when they are
    /// not finite, the rectangle is empty, or a side lies beyond ±`fillMaximumDeviceCoordinate`.
    public init?(device: CGRect, color: UInt32) {
        let x0 = Double(device.minX), y0 = Double(device.minY), x1 = Double(device.maxX), y1 = Double(device.maxY)
        var classes = rk_sharp_rect()
        guard !device.isNull, Self.accepts(x0, y0, x1, y1),
              Self.classes(x0: x0, y0: y0, x1: x1, y1: y1, color: color, into: &classes)
        else { return nil }
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
        self.color = color
        self.classes = classes
    }

    /// Finite sides inside ±`fillMaximumDeviceCoordinate`, x0 < x1, y0 < y1 (NaN fails every test).
    @inline(__always)
    static func accepts(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Bool {
        let limit = Double(fillMaximumDeviceCoordinate)
        return abs(x0) < limit && abs(y0) < limit && abs(x1) < limit && abs(y1) < limit && x0 < x1 && y0 < y1
    }

    /// `init?(device:color:)` written at `rect` when `write` is true; returns whether that initialiser succeeds
    /// (false: nothing is written). Invariant: `rect` addresses memory for one FillSolidSharpRect (its fields are
    /// trivial, so overwriting or abandoning it owes no deinitialization).
    public static func initialize(
        _ rect: UnsafeMutablePointer<FillSolidSharpRect>, device: CGRect, color: UInt32, when write: Bool
    ) -> Bool {
        let x0 = Double(device.minX), y0 = Double(device.minY), x1 = Double(device.maxX), y1 = Double(device.maxY)
        guard !device.isNull, accepts(x0, y0, x1, y1) else { return false }
        var classes = rk_sharp_rect()
        guard Self.classes(x0: x0, y0: y0, x1: x1, y1: y1, color: color, into: &classes) else { return false }
        if write { rect.initialize(to: FillSolidSharpRect(classes: classes, x0: x0, y0: y0, x1: x1, y1: y1, color: color)) }
        return true
    }

    private init(classes: rk_sharp_rect, x0: Double, y0: Double, x1: Double, y1: Double, color: UInt32) {
        self.classes = classes
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
        self.color = color
    }

    /// `color` scaled by coverage byte `a` as FillSurfaceRows.blendSolid scales it (0: the pixel stays as it is).
    @inline(__always)
    static func source(_ color: UInt32, _ a: UInt8) -> UInt32 {
        a == 0 || color == 0 ? 0 : a == 255 ? color : FillSourceOver.scale(color, by: UInt32(a))
    }

    /// FillAxisAlignedRoundedRect.coverage(x:y:) with radius 0 (only its straight middle piece, where
    /// [a, b) is the pixel's overlap with [x0, x1)), the same operations in the same order, so the same value.
    @inline(__always)
    static func coverage(x: Int, y: Int, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        let a = max(Double(x), x0), b = min(Double(x + 1), x1)
        if a >= b { return 0 }
        let lo = Double(y), hi = Double(y + 1)
        let topExcess = 0.0 + (min(max(y0, lo), hi) - lo) * (b - a)
        let bottomExcess = 0.0 + (hi - min(max(y1, lo), hi)) * (b - a)
        return min(max((b - a) - topExcess - bottomExcess, 0), 1)
    }

    /// blendSharpBlocks' classes of the rectangle (FillAxisAlignedRoundedRect's columns and rows with radius 0)
    /// with their sources; nil if a class count exceeds two (which the geometry rules out: with uniform
    /// columns, at most one edge column lies on each side; without, the rectangle spans at most two columns;
    /// rows likewise), written into `k`, which starts zeroed; false when refused. Invariant: x0 < x1, y0 < y1, all
    /// finite and inside ±fillMaximumDeviceCoordinate (`accepts`).
    static func classes(x0: Double, y0: Double, x1: Double, y1: Double, color: UInt32, into k: inout rk_sharp_rect) -> Bool {
        // Columns: outer [ox0, ox1), uniform [ux0, ux1) ⊆ outer when not empty (⌈x0⌉ ≥ ⌊x0⌋, ⌊x1⌋ ≤ ⌈x1⌉);
        // when it is empty every outer column is an edge column. Rows likewise: full [fy0, fy1).
        let (floorX0, ceilX0) = floorAndCeil(x0), (floorX1, ceilX1) = floorAndCeil(x1)
        let (floorY0, ceilY0) = floorAndCeil(y0), (floorY1, ceilY1) = floorAndCeil(y1)
        let ox0 = floorX0, ox1 = max(ox0, ceilX1)
        let ux0 = ceilX0
        let hasUniform = ux0 < floorX1
        let ux1 = hasUniform ? floorX1 : ux0
        let e0: Int, e1: Int, edgeCount: Int
        if hasUniform {
            let leftCount = ux0 &- ox0, rightCount = ox1 &- ux1
            edgeCount = leftCount &+ rightCount
            e0 = leftCount > 0 ? ox0 : ux1
            e1 = ux1
        } else {
            edgeCount = ox1 &- ox0
            e0 = ox0
            e1 = ox0 &+ 1
        }
        let oy0 = floorY0, oy1 = max(oy0, ceilY1)
        let fy0 = min(max(ceilY0, oy0), oy1)
        let fy1 = max(fy0, min(floorY1, oy1))
        let aboveCount = fy0 &- oy0, belowCount = oy1 &- fy1
        let partialCount = aboveCount &+ belowCount
        guard edgeCount <= 2, partialCount <= 2 else { return false }
        let p0 = aboveCount > 0 ? oy0 : fy1
        let p1 = aboveCount == 2 ? oy0 &+ 1 : fy1

        k.uniformX0 = Int32(truncatingIfNeeded: ux0)
        k.uniformX1 = Int32(truncatingIfNeeded: ux1)
        k.fullY0 = Int32(truncatingIfNeeded: fy0)
        k.fullY1 = Int32(truncatingIfNeeded: fy1)
        k.edgeX = (Int32(truncatingIfNeeded: e0), Int32(truncatingIfNeeded: e1))
        k.partialY = (Int32(truncatingIfNeeded: p0), Int32(truncatingIfNeeded: p1))
        k.edgeCount = Int32(truncatingIfNeeded: edgeCount)
        k.partialCount = Int32(truncatingIfNeeded: partialCount)
        @inline(__always) func rowSource(_ y: Int) -> UInt32 {
            source(color, fillCoverageByte(FillRectCoverage.overlap(y, y0, y1)))
        }
        @inline(__always) func pixelSource(_ x: Int, _ y: Int) -> UInt32 {
            source(color, fillCoverageByte(coverage(x: x, y: y, x0, y0, x1, y1)))
        }
        // On a full row coverage(x:y:) reduces to the column overlap b − a clamped: its top and bottom excess are
        // exactly 0 (y0 ≤ ⌈y0⌉ ≤ y and y + 1 ≤ ⌊y1⌋ ≤ y1 make both clamped differences 0, times b − a > 0), so
        // (b − a) − 0 − 0 is b − a; and the row's own overlap is 1 (min(y1, y + 1) − max(y0, y) = 1).
        @inline(__always) func fullSource(_ x: Int) -> UInt32 {
            let a = max(Double(x), x0), b = min(Double(x + 1), x1)
            return a >= b ? 0 : source(color, fillCoverageByte(min(max(b - a, 0), 1)))
        }
        if fy0 < fy1 {
            k.uniformFull = source(color, 255)
            if edgeCount > 0 { k.edgeFull.0 = fullSource(e0) }
            if edgeCount > 1 { k.edgeFull.1 = fullSource(e1) }
        }
        if partialCount > 0 {
            k.uniformPartial.0 = rowSource(p0)
            if edgeCount > 0 { k.edgePartial.0.0 = pixelSource(e0, p0) }
            if edgeCount > 1 { k.edgePartial.1.0 = pixelSource(e1, p0) }
        }
        if partialCount > 1 {
            k.uniformPartial.1 = rowSource(p1)
            if edgeCount > 0 { k.edgePartial.0.1 = pixelSource(e0, p1) }
            if edgeCount > 1 { k.edgePartial.1.1 = pixelSource(e1, p1) }
        }
        return true
    }

    /// (fillFloorIndex(v), fillCeilIndex(v)) for |v| < fillMaximumDeviceCoordinate (no NaN, no clamping
    /// needed), sharing one conversion: Int(v) truncates exactly there.
    @inline(__always)
    static func floorAndCeil(_ v: Double) -> (Int, Int) {
        let t = Int(v), d = Double(t)
        return (d > v ? t &- 1 : t, d < v ? t &+ 1 : t)
    }

    /// The pixels the rectangle touches.
    public var pixelBounds: FillPixelBounds {
        FillPixelBounds(minX: fillFloorIndex(x0), minY: fillFloorIndex(y0), maxX: fillCeilIndex(x1), maxY: fillCeilIndex(y1))
    }

    /// Source-over of the rectangle's coverage inside `region`, which lies inside `surface.bounds`: the kernels
    /// `kernels` allows, else the portable blendSharpBlocks (the same bytes).
    public func blend(in region: FillPixelBounds, into surface: FillSurfaceRows, kernels: SpanKernelChoice = .automatic) {
        withUnsafePointer(to: self) { Self.blend($0, in: region, into: surface, kernels: kernels) }
    }

    /// `blend(in:into:kernels:)` of the rectangle at `rect`, read in place (no copy of it per tile).
    public static func blend(
        _ rect: UnsafePointer<FillSolidSharpRect>, in region: FillPixelBounds, into surface: FillSurfaceRows,
        kernels: SpanKernelChoice = .automatic
    ) {
        if region.isEmpty { return }
        let b = surface.bounds
        // Invariant: `classes` is a stored property, so its offset exists and addresses it inside *rect.
        let k = (UnsafeRawPointer(rect) + MemoryLayout<FillSolidSharpRect>.offset(of: \.classes)!)
            .assumingMemoryBound(to: rk_sharp_rect.self)
        let done: Bool
        switch kernels {
        case .automatic:
            done = rk_sharp_rect_over(
                k, surface.base, Int64(b.minX), Int64(b.minY), b.width, Int64(region.minX), Int64(region.minY),
                Int64(region.maxX), Int64(region.maxY)) != 0
        case .avx2:
            done = SpanKernels.isAVX2Supported && rk_sharp_rect_over_avx2(
                k, surface.base, Int64(b.minX), Int64(b.minY), b.width, Int64(region.minX), Int64(region.minY),
                Int64(region.maxX), Int64(region.maxY)) != 0
        case .portable:
            done = false
        }
        if done { return }
        let r = rect.pointee
        FillAxisAlignedRoundedRect(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, radius: 0)
            .blendSharpBlocks(r.color, region: region, surface: surface)
    }

    /// `blend(_:in:into:kernels:)` of rects[0 ..< count] in turn over `region` (the same bytes), in one kernel call
    /// when the kernels run: a tile's run of rectangles pays one call and one tier test, not one per rectangle.
    public static func blend(
        _ rects: UnsafePointer<UnsafePointer<FillSolidSharpRect>>, count: Int, in region: FillPixelBounds,
        into surface: FillSurfaceRows
    ) {
        if count <= 0 || region.isEmpty { return }
        let b = surface.bounds
        // Invariant: `classes` is a stored property, so its offset exists.
        let offset = MemoryLayout<FillSolidSharpRect>.offset(of: \.classes)!
        let ran = rects.withMemoryRebound(to: UnsafeRawPointer?.self, capacity: count) { raw in
            rk_sharp_rects_over(
                raw, count, offset, surface.base, Int64(b.minX), Int64(b.minY), b.width, Int64(region.minX),
                Int64(region.minY), Int64(region.maxX), Int64(region.maxY)) != 0
        }
        if ran { return }
        for k in 0..<count { blend(rects[k], in: region, into: surface, kernels: .portable) }
    }
}
