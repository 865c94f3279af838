import Foundation
import Testing
import QuartzMath

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

    /// transforms.json "layer_conversions" set-ups by case name (GS-tests conversion.m, run on Apple).
    static let conversionCases: [String: (child: LayerGeometry, parent: LayerGeometry, rect: CGRect?)] = [
        "child (0,0) -> parent": (child, parent, nil),
        "scaled child (0,0) -> parent": (layer(50, 50, at: 100, 50, transform: CATransform3DMakeScale(2, 2, 1)), parent, nil),
        "parent sublayerTransform scale2 + child translate(5,6)": (
            layer(50, 50, at: 100, 50, transform: CATransform3DMakeTranslation(5, 6, 0)),
            layer(200, 200, at: 100, 100, sublayerTransform: CATransform3DMakeScale(2, 2, 1)), nil),
        "parent sublayerTransform translate(10,20)": (
            child, layer(200, 200, at: 100, 100, sublayerTransform: CATransform3DMakeTranslation(10, 20, 0)), nil),
        "rotated 45deg child: bounding box of bounds in parent": (
            layer(100, 100, at: 100, 100, transform: CATransform3DMakeRotation(.pi / 4, 0, 0, 1)), parent,
            CGRect(x: 0, y: 0, width: 100, height: 100)),
    ]

    // Spec §9.2 M(L→S) = T(−A_L)·L.transform·T(P_L)·T(−A_S)·S.sublayerTransform·T(A_S) against the vectors
    // (6 decimals: 5e-7) and against Apple's own values from GS-tests conversion.m (checked there to 1e-4).
    @Test func layerConversionVectors() throws {
        let cases = try #require(try transformVectors()["layer_conversions"] as? [[String: Any]])
        #expect(Set(cases.compactMap { $0["case"] as? String }) == Set(Self.conversionCases.keys))
        for c in cases {
            let name = try #require(c["case"] as? String)
            let setup = try #require(Self.conversionCases[name])
            let m = setup.child.transform(toSuperlayer: setup.parent)
            let got: [Double]
            if let rect = setup.rect {
                let box = try #require(m.projectedBoundingBox(of: rect))
                got = [box.origin.x, box.origin.y, box.size.width, box.size.height]
            } else {
                let p = try #require(m.projectedPoint(.zero))
                got = [p.x, p.y]
            }
            let vector = try #require(c["got"] as? [Double]), apple = try #require(c["apple"] as? [Double])
            #expect(got.count == vector.count && got.count == apple.count)
            for k in got.indices {
                expectClose(got[k], vector[k], tolerance: sixDecimalTolerance, "\(name) [\(k)]")
                expectClose(got[k], apple[k], tolerance: 1e-4, "\(name) [\(k)] vs Apple")
            }
        }
    }

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

    // Spec §9.4 / transforms.json "perspective_case": 100×100 layer, position (150,150), anchor (0,0.5),
    // rotated about y, in a root whose sublayerTransform has m34 = −1/500 (vanishing point = root anchor).
    // Matrix and w have 6 decimals (5e-7); the screen coordinates are given to 4 decimals (5e-5).
    @Test func perspectiveCaseVector() throws {
        let cases = try #require(try transformVectors()["perspective_case"] as? [[String: Any]])
        let setups: [String: (rootSize: Double, angle: Double)] = [
            "parent 300x300 (vanishing point 150,150), rotation -pi/2 about y": (300, -.pi / 2),
            "parent 300x300 (vanishing point 150,150), rotation -pi/4 about y": (300, -.pi / 4),
            "parent 400x400 (vanishing point 200,200), rotation -pi/2 about y": (400, -.pi / 2),
            "parent 400x400 (vanishing point 200,200), rotation -pi/4 about y": (400, -.pi / 4),
        ]
        #expect(Set(cases.compactMap { $0["case"] as? String }) == Set(setups.keys))
        for c in cases {
            let name = try #require(c["case"] as? String)
            let setup = try #require(setups[name])
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            let s = setup.rootSize
            let root = Self.layer(s, s, at: s / 2, s / 2, sublayerTransform: perspective)
            var leaf = Self.layer(100, 100, at: 150, 150, transform: CATransform3DMakeRotation(setup.angle, 0, 1, 0))
            leaf.anchorPoint = CGPoint(x: 0, y: 0.5)
            #expect(root.frameTransform == CATransform3DIdentity, "root bounds space is the screen")
            let world = Self.world([root, leaf])
            expectMatrix(world, try matrix(fromJSON: c["matrix"]), tolerance: sixDecimalTolerance, name)

            let corners = try #require(c["corners"] as? [[String: Any]])
            #expect(corners.count == 4)
            for corner in corners {
                let xy = try #require(corner["corner_in_layer"] as? [Double])
                let screen = try #require(corner["screen"] as? [Double])
                let point = CGPoint(x: xy[0], y: xy[1])
                Self.expectPoint(world.projectedPoint(point), screen[0], screen[1], tolerance: 5e-5, "\(name) \(xy)")
                expectClose(world.homogeneousPoint(x: xy[0], y: xy[1]).w, try #require(corner["w"] as? Double),
                            tolerance: sixDecimalTolerance, "\(name) \(xy) w")
            }
        }
    }

    // Spec §9.3 / transforms.json "flattening": a normal layer flattens its subtree (the leaf's zPosition
    // 100 is dropped), a CATransformLayer does not (magnified by 1/(1 − 100/500)) [A: CATransformLayer.h].
    @Test func flatteningVector() throws {
        let v = try #require(try transformVectors()["flattening"] as? [String: Any])
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let root = Self.layer(400, 400, at: 200, 200, sublayerTransform: perspective)
        let mid = Self.layer(200, 200, at: 200, 200)
        var leaf = Self.layer(100, 100, at: 100, 100)
        leaf.zPosition = 100
        let rootWorld = root.frameTransform
        let midWorld = mid.worldTransform(superlayer: root, superlayerWorld: rootWorld)
        for (key, midFlattens) in [("leaf corners, mid is CALayer (flattened, zPosition ignored for size)", true),
                                   ("leaf corners, mid is CATransformLayer (zPosition 100 magnified)", false)] {
            let want = try #require(v[key] as? [[Double]])
            let w = leaf.worldTransform(superlayer: mid, superlayerWorld: midWorld, superlayerFlattens: midFlattens)
            Self.expectPoint(w.projectedPoint(.zero), want[0][0], want[0][1], tolerance: sixDecimalTolerance, key)
            Self.expectPoint(w.projectedPoint(CGPoint(x: 100, y: 100)), want[1][0], want[1][1], tolerance: sixDecimalTolerance, key)
        }
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
            let aL = SIMD3(l.bounds.minX + l.anchorPoint.x * l.bounds.width, l.bounds.minY + l.anchorPoint.y * l.bounds.height, l.anchorPointZ)
            let aS = SIMD3(s.bounds.minX + s.anchorPoint.x * s.bounds.width, s.bounds.minY + s.anchorPoint.y * s.bounds.height, s.anchorPointZ)
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
