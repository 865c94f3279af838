// Building the context's current path. As in Core Graphics, points are mapped through the CTM when they are
// added, so the path lives in device space and later CTM changes do not move it; reading it back
// (`path`, `currentPointOfPath`, `boundingBoxOfPath`) maps it into the current user space.
// The path is not part of the graphics state: save/restore leave it alone.
import Foundation
import QuartzMath

extension CGContext {
    /// Discards the current path (Apple: `beginPath()`).
    public func beginPath() {
        devicePath = CGMutablePath()
    }

    public func move(to point: CGPoint) {
        devicePath.move(to: point, transform: state.ctm)
    }

    /// Ignored without a current point.
    public func addLine(to point: CGPoint) {
        devicePath.addLine(to: point, transform: state.ctm)
    }

    public func addLines(between points: [CGPoint]) {
        devicePath.addLines(between: points, transform: state.ctm)
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        devicePath.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        devicePath.addQuadCurve(to: end, control: control, transform: state.ctm)
    }

    /// A circular arc; `clockwise` in the y-up user space (CGMutablePath's rules for sweeps and bad input).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        devicePath.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
            transform: state.ctm)
    }

    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        devicePath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: state.ctm)
    }

    public func addRect(_ rect: CGRect) {
        devicePath.addRect(rect, transform: state.ctm)
    }

    public func addRects(_ rects: [CGRect]) {
        devicePath.addRects(rects, transform: state.ctm)
    }

    public func addEllipse(in rect: CGRect) {
        devicePath.addEllipse(in: rect, transform: state.ctm)
    }

    /// Appends `path` (given in user space) to the current path.
    public func addPath(_ path: CGPath) {
        devicePath.addPath(path, transform: state.ctm)
    }

    /// Closes the current subpath (Apple: `closePath()`).
    public func closePath() {
        devicePath.closeSubpath()
    }

    /// Apple: `isPathEmpty`.
    public var isPathEmpty: Bool { devicePath.isEmpty }

    /// The current point in user space; `.zero` when there is none (Apple returns CGPointZero).
    public var currentPointOfPath: CGPoint {
        guard let point = devicePath.geometry.currentPoint else { return .zero }
        return point.applying(state.ctm.inverted())
    }

    /// The bounding box of the current path (control points included) in user space; `.null` when empty.
    public var boundingBoxOfPath: CGRect {
        if devicePath.isEmpty { return .null }
        return devicePath.geometry.applying(state.ctm.inverted()).controlPointBounds
    }

    /// A copy of the current path in user space, nil when empty (Apple: `path`).
    public var path: CGPath? {
        if devicePath.isEmpty { return nil }
        return CGPath(devicePath.geometry.applying(state.ctm.inverted()))
    }

    /// Whether `point` (user space) is inside the current path under `mode`'s fill rule, or on its stroke for
    /// the stroke modes (Apple: `pathContains(_:mode:)`).
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        let device = point.applying(state.ctm)
        switch mode {
        case .fill: return devicePath.geometry.contains(device, using: .winding)
        case .eoFill: return devicePath.geometry.contains(device, using: .evenOdd)
        case .stroke, .fillStroke, .eoFillStroke:
            if mode == .fillStroke, devicePath.geometry.contains(device, using: .winding) { return true }
            if mode == .eoFillStroke, devicePath.geometry.contains(device, using: .evenOdd) { return true }
            guard let outline = strokeOutlineInDeviceSpace() else { return false }
            return outline.contains(device, using: .winding)
        }
    }

    /// Apple: `replacePathWithStrokedPath()`: the current path becomes the outline its stroke would paint.
    public func replacePathWithStrokedPath() {
        guard let outline = strokeOutlineInDeviceSpace() else {
            beginPath()
            return
        }
        devicePath = CGMutablePath()
        devicePath.addPath(CGPath(outline))
    }
}
