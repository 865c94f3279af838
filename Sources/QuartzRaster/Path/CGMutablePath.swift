// Apple's `CGMutablePath`: the building methods, each with a `transform` applied to the new geometry before
// it is added (default `.identity`), exactly as Core Graphics' Swift overlay spells them.
//
// Coordinate space: user space; angles in radians from +x towards +y. `clockwise` is Core Graphics' y-up
// sense: `clockwise: false` means increasing angles, which looks clockwise on a y-down screen.
import Foundation
import QuartzMath

/// A mutable graphics path (Apple's `CGMutablePath`).
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public init() {
        super.init(geometry: PathGeometry())
    }

    init(copying geometry: PathGeometry) {
        super.init(geometry: geometry)
    }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        storage.move(to: point.applying(transform))
    }

    /// Ignored when the path has no current point (Core Graphics logs and ignores it too).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        storage.addLine(to: point.applying(transform))
    }

    /// A move to the first point, then lines through the rest (nothing for an empty array).
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        storage.move(to: first.applying(transform))
        for p in points.dropFirst() { storage.addLine(to: p.applying(transform)) }
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        storage.addQuadCurve(to: end.applying(transform), control: control.applying(transform))
    }

    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        storage.addCurve(
            to: end.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform))
    }

    public func closeSubpath() {
        storage.closeSubpath()
    }

    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        storage.appendRect(rect, transform: transform)
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { storage.appendRect(rect, transform: transform) }
    }

    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        storage.appendRoundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform)
    }

    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        storage.appendEllipse(in: rect, transform: transform)
    }

    /// Appends all of `path`'s elements, each point mapped through `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        storage.append(path.storage, transform: transform)
    }

    /// A circular arc from `startAngle` to `endAngle`, preceded by a line from the current point to the arc's
    /// start (a move when the path is empty). `clockwise: false` sweeps towards increasing angles.
    /// A negative or non-finite radius or angle is ignored; radius 0 adds a line to the centre.
    /// The sweep follows `arcSweep(from:to:clockwise:)`.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        guard radius >= 0, radius.isFinite, startAngle.isFinite, endAngle.isFinite,
            center.x.isFinite, center.y.isFinite
        else { return }
        let sweep = radius == 0 ? 0 : arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)
        storage.appendEllipticArc(
            center: center, rx: radius, ry: radius, startAngle: startAngle, sweep: sweep, transform: transform,
            join: .line)
    }

    /// A circular arc of signed angle `delta` from `startAngle` (positive `delta` sweeps towards increasing
    /// angles: counter-clockwise in Core Graphics' y-up sense), preceded by a line from the current point.
    /// Sweeps beyond 16 full turns are clamped to 16 turns so absurd input stays bounded.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        guard radius >= 0, radius.isFinite, startAngle.isFinite, delta.isFinite,
            center.x.isFinite, center.y.isFinite
        else { return }
        let limit = 32 * Double.pi
        let sweep = radius == 0 ? 0 : min(max(delta, -limit), limit)
        storage.appendEllipticArc(
            center: center, radius: radius, startAngle: startAngle, sweep: sweep, transform: transform)
    }

    /// Core Graphics' `addArc(tangent1End:tangent2End:radius:)`: a line from the current point to where a
    /// circle of `radius` touches the line current→tangent1End, then the shorter arc to where it touches
    /// tangent1End→tangent2End. Degenerate input (no current point is ignored; collinear points, equal
    /// points, radius 0 or a radius whose construction overflows give a line to `tangent1End`).
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard let current = storage.currentPoint else { return }
        guard radius.isFinite, radius >= 0, tangent1End.x.isFinite, tangent1End.y.isFinite,
            tangent2End.x.isFinite, tangent2End.y.isFinite
        else { return }
        // Work in user space: the current point is in path space, so map it back through the inverse.
        let determinant = transform.a * transform.d - transform.b * transform.c
        guard determinant != 0, determinant.isFinite else {
            storage.addLine(to: tangent1End.applying(transform))
            return
        }
        let p0 = SIMD2(pathPoint: current.applying(transform.inverted()))
        let p1 = SIMD2(pathPoint: tangent1End), p2 = SIMD2(pathPoint: tangent2End)
        let u = p0 - p1, v = p2 - p1
        let lu = (u * u).sum().squareRoot(), lv = (v * v).sum().squareRoot()
        let cross = u.x * v.y - u.y * v.x
        guard radius > 0, lu > 0, lv > 0, abs(cross) > 1e-12 * lu * lv else {
            storage.addLine(to: tangent1End.applying(transform))
            return
        }
        let ud = u / lu, vd = v / lv
        let cosPhi = max(-1, min(1, (ud * vd).sum()))
        let halfPhi = acos(cosPhi) / 2  // half the angle between the two tangent lines at p1
        let distance = radius / tan(halfPhi)
        let t1 = p1 + ud * distance, t2 = p1 + vd * distance
        let bisector = (ud + vd) / ((ud + vd) * (ud + vd)).sum().squareRoot()
        let center = p1 + bisector * (radius / sin(halfPhi))
        let a0 = atan2(t1.y - center.y, t1.x - center.x)
        var sweep = atan2(t2.y - center.y, t2.x - center.x) - a0
        // The shorter way round (always below 180° for a tangent arc).
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        // A radius so large that the tangent points or the centre overflow has no arc to draw: degenerate.
        guard t1.x.isFinite, t1.y.isFinite, center.x.isFinite, center.y.isFinite, a0.isFinite, sweep.isFinite else {
            storage.addLine(to: tangent1End.applying(transform))
            return
        }
        storage.addLine(to: CGPoint(x: t1.x, y: t1.y).applying(transform))
        storage.appendEllipticArc(
            center: CGPoint(x: center.x, y: center.y), rx: radius, ry: radius, startAngle: a0, sweep: sweep,
            transform: transform, join: .none)
    }
}

extension PathGeometry {
    /// A circular arc joined to the path with a line (or a move when there is no open subpath).
    mutating func appendEllipticArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, sweep: CGFloat, transform: CGAffineTransform
    ) {
        appendEllipticArc(
            center: center, rx: radius, ry: radius, startAngle: startAngle, sweep: sweep, transform: transform,
            join: .line)
    }
}

/// The signed sweep of Core Graphics' `addArc(center:radius:startAngle:endAngle:clockwise:)`, towards
/// increasing angles unless `clockwise`; its magnitude is at most one turn.
/// - Equal angles sweep nothing.
/// - A difference of at least one turn in the requested direction sweeps one full turn.
/// - Otherwise the sweep runs the requested way round to the end angle: a difference `d` the other way
///   sweeps `2π − (|d| mod 2π)`, so a whole number of turns the other way is a full circle too.
/// Apple documents none of this. The full circle for `0…2π` in either direction is what every iOS loader
/// and `CGContextAddArc(ctx, x, y, r, 0, 2 * M_PI, YES)` relies on; WebKit's canvas, which long drew
/// through Core Graphics, keeps the same "wrong-direction whole turn is a full circle" rule for backward
/// compatibility, and reference-platform path dumps (sweep −1.25π for `1.25π → 0` clockwise) agree with
/// the partial-sweep rule.
/// Finite angles whose difference overflows follow the same rule: an overflow to +∞ is more than a turn the
/// requested way (a full turn), one to −∞ takes the remainder from the angles reduced modulo 2π first.
func arcSweep(from startAngle: Double, to endAngle: Double, clockwise: Bool) -> Double {
    let fullTurn = 2 * Double.pi
    let forward = clockwise ? startAngle - endAngle : endAngle - startAngle
    let magnitude: Double
    if forward >= fullTurn {
        magnitude = fullTurn
    } else if forward >= 0 {
        magnitude = forward
    } else if forward.isFinite {
        magnitude = fullTurn - (-forward).truncatingRemainder(dividingBy: fullTurn)
    } else {
        // −forward overflowed (∞ mod 2π is NaN); the exact fmod of each angle keeps the remainder defined.
        let (from, to) = clockwise ? (endAngle, startAngle) : (startAngle, endAngle)
        let back = pathPositiveRemainder(
            pathPositiveRemainder(from, fullTurn) - pathPositiveRemainder(to, fullTurn), fullTurn)
        magnitude = fullTurn - back
    }
    return clockwise ? -magnitude : magnitude
}

/// `value` modulo `modulus` in [0, modulus).
func pathPositiveRemainder(_ value: Double, _ modulus: Double) -> Double {
    let r = value.truncatingRemainder(dividingBy: modulus)
    return r < 0 ? r + modulus : r
}

extension SIMD2 where Scalar == Double {
    /// The point as a SIMD pair.
    init(pathPoint p: CGPoint) { self.init(p.x, p.y) }
}
