// Preparation: each planned operation becomes a coverage source plus a paint (binned path edges, stroke
// outlines, blurred shadow masks, shaders). Operations are independent, so this phase runs in parallel;
// everything it builds is immutable afterwards and read by the tile phase from any thread.
//
// Spaces: device pixels. Colours: premultiplied RGBA8 (0xAABBGGRR) with opacity folded in for solids.
import Foundation
import QuartzMath
import QuartzRaster

/// How a prepared operation paints its coverage.
enum CompositorPaint: Sendable {
    /// A premultiplied colour, opacity already applied.
    case solid(UInt32)
    /// Shaded pixels, scaled by `alpha` (the opacity as an 8-bit factor).
    case shader(any SpanShader, alpha: UInt8)
}

/// A prepared operation. A class, so the tile phase reads it through an unretained reference: one
/// operation is drawn by many tiles on several threads, and copying the value into every tile cost
/// reference counting (contended between threads) and a copy of its fields per tile. The coverage lives in
/// a subclass: the common analytic rounded rectangle inline (one allocation per operation, no existential
/// box), any other source as an existential. The base class itself covers nothing.
class CompositorOp: @unchecked Sendable {
    // Invariant (for @unchecked Sendable): every stored property, here and in the subclasses, is a `let` of a
    // Sendable type, so an operation is immutable once made.
    let paint: CompositorPaint
    /// The colour when `paint` is solid: tested per tile without copying the paint (which would retain a
    /// shader's box, shared by the threads drawing the same image).
    let solidColor: UInt32?
    let blendMode: CGBlendMode
    /// Clip table index or −1; mask surface index or −1.
    let clip: Int
    let maskSurface: Int
    let bounds: FillPixelBounds

    init(paint: CompositorPaint, blendMode: CGBlendMode, clip: Int, maskSurface: Int, bounds: FillPixelBounds) {
        self.paint = paint
        if case .solid(let color) = paint { solidColor = color } else { solidColor = nil }
        self.blendMode = blendMode
        self.clip = clip
        self.maskSurface = maskSurface
        self.bounds = bounds
    }

    /// FillCoverageSource.forEachCoverageSpan of the operation's coverage.
    func forEachCoverageSpan(in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void) {}

    /// FillCoverageSource.blendSolid of the operation's coverage.
    func blendSolid(_ color: UInt32, in region: FillPixelBounds, into surface: FillSurfaceRows, scratch: FillTileScratch)
        -> Bool { true }

    /// The operation for a prepared coverage, or nil when it covers nothing inside `limit`.
    static func make(
        _ coverage: CompositorPreparedCoverage, paint: CompositorPaint, blendMode: CGBlendMode, clip: Int,
        limit: FillPixelBounds
    ) -> CompositorOp? {
        switch coverage {
        case .roundedRect(let source, let reach):
            let bounds = reach.intersection(limit)
            if bounds.isEmpty { return nil }
            return CompositorRoundedRectOp(coverage: source, paint: paint, blendMode: blendMode, clip: clip, bounds: bounds)
        case .other(let source, let reach):
            let bounds = reach.intersection(limit)
            if bounds.isEmpty { return nil }
            return CompositorCoverageOp(coverage: source, paint: paint, blendMode: blendMode, clip: clip, maskSurface: -1,
                                        bounds: bounds)
        }
    }
}

/// An operation over any coverage source.
final class CompositorCoverageOp: CompositorOp, @unchecked Sendable {
    let source: any FillCoverageSource

    init(coverage: any FillCoverageSource, paint: CompositorPaint, blendMode: CGBlendMode, clip: Int, maskSurface: Int,
         bounds: FillPixelBounds) {
        source = coverage
        super.init(paint: paint, blendMode: blendMode, clip: clip, maskSurface: maskSurface, bounds: bounds)
    }

    override func forEachCoverageSpan(
        in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) {
        source.forEachCoverageSpan(in: region, scratch: scratch, body)
    }

    override func blendSolid(
        _ color: UInt32, in region: FillPixelBounds, into surface: FillSurfaceRows, scratch: FillTileScratch
    ) -> Bool {
        source.blendSolid(color, in: region, into: surface, scratch: scratch)
    }
}

/// An operation over the analytic rounded rectangle (backgrounds, image quads), stored inline.
final class CompositorRoundedRectOp: CompositorOp, @unchecked Sendable {
    let source: FillRoundedRectCoverage

    init(coverage: FillRoundedRectCoverage, paint: CompositorPaint, blendMode: CGBlendMode, clip: Int,
         bounds: FillPixelBounds) {
        source = coverage
        super.init(paint: paint, blendMode: blendMode, clip: clip, maskSurface: -1, bounds: bounds)
    }

    /// A planned solid rectangle, its coverage built in place.
    init(_ solid: borrowing CompositorSolidRect, clip: Int, bounds: FillPixelBounds) {
        source = FillRoundedRectCoverage(rect: solid.rect, cornerRadius: solid.radius, transform: solid.transform)
        super.init(paint: .solid(solid.color), blendMode: solid.blendMode, clip: clip, maskSurface: -1, bounds: bounds)
    }

    override func forEachCoverageSpan(
        in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) {
        source.forEachCoverageSpan(in: region, scratch: scratch, body)
    }

    override func blendSolid(
        _ color: UInt32, in region: FillPixelBounds, into surface: FillSurfaceRows, scratch: FillTileScratch
    ) -> Bool {
        source.blendSolid(color, in: region, into: surface, scratch: scratch)
    }
}

/// What preparing an item's geometry gives: the analytic rounded rectangle (kept concrete) or any other
/// source, each with the device pixels it can touch.
enum CompositorPreparedCoverage {
    case roundedRect(FillRoundedRectCoverage, FillPixelBounds)
    case other(any FillCoverageSource, FillPixelBounds)

    init(_ built: CompositorCoverageBuilder.Built) {
        self = .other(built.source, built.bounds)
    }
}

/// The offscreen pixels the preparation phase may reference (finished before they are read).
struct CompositorSurfaceMemory: @unchecked Sendable {
    /// Invariant: surface i's pixels live at `pointers[i]` (bounds.width · bounds.height of them) from the
    /// phase that first writes them until its parent has read them; index 0 is the frame itself.
    let pointers: [UnsafeMutablePointer<UInt32>?]
}

struct CompositorPreparer {
    let plan: CompositorPlan
    let memory: CompositorSurfaceMemory
    let tileSize: Int
    let deviceTolerance: Double
    /// Workers one shadow blur may use (it nests its own `concurrentPerform`).
    var blurThreads = 1
    /// Wide box shadows' sample grids kept between frames.
    var shadowGrids: CompositorShadowGrids?

    static func alphaByte(_ opacity: Double) -> UInt8 {
        opacity.isNaN ? 0 : UInt8((min(1, max(0, opacity)) * 255).rounded())
    }

    func prepare(_ planned: CompositorPlannedOp) -> CompositorOp? {
        switch planned.spec {
        case .surface(let index, let mask, let opacity, let blendMode):
            let s = plan.surfaces[index]
            guard let pixels = memory.pointers[index] else { return nil }
            let b = planned.bounds
            let rect = CGRect(x: b.minX, y: b.minY, width: b.width, height: b.height)
            let shader = CompositorSurfaceShader(pixels: UnsafePointer(pixels), bounds: s.bounds)
            return CompositorCoverageOp(
                coverage: FillRectCoverage(rect: rect), paint: .shader(shader, alpha: Self.alphaByte(opacity)),
                blendMode: blendMode, clip: planned.clip, maskSurface: mask ?? -1, bounds: b)
        case .solid(let index):
            // CompositorCoverageBuilder.preparedRoundedRect's analytic case and CompositorOp.make's bounds,
            // from the values planning computed.
            let bounds = plan.solids[index].reach.intersection(planned.visible).intersection(planned.bounds)
            if bounds.isEmpty { return nil }
            return CompositorRoundedRectOp(plan.solids[index], clip: planned.clip, bounds: bounds)
        case .item(let index):
            let builder = CompositorCoverageBuilder(clip: planned.visible, tileSize: tileSize, deviceTolerance: deviceTolerance)
            guard let (coverage, paint) = prepareItem(plan.items[index], builder: builder) else { return nil }
            return CompositorOp.make(coverage, paint: paint, blendMode: plan.items[index].blendMode, clip: planned.clip,
                                     limit: planned.bounds)
        }
    }

    /// Operation `index` as a sharp axis-aligned rectangle the tile phase blends directly (plain bytes: no
    /// operation object, reference count or coverage copy per operation): a planned `.solid` with radius 0, a
    /// translate-and-uniform-scale matrix (FillRoundedRectShape's axis-aligned case, so the pixels are
    /// CompositorRoundedRectOp's), no clip, normal blending. The rectangle is initialized at `rect` when the returned
    /// bounds (CompositorOp's bounds for the same operation, see prepare(_:)) are not empty. Nil, touching
    /// nothing, for every other operation (prepare(_:) takes those). Read in place: no copy of the planned
    /// operation, the solid or the rectangle.
    func sharpSolid(_ index: Int, into rect: UnsafeMutablePointer<FillSolidSharpRect>) -> FillPixelBounds? {
        plan.ops.withUnsafeBufferPointer { ops in
            let planned = ops.baseAddress! + index
            guard case .solid(let solidIndex) = planned.pointee.spec, planned.pointee.clip < 0 else { return nil }
            return plan.solids.withUnsafeBufferPointer { solids in
                // The cheap refusals first (rounded and rotated rectangles pass here too).
                let solid = solids.baseAddress! + solidIndex
                guard solid.pointee.radius == 0, solid.pointee.blendMode == .normal else { return nil }
                let t = solid.pointee.transform
                guard t.b == 0, t.c == 0, t.a != 0, abs(t.a) == abs(t.d),
                      Double(t.a).isFinite, Double(t.d).isFinite, Double(t.tx).isFinite, Double(t.ty).isFinite
                else { return nil }
                let r = solid.pointee.reach, v = planned.pointee.visible, p = planned.pointee.bounds
                let bounds = FillPixelBounds(
                    minX: max(r.minX, v.minX, p.minX), minY: max(r.minY, v.minY, p.minY),
                    maxX: min(r.maxX, v.maxX, p.maxX), maxY: min(r.maxY, v.maxY, p.maxY))
                guard FillSolidSharpRect.initialize(rect, device: solid.pointee.device, color: solid.pointee.color,
                                                    when: !bounds.isEmpty)
                else { return nil }
                return bounds
            }
        }
    }

    func prepareItem(
        _ item: borrowing RenderItem, builder: CompositorCoverageBuilder
    ) -> (CompositorPreparedCoverage, CompositorPaint)? {
        let projection = CompositorProjection(item.transform)
        let alpha = Self.alphaByte(item.opacity)
        switch item.content {
        case .solid(let shape, let color):
            guard let c = builder.preparedRoundedRect(shape, projection) else { return nil }
            return (c, .solid(color.compositorPremultiplied(opacity: item.opacity)))
        case .border(let shape, let width, let color):
            guard let c = builder.border(shape, width: width, projection) else { return nil }
            return (CompositorPreparedCoverage(c), .solid(color.compositorPremultiplied(opacity: item.opacity)))
        case .shapeFill(let path, let rule, let color):
            guard let c = builder.path(path, rule: rule, projection) else { return nil }
            return (CompositorPreparedCoverage(c), .solid(color.compositorPremultiplied(opacity: item.opacity)))
        case .glyphs(let run):
            let color = run.color.compositorPremultiplied(opacity: item.opacity)
            if let masks = CompositorGlyphMasks.coverage(of: run, projection, clip: builder.clip, deviceTolerance: deviceTolerance) {
                return (.other(masks, masks.bounds), .solid(color))
            }
            guard let c = builder.path(run.outlinePath, rule: .winding, projection) else { return nil }
            return (CompositorPreparedCoverage(c), .solid(color))
        case .shapeStroke(let stroke, let color):
            guard let c = builder.stroke(stroke, projection) else { return nil }
            return (CompositorPreparedCoverage(c), .solid(color.compositorPremultiplied(opacity: item.opacity)))
        case .image(let image):
            guard let c = builder.preparedRoundedRect(RenderRoundedRect(rect: image.placement.localRect), projection),
                  let shader = CompositorImageShader(image: image, projection: projection, opacity: 1)
            else { return nil }
            return (c, .shader(shader, alpha: alpha))
        case .gradient(let gradient):
            guard let c = builder.preparedRoundedRect(RenderRoundedRect(rect: gradient.rect), projection),
                  let shader = CompositorGradients.shader(gradient, projection: projection)
            else { return nil }
            return (c, .shader(shader, alpha: alpha))
        case .shadow(let shadow):
            guard let (c, paint) = CompositorShadows.prepare(shadow, item: copy item, builder: builder, blurThreads: blurThreads,
                                                                  grids: shadowGrids)
            else { return nil }
            return (CompositorPreparedCoverage(c), paint)
        }
    }
}
