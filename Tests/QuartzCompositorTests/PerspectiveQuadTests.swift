// Layer quads under 4x4 matrices on pixels: spec §9.4's perspective vector, §9.3's flattening vs
// CATransformLayer vector, back-face culling (§9.5 doubleSided), near-plane clipping (§9.3: "points with
// W ≤ 0 are behind the eye and must be clipped"). References are exact polygon areas per pixel; the filler
// works in 1/256-pixel fixed point with exact cell areas, so 2/255 of alpha is the tolerance (a vertex moved
// by 1/512 px changes a pixel's area by at most ~1/256, plus one rounding).
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct PerspectiveQuadTests {
    static func quad(_ m: CATransform3D, _ rect: CGRect) throws -> [SIMD2<Double>] {
        try [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)].map {
            try #require(project(m, Double($0.0), Double($0.1)))
        }
    }

    /// Spec §9.4 (400×400 root): corners (150, 100), (137.5, 75), (137.5, 200), (150, 200). The quad faces
    /// away (its x order flips), so it renders only while doubleSided.
    @Test func requestedVectorCornersOnPixels() throws {
        let world = perspectiveLayerWorld(angle: -Double.pi / 2, rootSize: 400)
        let quad = try Self.quad(world, CGRect(x: 0, y: 0, width: 100, height: 100))
        let want: [SIMD2<Double>] = [SIMD2(150, 100), SIMD2(137.5, 75), SIMD2(137.5, 200), SIMD2(150, 200)]
        for (got, w) in zip(quad, want) { #expect(abs(got.x - w.x) < 1e-9 && abs(got.y - w.y) < 1e-9) }
        let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
        let bitmap = render([solidItem(rect, TestColors.red, transform: world)], width: 220, height: 220)
        #expect(maximumAlphaError(bitmap, polygon: quad) <= 2)
        // Spot checks: inside, just outside the far (right) edge, and the corner pixel.
        #expect(bitmap[145, 150].a == 255)
        #expect(bitmap[136, 150].a == 0 && bitmap[150, 150].a == 0)
        let single = render([solidItem(rect, TestColors.red, transform: world, doubleSided: false)], width: 220, height: 220)
        #expect(single.pixels.allSatisfy { $0 == 0 })
    }

    /// The −π/4 companion: corners (150, 100), (224.1221, 83.5284), (224.1221, 200), (150, 200); front-facing.
    @Test func companionVectorFrontFacing() throws {
        let world = perspectiveLayerWorld(angle: -Double.pi / 4, rootSize: 400)
        let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
        let quad = try Self.quad(world, rect)
        let want: [SIMD2<Double>] = [SIMD2(150, 100), SIMD2(224.1221, 83.5284), SIMD2(224.1221, 200), SIMD2(150, 200)]
        // The spec lists 4 decimals.
        for (got, w) in zip(quad, want) { #expect(abs(got.x - w.x) < 1e-4 && abs(got.y - w.y) < 1e-4) }
        for doubleSided in [true, false] {
            let bitmap = render([solidItem(rect, TestColors.blue, transform: world, doubleSided: doubleSided)],
                                width: 240, height: 220)
            #expect(maximumAlphaError(bitmap, polygon: quad) <= 2)
        }
    }

    /// Spec §9.3 flattening vector: root 400×400 with m34 = −1/500, middle 200×200 centred, leaf 100×100 at
    /// (100, 100) with zPosition 100. A CALayer middle flattens the leaf to (150, 150)…(250, 250); a
    /// CATransformLayer middle keeps its depth: (137.5, 137.5)…(262.5, 262.5).
    @Test(arguments: [false, true])
    func flatteningVersusTransformLayer(middleIsTransformLayer: Bool) throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let root = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 400, height: 400), position: CGPoint(x: 200, y: 200),
                                 sublayerTransform: perspective)
        let middle = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 200, y: 200))
        let leaf = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 100, y: 100),
                                 zPosition: 100)
        let middleWorld = middle.worldTransform(superlayer: root, superlayerWorld: root.frameTransform)
        let leafWorld = leaf.worldTransform(superlayer: middle, superlayerWorld: middleWorld,
                                            superlayerFlattens: !middleIsTransformLayer)
        let (lo, hi) = middleIsTransformLayer ? (137.5, 262.5) : (150.0, 250.0)
        let polygon: [SIMD2<Double>] = [SIMD2(lo, lo), SIMD2(hi, lo), SIMD2(hi, hi), SIMD2(lo, hi)]
        let bitmap = render([solidItem(CGRect(x: 0, y: 0, width: 100, height: 100), TestColors.green, transform: leafWorld)],
                            width: 300, height: 300)
        #expect(maximumAlphaError(bitmap, polygon: polygon) <= 2)
        if middleIsTransformLayer {
            #expect(abs(Int(bitmap[137, 200].a) - 128) <= 1 && bitmap[138, 200].a == 255 && bitmap[262, 200].a >= 127)
        } else {
            #expect(bitmap[149, 200].a == 0 && bitmap[150, 200].a == 255 && bitmap[249, 249].a == 255 && bitmap[250, 250].a == 0)
        }
    }

    /// A layer 2000 wide turned −70° about y under m34 = −1/500: its right part has W < 0 (behind the eye).
    /// The render stays finite and bounded: pixels whose whole square maps (through the inverse homography, W > 0)
    /// inside the layer are covered, pixels whose square maps outside or behind are not.
    @Test func geometryCrossingTheEyePlaneIsClipped() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let root = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100),
                                 sublayerTransform: perspective)
        let layer = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 2000, height: 100), position: CGPoint(x: 100, y: 100),
                                  transform: CATransform3DMakeRotation(-70 * Double.pi / 180, 0, 1, 0))
        let world = layer.worldTransform(superlayer: root, superlayerWorld: root.frameTransform)
        let rect = CGRect(x: 0, y: 0, width: 2000, height: 100)
        #expect(world.homogeneousPoint(x: 2000, y: 0).w < 0 && world.homogeneousPoint(x: 0, y: 0).w > 0)
        let bitmap = render([solidItem(rect, TestColors.red, transform: world)], width: 200, height: 200)
        let h = CompositorProjection(world).homography
        let inverse = try #require(h.inverted())
        var covered = 0, checked = 0
        for y in 0..<200 {
            for x in 0..<200 {
                var states = Set<Bool>()
                for (cx, cy) in [(0.0, 0.0), (1, 0), (0, 1), (1, 1), (0.5, 0.5)] {
                    let local = inverse.apply(x: Double(x) + cx, y: Double(y) + cy)
                    states.insert(local.map { rect.insetBy(dx: -0.01, dy: -0.01).contains(CGPoint(x: $0.x, y: $0.y)) } ?? false)
                }
                guard states.count == 1, let inside = states.first else { continue }
                checked += 1
                if inside { covered += 1 }
                #expect(bitmap[x, y].a == (inside ? 255 : 0), "pixel (\(x), \(y))")
            }
        }
        #expect(covered > 2000 && checked > 30000)
    }

    /// Degenerate matrices draw nothing and do not trap: everything behind the eye, NaN, infinities, 1e30.
    @Test func degenerateMatricesDrawNothingSafely() {
        var behind = CATransform3DIdentity
        behind.m44 = -1
        var nan = CATransform3DIdentity
        nan.m11 = .nan
        var infinite = CATransform3DIdentity
        infinite.m41 = .infinity
        let huge = CATransform3DMakeScale(1e30, 1e30, 1)
        let rect = CGRect(x: 0, y: 0, width: 50, height: 50)
        for m in [behind, nan, infinite] {
            let bitmap = render([solidItem(rect, TestColors.red, transform: m)])
            #expect(bitmap.pixels.allSatisfy { $0 == 0 })
        }
        // 1e30 scale: the whole frame is inside the square's image.
        let full = render([solidItem(rect, TestColors.red, transform: huge)])
        #expect(full.pixels.allSatisfy { $0 == opaqueRed.packed })
        // Huge and NaN local geometry.
        let odd = render([solidItem(CGRect(x: -1e30, y: -1e30, width: 2e30, height: 2e30), TestColors.red),
                          solidItem(CGRect(x: Double.nan, y: 0, width: 10, height: 10), TestColors.blue)])
        #expect(odd.pixels.allSatisfy { $0 == opaqueRed.packed })
    }

    /// Image contents under perspective are sampled through the projective inverse: a 2×2 checkerboard's
    /// centre line (local x = 50) lands at the projection of local x = 50, not halfway between the projected
    /// edges (2.8 px away here).
    @Test func imageUnderPerspectiveIsPerspectiveCorrect() throws {
        let world = perspectiveLayerWorld(angle: -Double.pi / 4, rootSize: 400)
        let image = makeImage(width: 2, height: 2) { x, y in (x + y) % 2 == 0 ? opaqueBlack : opaqueWhite }
        let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
        let item = RenderItem(transform: world, content: .image(RenderImage(
            image: image, placement: RenderImagePlacement(localRect: rect, texelRect: CGRect(x: 0, y: 0, width: 2, height: 2)),
            minificationFilter: .nearest, magnificationFilter: .nearest)))
        let bitmap = render([.item(item)], width: 240, height: 220)
        // Row 120 (local y < 50 there): black left of the projected midline, white right of it.
        let y = 120
        let mid = try #require(project(world, 50, 20)).x  // x of local x = 50 does not depend on y
        let naive = (150 + 224.1221) / 2
        #expect(abs(mid - naive) > 2)
        let left = Int(mid.rounded(.down)) - 1, right = Int(mid.rounded(.up)) + 1
        #expect(bitmap[left, y] == opaqueBlack && bitmap[left - 10, y] == opaqueBlack)
        #expect(bitmap[right, y] == opaqueWhite && bitmap[right + 10, y] == opaqueWhite)
        // Row 180 (local y > 50): the checkerboard alternates.
        #expect(bitmap[left, 180] == opaqueWhite && bitmap[right, 180] == opaqueBlack)
    }
}
