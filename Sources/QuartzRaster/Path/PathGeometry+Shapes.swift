// Rectangles, ellipses, rounded rectangles and circular arcs as Core Graphics builds them: cubic Bézier
// pieces of at most 90° each, control distance k = 4/3·tan(θ/4) of the radius per piece of angle θ.
//
// Coordinate space: the caller's user space; `transform` maps the finished shape into the path's space
// (affine maps carry Bézier control points exactly). Angles in radians from +x, positive towards +y:
// Apple's "counter-clockwise" in a y-up space, which looks clockwise on a y-down screen.
import Foundation
import QuartzMath

extension PathGeometry {
    /// Core Graphics' element order for `addRect`: move (minX, minY), lines to (maxX, minY), (maxX, maxY),
    /// (minX, maxY), close. Non-finite or null rectangles are skipped.
    mutating func appendRect(_ rect: CGRect, transform: CGAffineTransform) {
        guard let r = Self.finiteStandardized(rect) else { return }
        move(to: CGPoint(x: r.minX, y: r.minY).applying(transform))
        addLine(to: CGPoint(x: r.maxX, y: r.minY).applying(transform))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY).applying(transform))
        addLine(to: CGPoint(x: r.minX, y: r.maxY).applying(transform))
        closeSubpath()
    }

    /// Four quarter-ellipse cubics from the right-most point (maxX, midY) through (midX, maxY), (minX, midY),
    /// (midX, minY) and back, then close (element order checked against Core Graphics output).
    mutating func appendEllipse(in rect: CGRect, transform: CGAffineTransform) {
        guard let r = Self.finiteStandardized(rect) else { return }
        let rx = r.width / 2, ry = r.height / 2
        let center = CGPoint(x: r.midX, y: r.midY)
        appendEllipticArc(center: center, rx: rx, ry: ry, startAngle: 0, sweep: 2 * .pi, transform: transform, join: .move)
        closeSubpath()
    }

    /// Core Graphics' rounded-rectangle order: move (maxX, midY); line up to (maxX, maxY − ch); corner cubic
    /// to (maxX − cw, maxY); line to (minX + cw, maxY); corner to (minX, maxY − ch); line to (minX, minY + ch);
    /// corner to (minX + cw, minY); line to (maxX − cw, minY); corner to (maxX, minY + ch); close.
    /// Apple requires 0 ≤ 2·cornerWidth ≤ width (and likewise for heights); here out-of-range corners are
    /// clamped into that range, and a zero (or negative) corner size gives a plain rectangle.
    mutating func appendRoundedRect(_ rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform) {
        guard let r = Self.finiteStandardized(rect) else { return }
        guard cornerWidth.isFinite, cornerHeight.isFinite, cornerWidth > 0, cornerHeight > 0 else {
            appendRect(r, transform: transform)
            return
        }
        let cw = min(cornerWidth, r.width / 2), ch = min(cornerHeight, r.height / 2)
        if cw <= 0 || ch <= 0 {
            appendRect(r, transform: transform)
            return
        }
        move(to: CGPoint(x: r.maxX, y: r.midY).applying(transform))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ch).applying(transform))
        appendEllipticArc(
            center: CGPoint(x: r.maxX - cw, y: r.maxY - ch), rx: cw, ry: ch, startAngle: 0, sweep: .pi / 2,
            transform: transform, join: .none)
        addLine(to: CGPoint(x: r.minX + cw, y: r.maxY).applying(transform))
        appendEllipticArc(
            center: CGPoint(x: r.minX + cw, y: r.maxY - ch), rx: cw, ry: ch, startAngle: .pi / 2, sweep: .pi / 2,
            transform: transform, join: .none)
        addLine(to: CGPoint(x: r.minX, y: r.minY + ch).applying(transform))
        appendEllipticArc(
            center: CGPoint(x: r.minX + cw, y: r.minY + ch), rx: cw, ry: ch, startAngle: .pi, sweep: .pi / 2,
            transform: transform, join: .none)
        addLine(to: CGPoint(x: r.maxX - cw, y: r.minY).applying(transform))
        appendEllipticArc(
            center: CGPoint(x: r.maxX - cw, y: r.minY + ch), rx: cw, ry: ch, startAngle: 3 * .pi / 2, sweep: .pi / 2,
            transform: transform, join: .none)
        closeSubpath()
    }

    /// How an arc connects to what precedes it.
    enum ArcJoin {
        /// Start a new subpath at the arc's first point.
        case move
        /// A line from the current point to the arc's first point (a move when there is no open subpath);
        /// no line when the current point already is that point.
        case line
        /// Nothing: the caller guarantees the current point is the arc's first point.
        case none
    }

    /// Appends an axis-aligned elliptic arc as cubic pieces of equal angle, each at most 90°.
    /// `sweep` is signed (positive towards +y from +x); its size must already be bounded by the caller.
    /// A non-finite start angle or sweep adds nothing and leaves the current point as it was.
    mutating func appendEllipticArc(
        center: CGPoint, rx: CGFloat, ry: CGFloat, startAngle: CGFloat, sweep: CGFloat,
        transform t: CGAffineTransform, join: ArcJoin
    ) {
        // No arc exists for such input (Core Graphics ignores non-finite angles), and the piece count needs a finite sweep.
        guard startAngle.isFinite, sweep.isFinite else { return }
        func point(_ angle: Double) -> CGPoint {
            CGPoint(x: center.x + rx * cos(angle), y: center.y + ry * sin(angle))
        }
        let first = point(startAngle).applying(t)
        switch join {
        case .move:
            move(to: first)
        case .line:
            if currentPoint == nil || elementTypes.last == .closeSubpath {
                move(to: first)
            } else if currentPoint != first {
                addLine(to: first)
            }
        case .none:
            break
        }
        guard sweep != 0 else { return }
        // Equal pieces of at most 90° (the tiny slack keeps exact quarter turns at one piece each).
        let pieces = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        for i in 0..<pieces {
            let a0 = startAngle + step * Double(i)
            // The last piece ends exactly at start + sweep, whatever the rounding of the sum of steps.
            let a1 = i == pieces - 1 ? startAngle + sweep : a0 + step
            let (s0, c0) = (sin(a0), cos(a0)), (s1, c1) = (sin(a1), cos(a1))
            let control1 = CGPoint(x: center.x + rx * (c0 - k * s0), y: center.y + ry * (s0 + k * c0))
            let control2 = CGPoint(x: center.x + rx * (c1 + k * s1), y: center.y + ry * (s1 - k * c1))
            let end = CGPoint(x: center.x + rx * c1, y: center.y + ry * s1)
            addCurve(to: end.applying(t), control1: control1.applying(t), control2: control2.applying(t))
        }
    }

    /// A finite rectangle with non-negative size, or nil for null/non-finite input.
    static func finiteStandardized(_ rect: CGRect) -> CGRect? {
        guard !rect.isNull, rect.origin.x.isFinite, rect.origin.y.isFinite,
            rect.size.width.isFinite, rect.size.height.isFinite
        else { return nil }
        return rect.standardized
    }
}
