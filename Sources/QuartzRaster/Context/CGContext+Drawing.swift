// Filling and stroking: the current path, rectangles, ellipses, line segments, and clearing.
//
// Spaces: the current path is in device space (y up); fills map it to raster pixels with (x, height − y)
// and flatten there within the flatness (device pixels). Strokes are built in the *current* user space, as
// Core Graphics does: the path is mapped back through the inverse CTM, dashed and outlined with the line
// width in user units, and the outline is mapped forward again, so a non-uniform CTM gives an elliptical pen.
import Foundation
import QuartzMath

extension CGContext {
    // MARK: Paths

    /// Fills the current path with the fill colour and clears it (Apple: `fillPath(using:)`); open subpaths
    /// are closed implicitly.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fillDeviceGeometry(devicePath.geometry, rule: rule, color: state.fillColor)
        beginPath()
    }

    /// Strokes the current path with the stroke colour and line style, then clears it.
    public func strokePath() {
        if let outline = strokeOutlineForPainting() {
            fillDeviceGeometry(outline, rule: .winding, color: state.strokeColor)
        }
        beginPath()
    }

    /// Paints the current path as `mode` says (fill first, then stroke, as Core Graphics does), then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        let geometry = devicePath.geometry
        switch mode {
        case .fill, .fillStroke: fillDeviceGeometry(geometry, rule: .winding, color: state.fillColor)
        case .eoFill, .eoFillStroke: fillDeviceGeometry(geometry, rule: .evenOdd, color: state.fillColor)
        case .stroke: break
        }
        if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke, let outline = strokeOutlineForPainting() {
            fillDeviceGeometry(outline, rule: .winding, color: state.strokeColor)
        }
        beginPath()
    }

    // MARK: Rectangles, ellipses, segments

    /// Fills `rect` (user space); the current path is cleared (Apple documents this side effect).
    public func fill(_ rect: CGRect) {
        paint(rectCoverage(rect), shader: PaintSolidColorShader(color: state.fillColor))
        beginPath()
    }

    /// Fills the union of `rects` in one pass (overlaps are painted once); clears the current path.
    public func fill(_ rects: [CGRect]) {
        let path = CGMutablePath()
        path.addRects(rects, transform: state.ctm)
        fillDeviceGeometry(path.geometry, rule: .winding, color: state.fillColor)
        beginPath()
    }

    /// Strokes the outline of `rect` with the current line width; clears the current path.
    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    /// Strokes the outline of `rect` with `width` (the graphics state's line width is left unchanged).
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.lineWidth
        state.lineWidth = Double(width)
        stroke(rect)
        state.lineWidth = saved
    }

    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes each pair of points as a separate segment (a trailing odd point is ignored), then clears the
    /// current path.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count {
            move(to: points[i])
            addLine(to: points[i + 1])
            i += 2
        }
        strokePath()
    }

    /// Makes `rect` transparent (anti-aliased edges, through the CTM and the clip; blend mode, alpha and
    /// shadow do not apply). Apple: `clear(_:)`.
    public func clear(_ rect: CGRect) {
        let mode = ContextCompositeMode(blendMode: .clear, alpha: 255, antialias: antialias, clip: state.clipMask)
        let target = currentTarget
        let shader = PaintSolidColorShader(color: .transparent)
        ContextCompositor.composite(rectCoverage(rect), shader: shader, region: clipRegion, mode: mode, target: target)
    }

    // MARK: Shared helpers

    func fillDeviceGeometry(_ geometry: PathGeometry, rule: CGPathFillRule, color: PremultipliedRGBA8) {
        if geometry.isEmpty { return }
        paint(pathCoverage(geometry, rule: rule, target: currentTarget), shader: PaintSolidColorShader(color: color))
    }

    /// Exact analytic coverage of `rect` when the CTM keeps it axis-aligned, else nil.
    func axisAlignedRectCoverage(_ rect: CGRect) -> FillRectCoverage? {
        let t = userToRaster
        guard t.b == 0, t.c == 0 else { return nil }
        return FillRectCoverage(rect: rect.standardized.applying(t))
    }

    /// The stroke outline of the current path in device space, or nil when the stroke paints nothing
    /// (singular or non-finite CTM, line width ≤ 0 or non-finite, empty path).
    func strokeOutlineInDeviceSpace() -> PathGeometry? {
        strokeOutline(ofDeviceGeometry: devicePath.geometry)
    }

    /// The stroke outline of the current path for painting it now: only the raster pixels `paint` can change
    /// (the clip's box on the target, the whole target when a shadow is cast) need to be right, so dashes that
    /// cannot reach them are dropped and a huge width is clamped (`strokeOutline(ofDeviceGeometry:paintedArea:)`).
    func strokeOutlineForPainting() -> PathGeometry? {
        let bounds = currentTarget.bounds, clipped = clipRegion.intersection(bounds)
        if clipped.isEmpty { return nil }  // paint would draw nothing
        return strokeOutline(ofDeviceGeometry: devicePath.geometry, paintedArea: state.shadow == nil ? clipped : bounds)
    }

    /// With `paintedArea` (raster pixels) the outline is exact only there: dash pieces whose outline cannot
    /// reach it are left out (PathDashCulling.swift) and a half width beyond `maximumHalfWidthReach` times the
    /// farthest distance between the path and the area is clamped to that. Every dashed stroke is bounded by
    /// `PathDashCulling.maximumOutlineVertices` (beyond it the stroke is drawn undashed).
    func strokeOutline(ofDeviceGeometry geometry: PathGeometry, paintedArea: FillPixelBounds? = nil) -> PathGeometry? {
        let m = state.ctm
        let determinant = Double(m.a * m.d - m.b * m.c)
        guard !geometry.isEmpty, determinant != 0, determinant.isFinite, Double(m.tx).isFinite, Double(m.ty).isFinite,
            state.lineWidth > 0, state.lineWidth.isFinite
        else { return nil }
        // Tolerance in user units: the flatness divided by the CTM's largest column length (its stretch bound).
        let stretch = max(Double(hypot(m.a, m.b)), Double(hypot(m.c, m.d)))
        let tolerance = max(state.flatness / stretch, PathFlattening.minimumTolerance)
        var contours = geometry.applying(m.inverted()).flattenedContours(tolerance: tolerance)
        var style = state.strokeStyle
        // The painted area in user space, one pixel wider on each side (the box of its mapped corners).
        var area: CGRect? = nil
        if let painted = paintedArea, let rasterToUser = Self.invertible(userToRaster) {
            let raster = CGRect(
                x: Double(painted.minX - 1), y: Double(painted.minY - 1), width: Double(painted.width + 2),
                height: Double(painted.height + 2))
            area = raster.applying(rasterToUser)
            if let area, let limit = Self.clampedHalfWidth(style.lineWidth / 2, contours: contours, area: area) {
                style.lineWidth = 2 * limit
            }
        }
        if !state.dashLengths.isEmpty {
            let culling = PathDashCulling(area: area, style: style, tolerance: tolerance)
            contours = PathDashing.dash(contours, phase: state.dashPhase, lengths: state.dashLengths, culling: culling)
        }
        let outline = PathStroker.outline(of: contours, style: style, tolerance: tolerance)
        return outline.isEmpty ? nil : outline.applying(m)
    }

    /// How many times the farthest path-to-area distance a painted pen's half width may be.
    static let maximumHalfWidthReach = 1024.0

    /// The half width to stroke with instead of `h`, or nil to keep it. Once h ≥ D, the farthest distance
    /// between a point of the path's box and one of the area's, every point of the area within the pen's
    /// reach of a path point is covered whatever h is: round caps, joins and dots (whose chords stay within
    /// h·cos(π/2048) ≥ D), butt and square caps, miter joins and segment sides cover the same part of the area
    /// for every h ≥ D; only bevels turning by more than 2·acos(1/1024) ≈ 179.9° reach further with h. A
    /// clamp to 1024·D therefore keeps the picture, and keeps the outline finite: a width of 1.7e308 would
    /// overflow its miters to infinity, and the stroker's merging of points closer than h·1e-9 would collapse
    /// the whole path.
    static func clampedHalfWidth(_ h: Double, contours: [FlattenedPathContour], area: CGRect) -> Double? {
        var low = SIMD2<Double>(.infinity, .infinity), high = -low
        for contour in contours {
            for p in contour.points {
                low = pointwiseMin(low, p)
                high = pointwiseMax(high, p)
            }
        }
        guard low.x <= high.x, low.y <= high.y, !area.isNull else { return nil }
        let areaLow = SIMD2(Double(area.minX), Double(area.minY)), areaHigh = SIMD2(Double(area.maxX), Double(area.maxY))
        let far = SIMD2(max(abs(areaHigh.x - low.x), abs(high.x - areaLow.x)),
                        max(abs(areaHigh.y - low.y), abs(high.y - areaLow.y)))
        let limit = Self.maximumHalfWidthReach * (far * far).sum().squareRoot()
        return limit.isFinite && limit > 0 && h > limit ? limit : nil
    }
}
