import Foundation
import Testing
import QuartzMath
import QuartzTestSupport

/// Layer → superlayer matrices, world accumulation, flattening and projection (spec §9.2–9.4).
@Suite struct LayerGeometryTests {
    /// `CALayer` with `setBounds:` (0, 0, w, h) and `setPosition:`, as GS-tests conversion.m builds them.
    static func layer(_ w: Double, _ h: Double, at x: Double, _ y: Double, transform: CATransform3D = CATransform3DIdentity,
                      sublayerTransform: CATransform3D = CATransform3DIdentity) -> LayerGeometry {
        LayerGeometry(bounds: CGRect(x: 0, y: 0, width: w, height: h), position: CGPoint(x: x, y: y),
                      transform: transform, sublayerTransform: sublayerTransform)
    }

    /// World matrices down a chain of layers, root first (spec §9.3): World(root) = T(−A)·transform·T(P).
    static func world(_ chain: [LayerGeometry], flattening: Bool = true) -> CATransform3D {
        var w = chain[0].frameTransform
        for i in 1..<chain.count {
            w = chain[i].worldTransform(superlayer: chain[i - 1], superlayerWorld: w, superlayerFlattens: flattening)
        }
        return w
    }

    /// `convertPoint:toLayer:` between the last layers of two chains: into the common space, then back out.
    static func convert(_ p: CGPoint, from a: [LayerGeometry], to b: [LayerGeometry]) -> CGPoint? {
        CATransform3DConcat(world(a), CATransform3DInvert(world(b))).projectedPoint(p)
    }

    static func expectPoint(_ got: CGPoint?, _ x: Double, _ y: Double, tolerance: Double = 1e-12, _ context: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        guard let got else { Issue.record("\(context): no point", sourceLocation: sourceLocation); return }
        expectClose(got.x, x, tolerance: tolerance, "\(context) x", sourceLocation: sourceLocation)
        expectClose(got.y, y, tolerance: tolerance, "\(context) y", sourceLocation: sourceLocation)
    }

    static let parent = layer(200, 200, at: 100, 100)
    static let child = layer(50, 50, at: 100, 50)

    // The remaining Apple-run GS-tests conversion.m cases (spec §9.2).
    @Test func appleConversionCases() throws {
        let c = Self.child, p = Self.parent
        Self.expectPoint(Self.convert(CGPoint(x: 50, y: 50), from: [p, c], to: [p]), 125, 75, "far corner")
        Self.expectPoint(Self.convert(.zero, from: [p], to: [p, c]), -75, -25, "parent origin in child")
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
        #expect(c.transform(toSuperlayer: p).projectedBoundingBox(of: rect) == CGRect(x: 75, y: 25, width: 10, height: 20))
        #expect(CATransform3DInvert(c.transform(toSuperlayer: p)).projectedBoundingBox(of: rect)
            == CGRect(x: -75, y: -25, width: 10, height: 20))
        Self.expectPoint(Self.convert(CGPoint(x: 3, y: 4), from: [c], to: [c]), 3, 4, "to itself")

        // "a bounds origin on the parent leaves the conversion alone"
        let scrolled = LayerGeometry(bounds: CGRect(x: 10, y: 20, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
        Self.expectPoint(c.transform(toSuperlayer: scrolled).projectedPoint(.zero), 75, 25, "parent bounds origin")

        // "a scaled child spreads its origin away from the anchor point", far corner, rectangle.
        let scaled = Self.layer(50, 50, at: 100, 50, transform: CATransform3DMakeScale(2, 2, 1))
        Self.expectPoint(scaled.transform(toSuperlayer: p).projectedPoint(CGPoint(x: 50, y: 50)), 150, 100, "scaled far corner")
        #expect(scaled.transform(toSuperlayer: p).projectedBoundingBox(of: rect) == CGRect(x: 50, y: 0, width: 20, height: 40))

        // "the centre of a rotated layer stays where it is"
        let rotated = Self.layer(100, 100, at: 100, 100, transform: CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
        Self.expectPoint(rotated.transform(toSuperlayer: p).projectedPoint(CGPoint(x: 50, y: 50)), 100, 100, "rotated centre")

        // "conversions across the tree": grandchild through both parents, and sibling to sibling.
        let g0 = Self.layer(400, 400, at: 200, 200), g1 = Self.layer(200, 200, at: 100, 100), g2 = Self.layer(50, 50, at: 25, 25)
        Self.expectPoint(Self.convert(.zero, from: [g0, g1, g2], to: [g0]), 0, 0, "grandchild up")
        Self.expectPoint(Self.convert(.zero, from: [g0], to: [g0, g1, g2]), 0, 0, "grandchild down")
        let s1 = Self.layer(50, 50, at: 25, 25), s2 = Self.layer(50, 50, at: 125, 25)
        Self.expectPoint(Self.convert(.zero, from: [p, s1], to: [p, s2]), -100, 0, "sibling")

        // "two layers in different trees convert through the root of each"; a detached layer is a root.
        let u1 = Self.layer(50, 50, at: 25, 25), u2 = Self.layer(50, 50, at: 500, 500)
        Self.expectPoint(Self.convert(.zero, from: [u1], to: [u2]), -475, -475, "different trees")
        Self.expectPoint(Self.convert(.zero, from: [c], to: [p]), 75, 25, "detached layer")
    }

    // The formula of spec §9.2 written out with Apple's functions, on values that exercise every term:
    // bounds origins, anchorPointZ, zPosition, both transforms.
    @Test func matrixToSuperlayerMatchesTheFormula() {
        var g = SeededGenerator(seed: 41)
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &g) }
        for i in 0..<50 {
            let l = LayerGeometry(
                bounds: CGRect(x: r(-20...20), y: r(-20...20), width: r(1...300), height: r(1...300)),
                position: CGPoint(x: r(-100...400), y: r(-100...400)), zPosition: r(-50...50),
                anchorPoint: CGPoint(x: r(0...1), y: r(0...1)), anchorPointZ: r(-30...30), transform: randomMatrix(&g))
            let s = LayerGeometry(
                bounds: CGRect(x: r(-20...20), y: r(-20...20), width: r(1...300), height: r(1...300)),
                anchorPoint: CGPoint(x: r(0...1), y: r(0...1)), anchorPointZ: r(-30...30), sublayerTransform: randomMatrix(&g))
            func anchor(_ g: LayerGeometry) -> SIMD3<Double> {
                SIMD3(g.bounds.minX + g.anchorPoint.x * g.bounds.width, g.bounds.minY + g.anchorPoint.y * g.bounds.height,
                      g.anchorPointZ)
            }
            let aL = anchor(l), aS = anchor(s)
            let want = [l.transform, CATransform3DMakeTranslation(l.position.x, l.position.y, l.zPosition),
                        CATransform3DMakeTranslation(-aS.x, -aS.y, -aS.z), s.sublayerTransform,
                        CATransform3DMakeTranslation(aS.x, aS.y, aS.z)]
                .reduce(CATransform3DMakeTranslation(-aL.x, -aL.y, -aL.z), CATransform3DConcat)
            let got = l.transform(toSuperlayer: s)
            #expect(maxDifference(got, want) <= 1e-9 * max(1, maxDifference(want, CATransform3D())), "case \(i)")
        }
    }

    // F zeroes row 3 and column 3 and sets m33 = 1 (spec §9.3), even for infinite z terms.
    @Test func flattenOperator() {
        var g = SeededGenerator(seed: 43)
        var m = randomMatrix(&g)
        m.m13 = .infinity
        let f = m.flattened
        #expect(f.row3 == SIMD4(0, 0, 1, 0))
        #expect(f.m13 == 0 && f.m23 == 0 && f.m43 == 0)
        #expect(f.m11 == m.m11 && f.m12 == m.m12 && f.m14 == m.m14 && f.m21 == m.m21 && f.m22 == m.m22)
        #expect(f.m24 == m.m24 && f.m41 == m.m41 && f.m42 == m.m42 && f.m44 == m.m44)
    }

    // Spec §9.3: "points with W ≤ 0 are behind the eye and must be clipped" — no point, no bounding box.
    @Test func pointsBehindTheEyeAreNotProjected() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let root = Self.layer(400, 400, at: 200, 200, sublayerTransform: perspective)
        var near = Self.layer(100, 100, at: 200, 200)
        near.zPosition = 600  // beyond the eye at z = 500: w = 1 − 600/500 < 0
        let w = near.worldTransform(superlayer: root, superlayerWorld: root.frameTransform)
        #expect(w.homogeneousPoint(x: 0, y: 0).w < 0)
        #expect(w.projectedPoint(.zero) == nil)
        #expect(w.projectedBoundingBox(of: CGRect(x: 0, y: 0, width: 10, height: 10)) == nil)
        near.zPosition = 500  // exactly at the eye: w = 0
        #expect(near.worldTransform(superlayer: root, superlayerWorld: root.frameTransform).projectedPoint(.zero) == nil)
        #expect(CATransform3DIdentity.projectedBoundingBox(of: .null) == nil)
    }

    // Apple: frame "is a function of the position, bounds, anchorPoint, and transform properties"
    // [A: DOC-calayer/frame]. Identity: origin = position − anchor·size, bounds origin irrelevant; scale (2,4)
    // on 100×50 at (200,300) → (100,200,200,200) [V-hopeful: GS-tests geometry.m, spec §9.2].
    @Test func frame() {
        var l = LayerGeometry(bounds: CGRect(x: 7, y: 9, width: 100, height: 50), position: CGPoint(x: 200, y: 300))
        #expect(l.frame == CGRect(x: 150, y: 275, width: 100, height: 50))
        l.anchorPoint = CGPoint(x: 0, y: 1)
        #expect(l.frame == CGRect(x: 200, y: 250, width: 100, height: 50))
        l.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        l.transform = CATransform3DMakeScale(2, 4, 1)
        #expect(l.frame == CGRect(x: 100, y: 200, width: 200, height: 200))
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let f = l.frame
        for (got, want) in [(f.minX, 175.0), (f.minY, 250.0), (f.width, 50.0), (f.height, 100.0)] {
            expectClose(got, want, tolerance: 1e-12, "rotated frame")
        }
    }
}
