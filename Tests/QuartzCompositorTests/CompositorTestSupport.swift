// Shared helpers for the compositor tests: scene builders and analytic references (exact polygon-pixel
// area), independent of the code under test.
import Foundation
import QuartzMath
import QuartzRaster
@testable import QuartzCompositor

enum TestColors {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
}

func solidItem(
    _ rect: CGRect, _ color: CGColor, transform: CATransform3D = CATransform3DIdentity, radius: Double = 0,
    opacity: Double = 1, doubleSided: Bool = true
) -> RenderNode {
    .item(RenderItem(transform: transform, content: .solid(RenderRoundedRect(rect: rect, cornerRadius: radius), color: color),
                     opacity: opacity, isDoubleSided: doubleSided))
}

func render(_ nodes: [RenderNode], width: Int = 100, height: Int = 100, threads: Int = 1, tileSize: Int = 64) -> PremultipliedRGBA8Bitmap {
    (try? Compositor.render(RenderList(nodes), width: width, height: height,
                            options: CompositorOptions(threads: threads, tileSize: tileSize)))
        ?? PremultipliedRGBA8Bitmap(width: 0, height: 0)
}

/// A premultiplied RGBA8 bitmap image from a closure of straight colours.
func makeImage(width: Int, height: Int, _ color: (Int, Int) -> PremultipliedRGBA8) -> CGImage {
    var bitmap = PremultipliedRGBA8Bitmap(width: width, height: height)
    for y in 0..<height { for x in 0..<width { bitmap[x, y] = color(x, y) } }
    return CGImage(bitmap: bitmap)
}

let opaqueRed = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
let opaqueGreen = PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255)
let opaqueBlue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
let opaqueBlack = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
let opaqueWhite = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)

/// Exact area of the convex or simple polygon `points` inside pixel (x, y) (Sutherland–Hodgman against the
/// pixel's four sides, then the shoelace formula).
func polygonPixelCoverage(_ points: [SIMD2<Double>], x: Int, y: Int) -> Double {
    var poly = points
    let x0 = Double(x), x1 = Double(x + 1), y0 = Double(y), y1 = Double(y + 1)
    func clip(_ inside: (SIMD2<Double>) -> Bool, _ cross: (SIMD2<Double>, SIMD2<Double>) -> SIMD2<Double>) {
        guard !poly.isEmpty else { return }
        var out: [SIMD2<Double>] = []
        var prev = poly[poly.count - 1]
        for p in poly {
            if inside(p) {
                if !inside(prev) { out.append(cross(prev, p)) }
                out.append(p)
            } else if inside(prev) {
                out.append(cross(prev, p))
            }
            prev = p
        }
        poly = out
    }
    func atX(_ v: Double) -> (SIMD2<Double>, SIMD2<Double>) -> SIMD2<Double> {
        { a, b in let t = (v - a.x) / (b.x - a.x); return SIMD2(v, a.y + (b.y - a.y) * t) }
    }
    func atY(_ v: Double) -> (SIMD2<Double>, SIMD2<Double>) -> SIMD2<Double> {
        { a, b in let t = (v - a.y) / (b.y - a.y); return SIMD2(a.x + (b.x - a.x) * t, v) }
    }
    clip({ $0.x >= x0 }, atX(x0))
    clip({ $0.x <= x1 }, atX(x1))
    clip({ $0.y >= y0 }, atY(y0))
    clip({ $0.y <= y1 }, atY(y1))
    guard poly.count >= 3 else { return 0 }
    var area = 0.0
    for i in 0..<poly.count {
        let a = poly[i], b = poly[(i + 1) % poly.count]
        area += a.x * b.y - b.x * a.y
    }
    return abs(area) / 2
}

/// The largest difference between each pixel's alpha and 255 × the polygon's exact coverage.
func maximumAlphaError(_ bitmap: PremultipliedRGBA8Bitmap, polygon: [SIMD2<Double>]) -> Int {
    var worst = 0
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width {
            let expected = Int((polygonPixelCoverage(polygon, x: x, y: y) * 255).rounded())
            worst = max(worst, abs(Int(bitmap[x, y].a) - expected))
        }
    }
    return worst
}

/// The 2-D device image of a local point under a row-vector 4x4 (nil behind the eye).
func project(_ m: CATransform3D, _ x: Double, _ y: Double) -> SIMD2<Double>? {
    m.projectedPoint(CGPoint(x: x, y: y)).map { SIMD2(Double($0.x), Double($0.y)) }
}

/// Spec §9.4's scene: a 100×100 layer at position (150, 150), anchorPoint (0, 0.5), rotated by `angle` about
/// y, under a root of `rootSize` with sublayerTransform.m34 = −1/500. Returns the layer's world matrix.
func perspectiveLayerWorld(angle: Double, rootSize: Double) -> CATransform3D {
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500
    let root = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: rootSize, height: rootSize),
                             position: CGPoint(x: rootSize / 2, y: rootSize / 2), sublayerTransform: perspective)
    let layer = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 150, y: 150),
                              anchorPoint: CGPoint(x: 0, y: 0.5), transform: CATransform3DMakeRotation(angle, 0, 1, 0))
    return layer.worldTransform(superlayer: root, superlayerWorld: root.frameTransform)
}
