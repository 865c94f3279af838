// Planning: the render list → surfaces (the frame and one offscreen per group that needs it), ordered draw
// operations per surface, and a table of clips. Nothing is rasterised here; bounds are conservative device
// estimates used for culling, offscreen sizes and tile binning.
//
// Spaces: device pixels, y down. Surface 0 is the frame; a group's offscreen has depth parent + 1 and is
// drawn before its parent's level, so levels run deepest first. Culled: non-finite matrices, zero or NaN
// opacity, back faces of single-sided items (spec §9.5 doubleSided), anything outside the visible region.
import Foundation
import QuartzMath
import QuartzRaster
import QuartzLayers

/// What one planned operation draws.
enum CompositorOpSpec: Sendable {
    /// Index into the plan's `items` (kept apart so a planned operation holds no references and copies as
    /// plain bytes).
    case item(Int)
    /// Index into the plan's `solids`: a solid rounded rectangle under an affine matrix, everything its
    /// preparation needs worked out while planning (no item copy, no second projection or bounding box).
    case solid(Int)
    /// A finished offscreen surface, through an optional mask surface, with group opacity and blending.
    case surface(Int, mask: Int?, opacity: Double, blendMode: CGBlendMode)
}

struct CompositorPlannedOp: Sendable {
    var spec: CompositorOpSpec
    var surface: Int
    /// Index into the clip table, or −1.
    var clip: Int
    /// Pixels the operation may touch (clipped to its surface's visible region).
    var bounds: FillPixelBounds
    /// The region its coverage is clipped to (the surface's bounds for items drawn into it).
    var visible: FillPixelBounds
}

/// A `.solid` item whose matrix is affine and whose corners are uniform (backgrounds, rectangles): the
/// values CompositorCoverageBuilder.preparedRoundedRect would compute from the item, computed once. Plain
/// bytes (no references), so planning and preparing copy no reference counts.
struct CompositorSolidRect: Sendable {
    /// The item's rectangle, standardized, in local space; the effective corner radius.
    var rect: CGRect
    var radius: Double
    var transform: CGAffineTransform
    /// `rect` through `transform` (CGRect.applying): the device box, and the sides of the axis-aligned coverage.
    var device: CGRect
    /// The whole device pixels the coverage can touch (the device box grown by one pixel), before clipping.
    var reach: FillPixelBounds
    /// Premultiplied colour with the item's opacity applied.
    var color: UInt32
    var blendMode: CGBlendMode
}

/// A group shadow in device terms: colour (premultiplied, opacity applied), integer offset, σ in pixels.
struct CompositorSurfaceShadow: Sendable {
    var color: UInt32
    var dx: Int
    var dy: Int
    var sigma: Double
}

struct CompositorSurfacePlan: Sendable {
    var bounds: FillPixelBounds
    var depth: Int
    var ops: [Int] = []
    var shadow: CompositorSurfaceShadow?
    /// `CALayer.filters`, applied to the finished surface before its shadow.
    var filters: [LayerFilter] = []
    var isLive = true
}

/// What a clip keeps: an anti-aliased rounded rectangle, or the hard-edged pixels of a plane piece.
enum CompositorClipShape: Sendable {
    case roundedRect(RenderClip)
    case planePiece(RenderPlanePiece)
}

struct CompositorClipPlan: Sendable {
    var shape: CompositorClipShape
    var parent: Int
    var bounds: FillPixelBounds
}

struct CompositorPlan: Sendable {
    var surfaces: [CompositorSurfacePlan]
    var ops: [CompositorPlannedOp] = []
    /// The render items the operations draw, in planning order.
    var items: [RenderItem] = []
    /// The solid rectangles `.solid` operations draw, in planning order.
    var solids: [CompositorSolidRect] = []
    var clips: [CompositorClipPlan] = []

    init(frame: FillPixelBounds) {
        surfaces = [CompositorSurfacePlan(bounds: frame, depth: 0)]
    }

    var maximumDepth: Int { surfaces.filter(\.isLive).map(\.depth).max() ?? 0 }

    /// Plans `nodes` into `surface`; returns the union of the bounds of what was added.
    @discardableResult
    mutating func plan(_ nodes: [RenderNode], surface: Int, clip: Int, visible: FillPixelBounds) -> FillPixelBounds {
        var added = FillPixelBounds.empty
        // Each node read in place from the list's storage rather than copied out by a for-in loop.
        nodes.withUnsafeBufferPointer { buffer in
            guard let first = buffer.baseAddress else { return }
            for index in buffer.indices {
                added = added.union(planNode(first + index, surface: surface, clip: clip, visible: visible))
            }
        }
        return added
    }

    /// One node, read in place (the item is borrowed from the node's box). Invariant: `node` addresses an
    /// initialized node of a list that is not changed during the call.
    private mutating func planNode(
        _ node: UnsafePointer<RenderNode>, surface: Int, clip: Int, visible: FillPixelBounds
    ) -> FillPixelBounds {
        // Solid rectangles (most items of most frames) take a short path that appends the rectangle in place.
        switch Self.plannedSolid(node, visible: visible, into: &solids) {
        case .culled: return .empty
        case .solid(let bounds):
            appendOp(.solid(solids.count - 1), surface: surface, clip: clip, bounds: bounds)
            return bounds
        case .other: break
        }
        switch node.pointee {
        case .item(let item): return planItem(item, surface: surface, clip: clip, visible: visible)
        case .group(let group): return planGroup(group, surface: surface, clip: clip, visible: visible)
        }
    }

    mutating func planItem(
        _ item: borrowing RenderItem, surface: Int, clip: Int, visible: FillPixelBounds
    ) -> FillPixelBounds {
        guard item.opacity > 0, item.transform.isFinite, !visible.isEmpty else { return .empty }
        let projection = CompositorProjection(item.transform)
        if !item.isDoubleSided && projection.isBackFacing { return .empty }
        if let solid = Self.solidRect(item, projection) {
            let r = solid.reach
            let bounds = r.intersection(visible)
            if bounds.isEmpty { return .empty }
            solids.append(solid)
            appendOp(.solid(solids.count - 1), surface: surface, clip: clip, bounds: bounds)
            return bounds
        }
        let bounds = Self.estimatedBounds(item.content, projection).intersection(visible)
        if bounds.isEmpty { return .empty }
        items.append(copy item)
        appendOp(.item(items.count - 1), surface: surface, clip: clip, bounds: bounds)
        return bounds
    }

    private mutating func appendOp(_ spec: CompositorOpSpec, surface: Int, clip: Int, bounds: FillPixelBounds) {
        ops.append(CompositorPlannedOp(spec: spec, surface: surface, clip: clip, bounds: bounds,
                                       visible: surfaces[surface].bounds))
        surfaces[surface].ops.append(ops.count - 1)
    }

    mutating func planGroup(_ group: RenderGroup, surface: Int, clip: Int, visible: FillPixelBounds) -> FillPixelBounds {
        guard group.opacity > 0 else { return .empty }
        var groupClip = clip
        var region = visible
        if let c = group.clip {
            guard c.transform.isFinite else { return .empty }
            let projection = CompositorProjection(c.transform)
            let box = projection.deviceBoundingBox(of: c.shape.rect)?.compositorPixelBounds(margin: 1) ?? .empty
            region = region.intersection(box)
            if region.isEmpty { return .empty }
            clips.append(CompositorClipPlan(shape: .roundedRect(c), parent: groupClip, bounds: box))
            groupClip = clips.count - 1
        }
        if let piece = group.piece {
            guard piece.transform.isFinite else { return .empty }
            clips.append(CompositorClipPlan(shape: .planePiece(piece), parent: groupClip, bounds: region))
            groupClip = clips.count - 1
        }
        if !group.needsOffscreen {
            return plan(group.children, surface: surface, clip: groupClip, visible: region)
        }
        // The offscreen: children are planned unclipped (the group's clip applies when it is composited),
        // over the region they can influence, which a shadow widens.
        let shadow = group.shadow.flatMap(Self.deviceShadow)
        var childRegion = region
        if let s = shadow {
            let reach = Int((3 * s.sigma).rounded(.up)) + 2
            childRegion = region.union(region.offsetBy(dx: -s.dx, dy: -s.dy).grown(by: reach))
        }
        let index = surfaces.count
        surfaces.append(CompositorSurfacePlan(bounds: childRegion, depth: surfaces[surface].depth + 1))
        let content = plan(group.children, surface: index, clip: -1, visible: childRegion)
        // The shadow adds the pixels it darkens inside the region; content outside the region stays only as
        // far as the children reached (their region already holds every pixel that can cast into view).
        var extent = content
        if let s = shadow, !content.isEmpty {
            let cast = content.offsetBy(dx: s.dx, dy: s.dy).grown(by: Int((3 * s.sigma).rounded(.up)) + 2)
            extent = content.union(cast.intersection(region))
        }
        let surfaceBounds = extent.intersection(childRegion)
        let compositeBounds = surfaceBounds.intersection(region)
        if surfaceBounds.isEmpty || compositeBounds.isEmpty {
            surfaces[index].isLive = false
            return .empty
        }
        surfaces[index].bounds = surfaceBounds
        surfaces[index].shadow = shadow
        surfaces[index].filters = group.filters
        // The children were clipped to the provisional region; narrow their coverage clip to the final one.
        for op in surfaces[index].ops { ops[op].visible = surfaceBounds }
        var maskIndex: Int? = nil
        if let mask = group.mask {
            let m = surfaces.count
            surfaces.append(CompositorSurfacePlan(bounds: surfaceBounds, depth: surfaces[surface].depth + 1))
            let maskContent = plan(mask, surface: m, clip: -1, visible: surfaceBounds)
            // An empty mask hides the group entirely (its alpha is zero everywhere).
            if maskContent.isEmpty {
                surfaces[m].isLive = false
                surfaces[index].isLive = false
                return .empty
            }
            maskIndex = m
        }
        ops.append(CompositorPlannedOp(
            spec: .surface(index, mask: maskIndex, opacity: group.opacity, blendMode: group.blendMode),
            surface: surface, clip: groupClip, bounds: compositeBounds, visible: surfaces[surface].bounds))
        surfaces[surface].ops.append(ops.count - 1)
        return compositeBounds
    }

    /// Device shadow parameters of a group: offset and σ through the Jacobian at the local origin
    /// (exact for affine matrices); the offset is rounded to whole pixels [I].
    static func deviceShadow(_ s: RenderGroupShadow) -> CompositorSurfaceShadow? {
        guard s.opacity > 0, s.transform.isFinite else { return nil }
        let p = CompositorProjection(s.transform)
        let dx = Double(s.offset.width), dy = Double(s.offset.height)
        guard dx.isFinite, dy.isFinite, s.radius.isFinite else { return nil }
        guard let o = p.homography.apply(x: 0, y: 0), let q = p.homography.apply(x: dx, y: dy) else { return nil }
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        let sigma = min(CompositorShadows.maximumSigma, PaintGaussianKernel.sigma(forShadowRadius: max(0, s.radius))
            * p.localScale(of: unit))
        let limit = Double(fillMaximumDeviceCoordinate)
        let ox = q.x - o.x, oy = q.y - o.y
        guard abs(ox) < limit, abs(oy) < limit, sigma.isFinite else { return nil }
        return CompositorSurfaceShadow(
            color: s.color.compositorPremultiplied(opacity: s.opacity), dx: Int(ox.rounded()), dy: Int(oy.rounded()),
            sigma: sigma)
    }

    /// Conservative device bounds of an item's content.
    static func estimatedBounds(_ content: RenderContent, _ projection: CompositorProjection) -> FillPixelBounds {
        func box(_ rect: CGRect, margin: Double = 1) -> FillPixelBounds {
            projection.deviceBoundingBox(of: rect)?.compositorPixelBounds(margin: margin) ?? .empty
        }
        switch content {
        case .solid(let shape, _), .border(let shape, _, _):
            return box(shape.rect)
        case .image(let image):
            return box(image.placement.localRect)
        case .shapeFill(let path, _, _):
            return path.isEmpty ? .empty : box(path.controlPointBounds)
        case .glyphs(let run):
            return run.bounds.isNull ? .empty : box(run.bounds)
        case .shapeStroke(let stroke, _):
            guard !stroke.path.isEmpty, stroke.style.lineWidth.isFinite, stroke.style.lineWidth > 0 else { return .empty }
            let reach = stroke.localReach
            return box(stroke.path.controlPointBounds.insetBy(dx: -reach, dy: -reach))
        case .gradient(let gradient):
            return box(gradient.rect)
        case .shadow(let shadow):
            let rect: CGRect
            switch shadow.shape {
            case .roundedRect(let r): rect = r.rect
            case .path(let path, _): rect = path.isEmpty ? .null : path.controlPointBounds
            }
            guard !rect.isNull, shadow.radius.isFinite else { return .empty }
            let moved = rect.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
            let sigma = min(CompositorShadows.maximumSigma, PaintGaussianKernel.sigma(forShadowRadius: max(0, shadow.radius))
                * projection.localScale(of: moved))
            guard sigma.isFinite else { return .empty }
            return box(moved, margin: (3 * sigma).rounded(.up) + 2)
        }
    }
}
