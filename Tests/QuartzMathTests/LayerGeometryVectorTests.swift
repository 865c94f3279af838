import Foundation
import Testing
import QuartzMath

/// Set-up helpers (`layer`, `world`, `expectPoint`, the GS-tests parent and child) live in LayerGeometryTests.
private typealias Shared = LayerGeometryTests

/// The layer-geometry vectors of `fixtures/vectors/transforms.json` (spec §9.2–9.4).
@Suite struct LayerGeometryVectorTests {
    /// transforms.json "layer_conversions" set-ups by case name (GS-tests conversion.m, run on Apple).
    static let conversionCases: [String: (child: LayerGeometry, parent: LayerGeometry, rect: CGRect?)] = [
        "child (0,0) -> parent": (Shared.child, Shared.parent, nil),
        "scaled child (0,0) -> parent": (
            Shared.layer(50, 50, at: 100, 50, transform: CATransform3DMakeScale(2, 2, 1)), Shared.parent, nil),
        "parent sublayerTransform scale2 + child translate(5,6)": (
            Shared.layer(50, 50, at: 100, 50, transform: CATransform3DMakeTranslation(5, 6, 0)),
            Shared.layer(200, 200, at: 100, 100, sublayerTransform: CATransform3DMakeScale(2, 2, 1)), nil),
        "parent sublayerTransform translate(10,20)": (
            Shared.child, Shared.layer(200, 200, at: 100, 100, sublayerTransform: CATransform3DMakeTranslation(10, 20, 0)), nil),
        "rotated 45deg child: bounding box of bounds in parent": (
            Shared.layer(100, 100, at: 100, 100, transform: CATransform3DMakeRotation(.pi / 4, 0, 0, 1)), Shared.parent,
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
            let root = Shared.layer(s, s, at: s / 2, s / 2, sublayerTransform: perspective)
            var leaf = Shared.layer(100, 100, at: 150, 150, transform: CATransform3DMakeRotation(setup.angle, 0, 1, 0))
            leaf.anchorPoint = CGPoint(x: 0, y: 0.5)
            #expect(root.frameTransform == CATransform3DIdentity, "root bounds space is the screen")
            let world = Shared.world([root, leaf])
            expectMatrix(world, try matrix(fromJSON: c["matrix"]), tolerance: sixDecimalTolerance, name)

            let corners = try #require(c["corners"] as? [[String: Any]])
            #expect(corners.count == 4)
            for corner in corners {
                let xy = try #require(corner["corner_in_layer"] as? [Double])
                let screen = try #require(corner["screen"] as? [Double])
                let point = CGPoint(x: xy[0], y: xy[1])
                Shared.expectPoint(world.projectedPoint(point), screen[0], screen[1], tolerance: 5e-5, "\(name) \(xy)")
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
        let root = Shared.layer(400, 400, at: 200, 200, sublayerTransform: perspective)
        let mid = Shared.layer(200, 200, at: 200, 200)
        var leaf = Shared.layer(100, 100, at: 100, 100)
        leaf.zPosition = 100
        let rootWorld = root.frameTransform
        let midWorld = mid.worldTransform(superlayer: root, superlayerWorld: rootWorld)
        for (key, midFlattens) in [("leaf corners, mid is CALayer (flattened, zPosition ignored for size)", true),
                                   ("leaf corners, mid is CATransformLayer (zPosition 100 magnified)", false)] {
            let want = try #require(v[key] as? [[Double]])
            let w = leaf.worldTransform(superlayer: mid, superlayerWorld: midWorld, superlayerFlattens: midFlattens)
            Shared.expectPoint(w.projectedPoint(.zero), want[0][0], want[0][1], tolerance: sixDecimalTolerance, key)
            Shared.expectPoint(w.projectedPoint(CGPoint(x: 100, y: 100)), want[1][0], want[1][1], tolerance: sixDecimalTolerance, key)
        }
    }
}
