// Render-item geometry → anti-aliased coverage sources in device pixels.
//
// Affine matrices use the analytic rounded-rect coverage (exact area) when the corners are uniform and
// flatten paths in device space; projective matrices flatten in local space with a tolerance derived from
// the projection's local scale, clip against the near plane and project (CompositorProjection.swift).
// Every source is clipped to `clip`, the pixels of the surface being drawn.
import Foundation
import QuartzMath
import QuartzRaster

/// Builds coverage for one surface (clip rectangle, tile size, flattening tolerance).
struct CompositorCoverageBuilder {
    let clip: FillPixelBounds
    let tileSize: Int
    /// Device-pixel flattening tolerance (the filler's documented expectation, 0.2 px).
    let deviceTolerance: Double

    /// A coverage source with the device pixels it can touch.
    typealias Built = (source: any FillCoverageSource, bounds: FillPixelBounds)

    /// A filled rounded rectangle.
    func roundedRect(_ shape: RenderRoundedRect, _ projection: CompositorProjection) -> Built? {
        switch preparedRoundedRect(shape, projection) {
        case .roundedRect(let source, let bounds)?: (source, bounds)
        case .other(let source, let bounds)?: (source, bounds)
        case nil: nil
        }
    }

    /// The same, keeping the analytic coverage concrete (the operation then stores it inline).
    func preparedRoundedRect(_ shape: RenderRoundedRect, _ projection: CompositorProjection) -> CompositorPreparedCoverage? {
        let rect = shape.rect.standardized
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return nil }
        if let affine = projection.affine, shape.isUniform, let box = projection.deviceBoundingBox(of: rect),
           Self.isModest(box) {
            let source = FillRoundedRectCoverage(rect: rect, cornerRadius: shape.effectiveRadius, transform: affine)
            return .roundedRect(source, box.compositorPixelBounds(margin: 1).intersection(clip))
        }
        return path(CompositorShapes.roundedRectPath(shape), rule: .winding, projection).map(CompositorPreparedCoverage.init)
    }

    /// A border ring inside the rounded rectangle (outer minus the inset shape with the concentric radius).
    func border(_ shape: RenderRoundedRect, width: Double, _ projection: CompositorProjection) -> Built? {
        let rect = shape.rect.standardized
        guard !rect.isNull, rect.width > 0, rect.height > 0, width.isFinite, width > 0 else { return nil }
        if let affine = projection.affine, shape.isUniform, let box = projection.deviceBoundingBox(of: rect),
           Self.isModest(box) {
            let source = FillRoundedRectBorderCoverage(
                rect: rect, cornerRadius: shape.effectiveRadius, borderWidth: width, transform: affine)
            return (source, box.compositorPixelBounds(margin: 1).intersection(clip))
        }
        return path(CompositorShapes.borderPath(shape, width: width), rule: .evenOdd, projection)
    }

    /// True when a device box stays within the filler's coordinate range. The analytic rounded-rect coverage
    /// converts device coordinates to Int, so boxes beyond it (a 1e30 scale) take the path route, whose edge
    /// builder clips in Double first.
    static func isModest(_ box: CGRect) -> Bool {
        let limit = Double(fillMaximumDeviceCoordinate)
        return abs(Double(box.minX)) < limit && abs(Double(box.maxX)) < limit && abs(Double(box.minY)) < limit
            && abs(Double(box.maxY)) < limit
    }

    /// A path filled with `rule`.
    func path(_ geometry: PathGeometry, rule: CGPathFillRule, _ projection: CompositorProjection) -> Built? {
        guard !geometry.isEmpty, !clip.isEmpty else { return nil }
        var sink = CompositorTrackingEdgeSink(clip: clip)
        if let affine = projection.affine {
            // Straight into the edges (PathFlattenEdges.swift): the same edges and box as flattening into the
            // tracking sink, without its per-point layers.
            sink.tracker.seen = geometry.flatten(intoEdges: &sink.builder, transform: affine, tolerance: deviceTolerance)
        } else {
            let local = geometry.controlPointBounds
            guard !local.isNull else { return nil }
            let tolerance = projection.localTolerance(deviceTolerance: deviceTolerance, for: local)
            let near = projection.nearW(for: local)
            for contour in geometry.flattenedContours(tolerance: tolerance) where contour.points.count >= 2 {
                projection.emitPolygon(contour.points, near: near, into: &sink)
            }
        }
        return coverage(of: sink, rule: rule)
    }

    /// The coverage of the edges a sink collected, within the box of the points it saw.
    private func coverage(of sink: CompositorTrackingEdgeSink, rule: CGPathFillRule) -> Built? {
        guard let box = sink.tracker.box else { return nil }
        let bounds = box.compositorPixelBounds(margin: 1).intersection(clip)
        if bounds.isEmpty { return nil }
        return (FillPathCoverage(builder: sink.builder, fillRule: rule, tileSize: tileSize), bounds)
    }

    /// A stroke: flattened in local space finely enough for the projection, dashed and trimmed
    /// (PathDashing.select: spec §10.1), outlined by the stroker, then filled with the nonzero rule.
    func stroke(_ stroke: RenderStroke, _ projection: CompositorProjection) -> Built? {
        let local = stroke.path.controlPointBounds
        guard !stroke.path.isEmpty, !local.isNull else { return nil }
        let grown = local.insetBy(dx: -max(stroke.style.lineWidth, 0), dy: -max(stroke.style.lineWidth, 0))
        let tolerance = projection.localTolerance(deviceTolerance: deviceTolerance, for: grown)
        if let affine = projection.affine,
           PathDashing.selectsEverything(
               lengths: stroke.dashPattern, trimStart: stroke.strokeStart, trimEnd: stroke.strokeEnd) {
            // Undashed and untrimmed: the stroker takes the flattened points as they are made
            // (PathStrokeFlattenInput.swift), the same edges and box as the route below.
            guard !clip.isEmpty else { return nil }
            var sink = CompositorTrackingEdgeSink(clip: clip)
            sink.tracker.seen = PathStroker.outline(
                flattening: stroke.path, style: stroke.style, tolerance: tolerance, transform: affine,
                into: &sink.builder, controlPointBounds: local)
            return coverage(of: sink, rule: .winding)
        }
        let contours = stroke.path.flattenedContours(tolerance: tolerance)
        let selected = PathDashing.select(
            contours, phase: stroke.dashPhase, lengths: stroke.dashPattern, trimStart: stroke.strokeStart,
            trimEnd: stroke.strokeEnd)
        if selected.isEmpty { return nil }
        if let affine = projection.affine {
            // The outline goes straight into the edges: the same edges and box as building it and
            // flattening it with `path` (PathOutlineEdgeOutput.swift), without the intermediate path.
            guard !clip.isEmpty else { return nil }
            var sink = CompositorTrackingEdgeSink(clip: clip)
            sink.tracker.seen = PathStroker.outline(
                of: selected, style: stroke.style, tolerance: tolerance, transform: affine, into: &sink.builder)
            return coverage(of: sink, rule: .winding)
        }
        let outline = PathStroker.outline(of: selected, style: stroke.style, tolerance: tolerance)
        return path(outline, rule: .winding, projection)
    }
}

/// Local-space outlines of the layer shapes.
enum CompositorShapes {
    /// Cubic approximation of a quarter circle: control points at κ·r along the tangents.
    static let kappa = 0.5522847498307936

    /// The rounded rectangle as a closed path, clockwise on a y-down screen, rounding only the corners in
    /// `maskedCorners` (Apple's CACornerMask: minX/minY is the bounds-origin corner).
    static func roundedRectPath(_ shape: RenderRoundedRect) -> PathGeometry {
        roundedRectPath(rect: shape.rect.standardized, radius: shape.effectiveRadius, corners: shape.maskedCorners)
    }

    static func roundedRectPath(rect r: CGRect, radius: Double, corners: RenderCornerMask) -> PathGeometry {
        var path = PathGeometry()
        let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
        let r00 = corners.contains(.minXMinY) ? radius : 0, r10 = corners.contains(.maxXMinY) ? radius : 0
        let r11 = corners.contains(.maxXMaxY) ? radius : 0, r01 = corners.contains(.minXMaxY) ? radius : 0
        let k = kappa
        func p(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }
        path.move(to: p(x0 + r00, y0))
        path.addLine(to: p(x1 - r10, y0))
        if r10 > 0 { path.addCurve(to: p(x1, y0 + r10), control1: p(x1 - r10 + k * r10, y0), control2: p(x1, y0 + r10 - k * r10)) }
        path.addLine(to: p(x1, y1 - r11))
        if r11 > 0 { path.addCurve(to: p(x1 - r11, y1), control1: p(x1, y1 - r11 + k * r11), control2: p(x1 - r11 + k * r11, y1)) }
        path.addLine(to: p(x0 + r01, y1))
        if r01 > 0 { path.addCurve(to: p(x0, y1 - r01), control1: p(x0 + r01 - k * r01, y1), control2: p(x0, y1 - r01 + k * r01)) }
        path.addLine(to: p(x0, y0 + r00))
        if r00 > 0 { path.addCurve(to: p(x0 + r00, y0), control1: p(x0, y0 + r00 - k * r00), control2: p(x0 + r00 - k * r00, y0)) }
        path.closeSubpath()
        return path
    }

    /// Outer rounded rectangle plus the inner one inset by `width` with radius max(0, r − width) (the
    /// concentric rule FillRoundedRectBorderCoverage documents); filled even-odd it is the ring.
    static func borderPath(_ shape: RenderRoundedRect, width: Double) -> PathGeometry {
        let r = shape.rect.standardized
        var path = roundedRectPath(shape)
        let inner = r.insetBy(dx: width, dy: width)
        if !inner.isNull, inner.width > 0, inner.height > 0 {
            path.append(roundedRectPath(rect: inner, radius: max(0, shape.effectiveRadius - width), corners: shape.maskedCorners))
        }
        return path
    }
}
