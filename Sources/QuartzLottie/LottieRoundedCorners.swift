// Lottie's rounded corners (`rd`, lottie-docs "Rounded Corners"): every sharp vertex of the paths before it
// (one whose arriving and leaving segments have no handle at it: straight lines, or curves with a zero
// tangent there) is replaced by two vertices, each at min(radius, half the neighbouring segment) from the
// corner along its segment, joined by a cubic whose handles reach 0.5519 of the way back to the corner (the
// circle constant the players use). Smooth vertices and the ends of open paths stay as they are.
import Foundation
import QuartzMath
import QuartzRaster

enum LottieRoundedCorners {
    /// The handle length as a share of the distance from a new vertex to the corner.
    static let handle = 0.5519

    /// One subpath as vertices with the handles arriving at and leaving each (equal to the vertex when none).
    struct Contour {
        var vertices: [CGPoint] = []
        var arriving: [CGPoint] = []
        var leaving: [CGPoint] = []
        var closed = false
    }

    static func rounded(_ path: CGPath, radius: Double) -> CGPath {
        guard radius.isFinite, radius > 0 else { return path }
        let out = CGMutablePath()
        for contour in contours(of: path.geometry) { append(round(contour, radius: radius), to: out) }
        return out
    }

    static func contours(of geometry: PathGeometry) -> [Contour] {
        var result: [Contour] = []
        var current = Contour()
        func finish(closed: Bool) {
            guard !current.vertices.isEmpty else { return }
            current.closed = closed
            // A closing segment that ends on the first vertex: that vertex arrives by it.
            if closed, current.vertices.count > 1, current.vertices[current.vertices.count - 1] == current.vertices[0] {
                current.arriving[0] = current.arriving.removeLast()
                current.vertices.removeLast()
                current.leaving.removeLast()
            }
            result.append(current)
            current = Contour()
        }
        func add(_ point: CGPoint, arriving: CGPoint, leavingPrevious: CGPoint?) {
            if let leavingPrevious, !current.leaving.isEmpty { current.leaving[current.leaving.count - 1] = leavingPrevious }
            current.vertices.append(point)
            current.arriving.append(arriving)
            current.leaving.append(point)
        }
        for element in geometry.elements {
            switch element {
            case .moveTo(let p):
                finish(closed: false)
                add(p, arriving: p, leavingPrevious: nil)
            case .lineTo(let p):
                add(p, arriving: p, leavingPrevious: nil)
            case .quadCurveTo(let c, let p):
                // As the cubic with the same curve.
                let start = current.vertices.last ?? p
                let c1 = CGPoint(x: start.x + (c.x - start.x) * 2 / 3, y: start.y + (c.y - start.y) * 2 / 3)
                let c2 = CGPoint(x: p.x + (c.x - p.x) * 2 / 3, y: p.y + (c.y - p.y) * 2 / 3)
                add(p, arriving: c2, leavingPrevious: c1)
            case .curveTo(let c1, let c2, let p):
                add(p, arriving: c2, leavingPrevious: c1)
            case .closeSubpath:
                finish(closed: true)
            }
        }
        finish(closed: false)
        return result
    }

    static func round(_ contour: Contour, radius: Double) -> Contour {
        let n = contour.vertices.count
        guard n >= 3 || (n >= 2 && !contour.closed) else { return contour }
        var out = Contour()
        out.closed = contour.closed
        for i in 0..<n {
            let v = contour.vertices[i]
            let hasNeighbours = contour.closed || (i > 0 && i < n - 1)
            guard hasNeighbours, contour.arriving[i] == v, contour.leaving[i] == v else {
                out.vertices.append(v); out.arriving.append(contour.arriving[i]); out.leaving.append(contour.leaving[i])
                continue
            }
            let previous = contour.vertices[(i + n - 1) % n], next = contour.vertices[(i + 1) % n]
            func toward(_ other: CGPoint) -> CGPoint {
                let dx = Double(other.x - v.x), dy = Double(other.y - v.y)
                let distance = (dx * dx + dy * dy).squareRoot()
                let share = distance > 0 ? min(distance / 2, radius) / distance : 0
                return CGPoint(x: Double(v.x) + dx * share, y: Double(v.y) + dy * share)
            }
            func handle(from point: CGPoint) -> CGPoint {
                let x: Double = Double(point.x) + Double(v.x - point.x) * Self.handle
                let y: Double = Double(point.y) + Double(v.y - point.y) * Self.handle
                return CGPoint(x: x, y: y)
            }
            let a = toward(previous), b = toward(next)
            out.vertices.append(a); out.arriving.append(a); out.leaving.append(handle(from: a))
            out.vertices.append(b); out.arriving.append(handle(from: b)); out.leaving.append(b)
        }
        return out
    }

    static func append(_ contour: Contour, to path: CGMutablePath) {
        let n = contour.vertices.count
        guard n > 0 else { return }
        path.move(to: contour.vertices[0])
        func segment(_ i: Int, _ j: Int) {
            let c1 = contour.leaving[i], c2 = contour.arriving[j], end = contour.vertices[j]
            if c1 == contour.vertices[i] && c2 == end { path.addLine(to: end) } else { path.addCurve(to: end, control1: c1, control2: c2) }
        }
        for i in 0..<(n - 1) { segment(i, i + 1) }
        if contour.closed {
            segment(n - 1, 0)
            path.closeSubpath()
        }
    }
}
