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
// same for every row (see FillRoundedRectBlend.swift). So the source of each class is scaled once per frame
// (raster_kernels_solid_rect_classes.c), and the kernel (raster_kernels_solid_rect.c) only clips the classes to
// a tile.

import Foundation
import RasterKernels

/// A sharp axis-aligned solid rectangle in device pixels, blended tile by tile.
package struct FillSolidSharpRect: Sendable {
    /// The pixel classes and their scaled sources (what the kernel reads).
    let classes: rk_sharp_rect

    /// Where `classes` lies inside a FillSolidSharpRect, for the kernels that read rectangles in place.
    /// Invariant: `classes` is a stored property, so its offset exists.
    static let classesOffset = MemoryLayout<FillSolidSharpRect>.offset(of: \.classes)!
    /// The device rectangle's sides (x0 < x1, y0 < y1).
    let x0: Double, y0: Double, x1: Double, y1: Double
    /// Premultiplied colour, opacity applied.
    package let color: UInt32

    /// The rectangle with sides `device.minX`…`device.maxX`, `device.minY`…`device.maxY`; nil when they are
    /// not finite, the rectangle is empty, or a side lies beyond ±`fillMaximumDeviceCoordinate`.
    package init?(device: CGRect, color: UInt32) {
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
    package static func initialize(
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

    /// blendSharpBlocks' classes of the rectangle (FillAxisAlignedRoundedRect's columns and rows with radius 0)
    /// with their sources, written into `k` (rk_sharp_rect_classes in raster_kernels_solid_rect_classes.c: the
    /// same operations in the same order as that coverage, so the same values); false, with nothing written, if a
    /// class count exceeds two (which the geometry rules out: with uniform columns, at most one edge column lies
    /// on each side; without, the rectangle spans at most two columns; rows likewise). Invariant: x0 < x1,
    /// y0 < y1, all finite and inside ±fillMaximumDeviceCoordinate (`accepts`).
    @inline(__always)
    static func classes(x0: Double, y0: Double, x1: Double, y1: Double, color: UInt32, into k: inout rk_sharp_rect) -> Bool {
        rk_sharp_rect_classes(x0, y0, x1, y1, color, &k) != 0
    }

    /// The pixels the rectangle touches.
    package var pixelBounds: FillPixelBounds {
        FillPixelBounds(minX: fillFloorIndex(x0), minY: fillFloorIndex(y0), maxX: fillCeilIndex(x1), maxY: fillCeilIndex(y1))
    }

    /// Source-over of the rectangle's coverage inside `region`, which lies inside `surface.bounds`: the kernels
    /// `kernels` allows, else the portable blendSharpBlocks (the same bytes).
    package func blend(in region: FillPixelBounds, into surface: FillSurfaceRows, kernels: SpanKernelChoice = .automatic) {
        withUnsafePointer(to: self) { Self.blend($0, in: region, into: surface, kernels: kernels) }
    }

    /// `blend(in:into:kernels:)` of the rectangle at `rect`, read in place (no copy of it per tile).
    package static func blend(
        _ rect: UnsafePointer<FillSolidSharpRect>, in region: FillPixelBounds, into surface: FillSurfaceRows,
        kernels: SpanKernelChoice = .automatic
    ) {
        if region.isEmpty { return }
        let b = surface.bounds
        let k = (UnsafeRawPointer(rect) + classesOffset)
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
    package static func blend(
        _ rects: UnsafePointer<UnsafePointer<FillSolidSharpRect>>, count: Int, in region: FillPixelBounds,
        into surface: FillSurfaceRows
    ) {
        if count <= 0 || region.isEmpty { return }
        let b = surface.bounds
        let ran = rects.withMemoryRebound(to: UnsafeRawPointer?.self, capacity: count) { raw in
            rk_sharp_rects_over(
                raw, count, classesOffset, surface.base, Int64(b.minX), Int64(b.minY), b.width, Int64(region.minX),
                Int64(region.minY), Int64(region.maxX), Int64(region.maxY)) != 0
        }
        if ran { return }
        for k in 0..<count { blend(rects[k], in: region, into: surface, kernels: .portable) }
    }
}
