import Foundation
@testable import QuartzRaster

/// Deterministic xorshift64* generator so test inputs are reproducible.
struct FillTestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 32) }
}

typealias FillTestPolygon = [SIMD2<Double>]

/// Feeds closed polygons (one contour each) into a fresh builder and bins them.
func fillTestCoverage(
    _ contours: [FillTestPolygon], rule: CGPathFillRule = .winding, width: Int, height: Int, tileSize: Int = 64
) -> FillPathCoverage {
    var builder = FillEdgeBuilder(clip: FillPixelBounds(width: width, height: height))
    for contour in contours {
        guard let first = contour.first else { continue }
        builder.move(to: first)
        for p in contour.dropFirst() { builder.line(to: p) }
        builder.closeContour()
    }
    return FillPathCoverage(builder: builder, fillRule: rule, tileSize: tileSize)
}

func fillTestMask(
    _ contours: [FillTestPolygon], rule: CGPathFillRule = .winding, width: Int, height: Int, tileSize: Int = 64
) -> [UInt8] {
    fillTestCoverage(contours, rule: rule, width: width, height: height, tileSize: tileSize).coverageMask()
}

/// Overlap of [a, b) with the unit interval [i, i + 1).
func fillTestOverlap(_ i: Int, _ a: Double, _ b: Double) -> Double {
    max(0, min(b, Double(i + 1)) - max(a, Double(i)))
}

/// A polygon approximating a circle with `segments` vertices on the circle (counter-clockwise in y-down).
func fillTestCircle(center: SIMD2<Double>, radius: Double, segments: Int, clockwise: Bool = false) -> FillTestPolygon {
    (0..<segments).map { k in
        let t = 2 * Double.pi * Double(k) / Double(segments) * (clockwise ? -1 : 1)
        return center + radius * SIMD2(cos(t), sin(t))
    }
}

/// A rounded rectangle as a polygon: straight sides plus corners made of Core Graphics' cubic arcs
/// (κ = 0.5522847498), each cubic flattened uniformly into `steps` lines; mapped through `transform`.
func fillTestRoundedRectPolygon(
    x: Double, y: Double, width: Double, height: Double, radius: Double,
    transform: (SIMD2<Double>) -> SIMD2<Double> = { $0 }, steps: Int = 64
) -> FillTestPolygon {
    let r = min(radius, width / 2, height / 2)
    let k = 0.5522847498 * r
    var out: FillTestPolygon = []
    func cubic(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) {
        for i in 1...steps {
            let t = Double(i) / Double(steps), u = 1 - t
            let a = u * u * u * p0 + 3 * u * u * t * p1
            let b = 3 * u * t * t * p2 + t * t * t * p3
            out.append(a + b)
        }
    }
    let x1 = x + width, y1 = y + height
    out.append(SIMD2(x + r, y))
    out.append(SIMD2(x1 - r, y))
    cubic(SIMD2(x1 - r, y), SIMD2(x1 - r + k, y), SIMD2(x1, y + r - k), SIMD2(x1, y + r))
    out.append(SIMD2(x1, y1 - r))
    cubic(SIMD2(x1, y1 - r), SIMD2(x1, y1 - r + k), SIMD2(x1 - r + k, y1), SIMD2(x1 - r, y1))
    out.append(SIMD2(x + r, y1))
    cubic(SIMD2(x + r, y1), SIMD2(x + r - k, y1), SIMD2(x, y1 - r + k), SIMD2(x, y1 - r))
    out.append(SIMD2(x, y + r))
    cubic(SIMD2(x, y + r), SIMD2(x, y + r - k), SIMD2(x + r - k, y), SIMD2(x + r, y))
    return out.map(transform)
}

/// Byte-per-channel reference of the documented source-over: s' = round(s·m/255), d' = s' + round(d·(255−s'a)/255).
func fillTestReferenceSourceOver(source: UInt32, coverage: UInt8, destination: UInt32) -> UInt32 {
    func round255(_ v: Int) -> Int { Int((Double(v) / 255).rounded()) }
    var scaled = [Int](repeating: 0, count: 4)
    for c in 0..<4 { scaled[c] = round255(Int((source >> (8 * UInt32(c))) & 0xFF) * Int(coverage)) }
    var out: UInt32 = 0
    for c in 0..<4 {
        let d = Int((destination >> (8 * UInt32(c))) & 0xFF)
        out |= UInt32(scaled[c] + round255(d * (255 - scaled[3]))) << (8 * UInt32(c))
    }
    return out
}

extension FillTestRandom {
    /// `count` draws of a rounded rect centred on the local origin (sizes from `width` and `height`, radius from
    /// `radius`) under a random linear part in ±2 (mirrored and skewed ones too) moved to `translation`;
    /// singular draws are skipped.
    mutating func affineRoundedRects(
        count: Int, width: ClosedRange<Double>, height: ClosedRange<Double>, radius: ClosedRange<Double>,
        translation: ClosedRange<Double>
    ) -> [FillAffineRoundedRect] {
        var out: [FillAffineRoundedRect] = []
        for _ in 0..<count {
            let w = uniform(width.lowerBound, width.upperBound), h = uniform(height.lowerBound, height.upperBound)
            let a = uniform(-2, 2), b = uniform(-2, 2), c = uniform(-2, 2), d = uniform(-2, 2)
            let r = uniform(radius.lowerBound, radius.upperBound)
            let tx = uniform(translation.lowerBound, translation.upperBound)
            let ty = uniform(translation.lowerBound, translation.upperBound)
            if let s = FillAffineRoundedRect(minX: -w / 2, minY: -h / 2, maxX: w / 2, maxY: h / 2, radius: r,
                                             a: a, b: b, c: c, d: d, tx: tx, ty: ty) {
                out.append(s)
            }
        }
        return out
    }
}

/// Scene b's rounded rect (120×55 px, radius 12) turned by `angle` radians about its centre, placed at (tx, ty).
func fillTestSceneBShape(angle: Double, tx: Double, ty: Double) -> FillAffineRoundedRect {
    FillAffineRoundedRect(minX: -60, minY: -27.5, maxX: 60, maxY: 27.5, radius: 12, a: cos(angle), b: sin(angle),
                          c: -sin(angle), d: cos(angle), tx: tx, ty: ty)!
}

/// `attempt()` until it gives a value, every 2 ms for at most a minute; nil when it never did. For calls on a
/// kernel tier that another test's tier switch can interrupt (SpanKernels.withKernelTierUninterrupted gives nil).
func fillRetryingForAMinute<Result>(_ attempt: () -> Result?) -> Result? {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
        if let result = attempt() { return result }
        usleep(2_000)
    }
    return nil
}
