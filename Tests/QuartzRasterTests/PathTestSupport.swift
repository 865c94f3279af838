// Helpers for the path tests: element comparison with a tolerance, a recording PolylineSink, and an
// independent nonzero-union area measure (exact per scanline, midpoint rule across scanlines).
import Foundation
import QuartzMath
@testable import QuartzRaster

/// True when two element lists have the same kinds and every point agrees within `tolerance`.
func pathElementsMatch(_ a: [PathGeometry.Element], _ b: [PathGeometry.Element], tolerance: Double = 1e-9) -> Bool {
    guard a.count == b.count else { return false }
    func close(_ p: CGPoint, _ q: CGPoint) -> Bool { abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance }
    for (x, y) in zip(a, b) {
        switch (x, y) {
        case (.moveTo(let p), .moveTo(let q)), (.lineTo(let p), .lineTo(let q)):
            if !close(p, q) { return false }
        case (.quadCurveTo(let c, let e), .quadCurveTo(let c2, let e2)):
            if !close(c, c2) || !close(e, e2) { return false }
        case (.curveTo(let c1, let c2, let e), .curveTo(let d1, let d2, let f)):
            if !close(c1, d1) || !close(c2, d2) || !close(e, f) { return false }
        case (.closeSubpath, .closeSubpath):
            continue
        default:
            return false
        }
    }
    return true
}

/// Records what a flattener sends to a PolylineSink.
struct PathRecordingSink: PolylineSink {
    var contours: [[SIMD2<Double>]] = []
    var closed: [Bool] = []
    mutating func move(to point: SIMD2<Double>) {
        contours.append([point])
        closed.append(false)
    }
    mutating func line(to point: SIMD2<Double>) { contours[contours.count - 1].append(point) }
    mutating func closeContour() { closed[closed.count - 1] = true }
    var pointCount: Int { contours.reduce(0) { $0 + $1.count } }
}

/// Feeds a FillEdgeBuilder and records the point box, as the compositor's bounds tracker does: the reference the
/// direct edge routes (PathGeometry.flatten(intoEdges:), the stroker's edge output) are compared with.
struct PathEdgeRecordingSink: PolylineSink {
    var edges: FillEdgeBuilder
    var bounds = PathOutlineDeviceBounds()
    init(clip: FillPixelBounds) { edges = FillEdgeBuilder(clip: clip) }
    mutating func move(to point: SIMD2<Double>) {
        bounds.add(point)
        edges.move(to: point)
    }
    mutating func line(to point: SIMD2<Double>) {
        bounds.add(point)
        edges.line(to: point)
    }
    mutating func closeContour() { edges.closeContour() }
}

/// Area covered by `geometry` under the nonzero rule: the outline is flattened at `tolerance`, each scanline
/// (spacing `step`) is cut exactly into winding intervals, and lengths are summed times `step`.
func pathNonzeroArea(_ geometry: PathGeometry, step: Double = 0.01, tolerance: Double = 1e-4) -> Double {
    let contours = geometry.flattenedContours(tolerance: tolerance)
    var edges: [(SIMD2<Double>, SIMD2<Double>)] = []
    for c in contours where c.points.count > 1 {
        for i in 0..<c.points.count { edges.append((c.points[i], c.points[(i + 1) % c.points.count])) }
    }
    let ys = edges.flatMap { [$0.0.y, $0.1.y] }
    guard let minY = ys.min(), let maxY = ys.max() else { return 0 }
    var area = 0.0
    var y = (minY / step).rounded(.down) * step + step / 2
    while y < maxY {
        var crossings: [(x: Double, w: Int)] = []
        for (a, b) in edges {
            if (a.y <= y) != (b.y <= y) {
                let x = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
                crossings.append((x, b.y > a.y ? 1 : -1))
            }
        }
        crossings.sort { $0.x < $1.x }
        var winding = 0
        for i in 0..<crossings.count {
            winding += crossings[i].w
            if winding != 0 && i + 1 < crossings.count { area += (crossings[i + 1].x - crossings[i].x) * step }
        }
        y += step
    }
    return area
}

/// Distance from `p` to the segment a–b.
func pathTestDistance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    let ab = b - a
    let len2 = (ab * ab).sum()
    let t = len2 > 0 ? max(0, min(1, ((p - a) * ab).sum() / len2)) : 0
    let d = p - (a + ab * t)
    return (d * d).sum().squareRoot()
}

/// A point of a cubic Bézier.
func pathTestCubic(_ p: [SIMD2<Double>], _ t: Double) -> SIMD2<Double> {
    let u = 1 - t
    return u * u * u * p[0] + 3 * u * u * t * p[1] + 3 * u * t * t * p[2] + t * t * t * p[3]
}

/// Device maps for comparing two routes of the same geometry: identity, a sheared rotation with fractional
/// offsets, a flip, one far beyond the fixed-point range and one with a NaN coefficient.
let pathTestTransforms: [CGAffineTransform] = [
    .identity,
    CGAffineTransform(a: 1.3, b: 0.4, c: -0.7, d: 1.1, tx: 20.25, ty: 9.5),
    CGAffineTransform(a: 3, b: 0, c: 0, d: -2, tx: 10, ty: 60),
    CGAffineTransform(a: 1e30, b: 0, c: 0, d: 1e30, tx: 0, ty: 0),
    CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
]
