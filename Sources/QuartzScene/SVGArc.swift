// An SVG elliptical arc (endpoint parameterisation) as cubic Béziers, following SVG 1.1 Appendix F.6:
// out-of-range radii are scaled up (F.6.6), zero radii give a straight line (F.6.2), and the centre form
// (F.6.5) is split into segments of at most 90° approximated with the 4/3·tan(Δ/4) handle length.
import Foundation
import QuartzRaster

struct SVGArc {
    let start: CGPoint
    let end: CGPoint
    let rx: Double
    let ry: Double
    let phi: Double
    let largeArc: Bool
    let sweep: Bool

    init(from start: CGPoint, to end: CGPoint, rx: Double, ry: Double, xAxisRotationDegrees: Double, largeArc: Bool, sweep: Bool) {
        self.start = start
        self.end = end
        self.rx = abs(rx)
        self.ry = abs(ry)
        phi = xAxisRotationDegrees.truncatingRemainder(dividingBy: 360) * Double.pi / 180
        self.largeArc = largeArc
        self.sweep = sweep
    }

    func append(to path: CGMutablePath) {
        // F.6.2: identical endpoints draw nothing; a zero radius draws a line.
        if start == end { return }
        if rx == 0 || ry == 0 {
            path.addLine(to: end)
            return
        }
        let cosPhi = cos(phi), sinPhi = sin(phi)
        // F.6.5.1: the midpoint in the ellipse's rotated frame.
        let dx = (Double(start.x) - Double(end.x)) / 2, dy = (Double(start.y) - Double(end.y)) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        var rx = self.rx, ry = self.ry
        // F.6.6: radii too small for the endpoints are scaled up uniformly.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let scale = lambda.squareRoot()
            rx *= scale
            ry *= scale
        }
        // F.6.5.2: the centre in the rotated frame.
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coefficient = (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { coefficient = -coefficient }
        let cxPrime = coefficient * rx * y1 / ry
        let cyPrime = -coefficient * ry * x1 / rx
        // F.6.5.3: the centre in user space.
        let cx = cosPhi * cxPrime - sinPhi * cyPrime + (Double(start.x) + Double(end.x)) / 2
        let cy = sinPhi * cxPrime + cosPhi * cyPrime + (Double(start.y) + Double(end.y)) / 2
        // F.6.5.5–6: start angle and sweep.
        let theta1 = atan2((y1 - cyPrime) / ry, (x1 - cxPrime) / rx)
        var delta = atan2((-y1 - cyPrime) / ry, (-x1 - cxPrime) / rx) - theta1
        if sweep && delta < 0 { delta += 2 * Double.pi }
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        let segments = max(1, Int((abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(segments)
        let handle = 4.0 / 3.0 * tan(step / 4)
        func point(_ angle: Double, _ scale: Double = 1, derivative: Bool = false) -> (Double, Double) {
            // A point (or scaled tangent) on the ellipse at parametric angle `angle`.
            let ux = derivative ? -sin(angle) : cos(angle), uy = derivative ? cos(angle) : sin(angle)
            let ex = rx * ux * scale, ey = ry * uy * scale
            return (cosPhi * ex - sinPhi * ey, sinPhi * ex + cosPhi * ey)
        }
        var angle = theta1
        for index in 0..<segments {
            let next = angle + step
            let (ax, ay) = point(angle), (bx, by) = point(next)
            let (tax, tay) = point(angle, handle, derivative: true), (tbx, tby) = point(next, handle, derivative: true)
            let p0 = CGPoint(x: cx + ax, y: cy + ay)
            let p3 = index == segments - 1 ? end : CGPoint(x: cx + bx, y: cy + by)
            path.addCurve(
                to: p3, control1: CGPoint(x: Double(p0.x) + tax, y: Double(p0.y) + tay),
                control2: CGPoint(x: cx + bx - tbx, y: cy + by - tby))
            angle = next
        }
    }
}
