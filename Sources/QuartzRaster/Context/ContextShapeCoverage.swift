// The coverage of one drawn shape: an exact analytic rectangle when the CTM keeps it axis-aligned, a binned
// path otherwise, or pixel-centre sampling when anti-aliasing is off. Coordinate space: raster pixels of the context (y down); 8-bit exact-area coverage.
import Foundation
import QuartzMath

/// Either kind of shape coverage, so callers can hold one value whatever the CTM.
enum ContextShapeCoverage: FillCoverageSource {
    case rect(FillRectCoverage)
    case path(FillPathCoverage)
    case aliased(ContextAliasedCoverage)

    var minimumScratchTileSize: Int {
        switch self {
        case .rect(let r): return r.minimumScratchTileSize
        case .path(let p): return p.minimumScratchTileSize
        case .aliased(let a): return a.minimumScratchTileSize
        }
    }

    func forEachCoverageSpan(in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void) {
        switch self {
        case .rect(let r): r.forEachCoverageSpan(in: region, scratch: scratch, body)
        case .path(let p): p.forEachCoverageSpan(in: region, scratch: scratch, body)
        case .aliased(let a): a.forEachCoverageSpan(in: region, scratch: scratch, body)
        }
    }
}

extension CGContext {
    /// The coverage of `rect` (user space) through the CTM on the current target.
    func rectCoverage(_ rect: CGRect) -> ContextShapeCoverage {
        if antialias, let analytic = axisAlignedRectCoverage(rect) { return .rect(analytic) }
        var geometry = PathGeometry()
        geometry.append(CGPath(rect: rect).geometry, transform: state.ctm)
        return pathCoverage(geometry, rule: .winding, target: currentTarget)
    }

    /// Coverage of a device-space geometry over the whole target: exact-area when anti-aliasing, pixel-centre
    /// sampled when not.
    func pathCoverage(_ geometry: PathGeometry, rule: CGPathFillRule, target: ContextRasterTarget) -> ContextShapeCoverage {
        var builder = FillEdgeBuilder(clip: target.bounds)
        geometry.flatten(into: &builder, transform: deviceToRaster, tolerance: state.flatness)
        if antialias { return .path(FillPathCoverage(builder: builder, fillRule: rule)) }
        return .aliased(ContextAliasedCoverage(builder: builder, fillRule: rule))
    }

    /// The inverse of an affine map, or nil when it is singular or not finite.
    static func invertible(_ t: CGAffineTransform) -> CGAffineTransform? {
        let determinant = Double(t.a * t.d - t.b * t.c)
        guard determinant != 0, determinant.isFinite, Double(t.tx).isFinite, Double(t.ty).isFinite else { return nil }
        let inverse = t.inverted()
        let values = [inverse.a, inverse.b, inverse.c, inverse.d, inverse.tx, inverse.ty]
        return values.allSatisfy { Double($0).isFinite } ? inverse : nil
    }
}
