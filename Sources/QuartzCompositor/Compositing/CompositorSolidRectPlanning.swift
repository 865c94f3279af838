// Planning a `.solid` item as a CompositorSolidRect (CompositorPlan.plannedSolid, which planNode tries first for
// every node) without cross-module calls: Foundation's CGRect accessors
// (swift-corelibs-foundation on Linux; `minX`, `standardized` and friends are not inlinable, so each was a call),
// CGRect.applying (QuartzMath) and libm's `round` in the colour are replaced by inline Double arithmetic that
// performs the same IEEE operations in the same order. So every field is bit-identical to the composition of
// those calls (CompositorSolidRectPlanningTests compares them field by field, signed zeros, NaN and huge values
// included). This runs once per item per frame.
//
// Spaces: the rectangle in local units, its box in device pixels. Colour: premultiplied 0xAABBGGRR.
import Foundation
import QuartzMath
import QuartzRaster

/// Swift.min(a, b) and Swift.max(a, b) for Doubles, written out: the generic functions were left as calls in
/// this hot path. min is `b < a ? b : a`, max `b >= a ? b : a` (the standard library's definitions, so NaN and
/// signed zeros come out the same).
@inline(__always) func compositorMinimum(_ a: Double, _ b: Double) -> Double { b < a ? b : a }
@inline(__always) func compositorMaximum(_ a: Double, _ b: Double) -> Double { b >= a ? b : a }

/// A CGRect's stored fields with corelibs' accessors written out. Swift.min(a, b) is `b < a ? b : a` and
/// Swift.max(a, b) is `b >= a ? b : a`; corelibs' `minX` is `origin.x + min(size.width, 0)`, `maxX`
/// `origin.x + max(size.width, 0)`, `width` `abs(size.width)`, `isNull` "either origin coordinate is +∞",
/// `standardized` `(minX, minY, width, height)` (or `.null`).
struct CompositorRectFields {
    var x: Double, y: Double, w: Double, h: Double

    @inline(__always) init(x: Double, y: Double, w: Double, h: Double) {
        self.x = x
        self.y = y
        self.w = w
        self.h = h
    }

    @inline(__always) init(_ r: CGRect) {
        self.init(x: Double(r.origin.x), y: Double(r.origin.y), w: Double(r.size.width), h: Double(r.size.height))
    }

    /// CGRect.null's fields.
    static let null = CompositorRectFields(x: .infinity, y: .infinity, w: 0, h: 0)

    var rect: CGRect { CGRect(x: x, y: y, width: w, height: h) }
    var isNull: Bool { @inline(__always) get { x == .infinity || y == .infinity } }
    var minX: Double { @inline(__always) get { x + (0 < w ? 0 : w) } }
    var maxX: Double { @inline(__always) get { x + (0 >= w ? 0 : w) } }
    var minY: Double { @inline(__always) get { y + (0 < h ? 0 : h) } }
    var maxY: Double { @inline(__always) get { y + (0 >= h ? 0 : h) } }
    var width: Double { @inline(__always) get { abs(w) } }
    var height: Double { @inline(__always) get { abs(h) } }
    var standardized: CompositorRectFields {
        @inline(__always) get { isNull ? .null : CompositorRectFields(x: minX, y: minY, w: width, h: height) }
    }

    /// QuartzMath's CGRect.applying: the four corners of the standardized rectangle mapped as CGPoint.applying
    /// does, extremes folded in corner order with `<`.
    @inline(__always)
    func applying(_ t: CGAffineTransform) -> CompositorRectFields {
        if isNull { return self }
        let r = standardized
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        let a = Double(t.a), b = Double(t.b), c = Double(t.c), d = Double(t.d), tx = Double(t.tx), ty = Double(t.ty)
        let xs = (a * x0 + c * y0 + tx, a * x1 + c * y0 + tx, a * x0 + c * y1 + tx, a * x1 + c * y1 + tx)
        let ys = (b * x0 + d * y0 + ty, b * x1 + d * y0 + ty, b * x0 + d * y1 + ty, b * x1 + d * y1 + ty)
        @inline(__always) func lowest(_ v: (Double, Double, Double, Double)) -> Double {
            var m = v.0
            if v.1 < m { m = v.1 }
            if v.2 < m { m = v.2 }
            if v.3 < m { m = v.3 }
            return m
        }
        @inline(__always) func highest(_ v: (Double, Double, Double, Double)) -> Double {
            var m = v.0
            if m < v.1 { m = v.1 }
            if m < v.2 { m = v.2 }
            if m < v.3 { m = v.3 }
            return m
        }
        let minX = lowest(xs), minY = lowest(ys)
        return CompositorRectFields(x: minX, y: minY, w: highest(xs) - minX, h: highest(ys) - minY)
    }
}

extension CompositorPlan {
    /// What planNode does with a node before it binds the node's item or group.
    enum NodeSolid {
        /// Drawn as a `.solid` operation with these bounds (its rectangle's reach inside `visible`); the
        /// rectangle is the last of `solids`.
        case solid(FillPixelBounds)
        /// An item that draws nothing (planItem would return `.empty` and add nothing).
        case culled
        /// A group, or an item planItem plans in full.
        case other
    }

    /// planItem's culling and `.solid` path for a node, read in place: a drawn rectangle is appended to `solids`
    /// (built there, not moved through return values); `.other` where planItem does more. Only plain fields and
    /// an unretained reference to the colour leave the match. The CGColor itself must not: borrowed from the item
    /// past the match, into the calls below (opaque calls, one taking `solids` inout), it made the compiler copy
    /// the whole item first, a 266-byte memcpy and an outlined copy that retained its references and released them
    /// at the end (earlier tries that kept that copy: borrowed in place, an owned copy of the node, a non-indirect
    /// `.item` case). The node is read through a pointer into the caller's list: passed as a borrowed value, it was
    /// retained and released around the call (the `inout` array could alias it as far as the compiler knew).
    /// Unretained is safe: the list holds the node, and its item the colour, for the whole call.
    /// Invariant: `node` addresses an initialized node of a list that is not changed during the call.
    @inline(never)
    static func plannedSolid(
        _ node: UnsafePointer<RenderNode>, visible: FillPixelBounds, into solids: inout [CompositorSolidRect]
    ) -> NodeSolid {
        let transform: CATransform3D, shape: RenderRoundedRect, color: Unmanaged<CGColor>
        let opacity: Double, blendMode: CGBlendMode, isDoubleSided: Bool
        switch node.pointee {
        case .group: return .other
        case .item(let item):
            guard case .solid(let s, let c) = item.content else { return .other }
            (transform, shape, color) = (item.transform, s, Unmanaged.passUnretained(c))
            (opacity, blendMode, isDoubleSided) = (item.opacity, item.blendMode, item.isDoubleSided)
        }
        guard opacity > 0, Self.isFinite(transform), !visible.isEmpty else { return .culled }
        let projection = CompositorProjection(transform)
        if !isDoubleSided && projection.isBackFacing { return .culled }
        guard let affine = projection.affine else { return .other }
        // Read after the cheap refusals, as before; the colour lives as long as `node`.
        let straight = color._withUnsafeGuaranteedRef { $0.straightSRGBRGBA }
        switch appendSolid(shape, straight: straight, opacity: opacity, blendMode: blendMode, affine: affine,
                           visible: visible, to: &solids) {
        case nil: return .other
        case let bounds?: return bounds.isEmpty ? .culled : .solid(bounds)
        }
    }

    /// CATransform3D.isFinite inline (x · 0 is ±0 for finite x and NaN otherwise; a sum of zeros is zero).
    @inline(__always)
    static func isFinite(_ m: CATransform3D) -> Bool {
        let zero = SIMD4<Double>.zero
        let lanes = m.row1 * zero + m.row2 * zero + m.row3 * zero + m.row4 * zero
        return lanes.sum() == 0
    }

    /// A `.solid` item as CompositorSolidRect: the same box, bounds and coverage inputs as estimatedBounds
    /// and CompositorCoverageBuilder.preparedRoundedRect give. Nil for other items and for rectangles those
    /// would not draw analytically (a projective matrix, uneven corners, empty, beyond the filler's range).
    static func solidRect(_ item: borrowing RenderItem, _ projection: CompositorProjection) -> CompositorSolidRect? {
        guard let affine = projection.affine, case .solid(let shape, let color) = item.content else { return nil }
        return plannedSolid(shape, color: color, opacity: item.opacity, blendMode: item.blendMode, affine: affine)
    }

    /// `solidRect(_:_:)` for `.solid` content: RenderRoundedRect.effectiveRadius, the standardized rectangle,
    /// CompositorProjection.deviceBoundingBox, CompositorCoverageBuilder.isModest, compositorPixelBounds(margin: 1)
    /// and compositorPremultiplied(opacity:), each as the same arithmetic on CompositorRectFields.
    @inline(__always)
    static func plannedSolid(
        _ shape: RenderRoundedRect, color: CGColor, opacity: Double, blendMode: CGBlendMode, affine: CGAffineTransform
    ) -> CompositorSolidRect? {
        plannedSolid(shape, straight: color.straightSRGBRGBA, opacity: opacity, blendMode: blendMode, affine: affine)
    }

    /// `plannedSolid(_:color:opacity:blendMode:affine:)` with the colour's straight components already read.
    @inline(__always)
    static func plannedSolid(
        _ shape: RenderRoundedRect, straight: SIMD4<Double>, opacity: Double, blendMode: CGBlendMode,
        affine: CGAffineTransform
    ) -> CompositorSolidRect? {
        let given = CompositorRectFields(shape.rect)
        // effectiveRadius: half the shorter side of the standardized rectangle (0 when null: width 0).
        let rect = given.standardized
        let shorter = rect.height < rect.width ? rect.height : rect.width
        let half = shorter / 2
        let cornerRadius = shape.cornerRadius
        let radius = cornerRadius.isFinite && cornerRadius > 0 && half > 0 ? (half < cornerRadius ? half : cornerRadius) : 0
        guard radius == 0 || shape.maskedCorners.isSuperset(of: .all) else { return nil }
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return nil }
        // deviceBoundingBox(of: rect): standardized again, finite sides, then applying.
        let r = rect.standardized
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        let box = r.applying(affine)
        let x0 = box.minX, x1 = box.maxX, y0 = box.minY, y1 = box.maxY
        guard !box.isNull, x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
        // isModest(box).
        let limit = Double(fillMaximumDeviceCoordinate)
        guard abs(x0) < limit && abs(x1) < limit && abs(y0) < limit && abs(y1) < limit else { return nil }
        // compositorPixelBounds(margin: 1): its clamp to ±limit before ⌊⌋ and ⌈⌉ is left out, which changes no
        // bound: the sides are inside ±limit (just checked), so v ± 1 converts exactly, and for the whole number
        // limit ⌊clamp(v)⌋ = clamp(⌊v⌋) (⌈⌉ likewise), which FillPixelBounds' own clamp to 0…limit absorbs.
        @inline(__always) func floorInt(_ v: Double) -> Int {
            let t = Int(v)
            return Double(t) > v ? t &- 1 : t
        }
        @inline(__always) func ceilInt(_ v: Double) -> Int {
            let t = Int(v)
            return Double(t) < v ? t &+ 1 : t
        }
        let reach = FillPixelBounds(
            minX: floorInt(x0 - 1), minY: floorInt(y0 - 1), maxX: ceilInt(x1 + 1), maxY: ceilInt(y1 + 1))
        return CompositorSolidRect(
            rect: rect.rect, radius: radius, transform: affine, device: box.rect, reach: reach,
            color: compositorPremultiplied(straight, opacity: opacity), blendMode: blendMode)
    }

    /// plannedSolid's rectangle appended to `solids` when its reach meets `visible`: returns that overlap (the
    /// operation's bounds; empty: nothing appended), or nil when the item is not a plannable solid.
    @inline(__always)
    static func appendSolid(
        _ shape: RenderRoundedRect, straight: SIMD4<Double>, opacity: Double, blendMode: CGBlendMode,
        affine: CGAffineTransform, visible: FillPixelBounds, to solids: inout [CompositorSolidRect]
    ) -> FillPixelBounds? {
        guard let solid = plannedSolid(shape, straight: straight, opacity: opacity, blendMode: blendMode, affine: affine)
        else { return nil }
        let r = solid.reach
        let bounds = r.intersection(visible)
        if !bounds.isEmpty { solids.append(solid) }
        return bounds
    }

    /// CGColor.compositorPremultiplied(opacity:) on its straight components: PremultipliedRGBA8(straightRed:…)
    /// with `(v · 255).rounded()` as truncation plus a half test (exact: for 0 ≤ v ≤ 255 the fraction
    /// v − trunc(v) is computed without rounding, and `rounded()` takes halves away from zero).
    @inline(__always)
    static func compositorPremultiplied(_ c: SIMD4<Double>, opacity: Double) -> UInt32 {
        @inline(__always) func unit(_ v: Double) -> Double {
            v.isNaN ? 0 : compositorMinimum(1, compositorMaximum(0, v))
        }
        let o = unit(opacity)
        @inline(__always) func byte(_ u: Double) -> UInt32 {
            let v = u * 255, t = Int(v)  // 0...255, so t &+ 1 cannot overflow (no overflow test)
            return UInt32(truncatingIfNeeded: v - Double(t) >= 0.5 ? t &+ 1 : t)
        }
        let alpha = unit(c.w * o)
        return byte(unit(c.x) * alpha) | byte(unit(c.y) * alpha) << 8 | byte(unit(c.z) * alpha) << 16 | byte(alpha) << 24
    }
}
