// Hit testing and conversion through full 4×4 transforms (spec §9.2–§9.4, §10.2).
// Expected screen coordinates come from the spec's vectors (`transforms.json` "perspective_case" and
// "flattening", computed with ca_ref.py), given there to 4 decimals: probes sit 0.01 either side of an edge,
// and positions are compared within 5e-5 (the vectors' rounding).
import Foundation
import QuartzMath
import Testing

@testable import QuartzLayers

@Suite("Hit testing in 3-D")
struct HitTesting3DTests {
    /// Spec §9.4: a 100×100 door at (150, 150), anchorPoint (0, 0.5), rotated by `angle` about y, in a 300×300
    /// root whose sublayerTransform has m34 = −1/500 (the root's bounds space is the screen).
    static func door(angle: Double, doubleSided: Bool = true) -> (EngineScene, CALayer) {
        let scene = EngineScene(rootBounds: CGRect(x: 0, y: 0, width: 300, height: 300))
        scene.run {
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            scene.root.sublayerTransform = perspective
        }
        let door = scene.addLayer {
            $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            $0.anchorPoint = CGPoint(x: 0, y: 0.5)
            $0.position = CGPoint(x: 150, y: 150)
            $0.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            $0.isDoubleSided = doubleSided
        }
        return (scene, door)
    }

    /// The −π/4 door's corners project to (150,100), (232.3578, 91.7642), (232.3578, 208.2358), (150,200)
    /// (spec §9.4 table); conversion back onto the door's plane inverts them.
    @Test func doorCornersConvertThroughPerspective() {
        // The scene owns the root, whose sublayerTransform holds the perspective (superlayers are weak).
        let (scene, door) = Self.door(angle: -.pi / 4)
        defer { withExtendedLifetime(scene) {} }
        let expected: [(CGPoint, CGPoint)] = [
            (CGPoint(x: 0, y: 0), CGPoint(x: 150, y: 100)), (CGPoint(x: 100, y: 0), CGPoint(x: 232.3578, y: 91.7642)),
            (CGPoint(x: 100, y: 100), CGPoint(x: 232.3578, y: 208.2358)), (CGPoint(x: 0, y: 100), CGPoint(x: 150, y: 200)),
        ]
        for (corner, screen) in expected {
            let mapped = door.convert(corner, to: nil)
            #expect(abs(mapped.x - screen.x) < 5e-5 && abs(mapped.y - screen.y) < 5e-5, "\(corner) → \(mapped)")
            let back = door.convert(mapped, from: nil)
            #expect(abs(back.x - corner.x) < 1e-9 && abs(back.y - corner.y) < 1e-9)
        }
    }

    /// Probes 0.01 inside and outside the projected right edge (x = 232.3578 at every y, the edge is
    /// parallel to the screen) and the top edge, which passes exactly through (200, 95) (hand check: s =
    /// 50/77.7817 along it, w = 1 − 50/550 = 10/11, y = 150 − 50·11/10).
    @Test func doorHitsJustInsideItsProjectedEdges() {
        let (scene, door) = Self.door(angle: -.pi / 4)
        let root = scene.root
        #expect(root.hitTest(CGPoint(x: 232.3478, y: 150)) === door)
        #expect(root.hitTest(CGPoint(x: 232.3678, y: 150)) === root)
        #expect(root.hitTest(CGPoint(x: 200, y: 95.01)) === door)
        #expect(root.hitTest(CGPoint(x: 200, y: 94.99)) === root)
        #expect(root.hitTest(CGPoint(x: 200, y: 204.99)) === door)
        #expect(root.hitTest(CGPoint(x: 200, y: 205.01)) === root)
        // contains(_:) answers in the door's own (unprojected) space.
        let inside = door.convert(CGPoint(x: 200, y: 95.01), from: root)
        #expect(door.contains(inside) && !door.contains(door.convert(CGPoint(x: 200, y: 94.99), from: root)))
    }

    /// Seen edge-on (−π/2 in the 300×300 root: every corner at x = 150, spec §9.4) the door covers no area
    /// and is never hit; turned away (π) it is hit only while double sided.
    @Test func edgeOnAndBackFacingLayersMiss() {
        let (edgeScene, _) = Self.door(angle: -.pi / 2)
        #expect(edgeScene.root.hitTest(CGPoint(x: 150, y: 150)) === edgeScene.root)
        #expect(edgeScene.root.hitTest(CGPoint(x: 150, y: 120)) === edgeScene.root)
        let (backScene, backDoor) = Self.door(angle: .pi, doubleSided: false)
        // Turned by π about its left edge, the door covers x 50…150 on screen (seen from behind).
        #expect(backScene.root.hitTest(CGPoint(x: 100, y: 150)) === backScene.root)
        backScene.run { backDoor.isDoubleSided = true }
        #expect(backScene.root.hitTest(CGPoint(x: 100, y: 150)) === backDoor)
    }

    /// Spec §9.3 flattening vector: root 400×400 (m34 = −1/500), middle 200×200 centred, leaf 100×100 at
    /// (100,100) with zPosition 100. A normal middle flattens the leaf to (150…250); a CATransformLayer keeps
    /// its depth, magnified to (137.5…262.5), and hit testing follows what is drawn.
    @Test func transformLayerKeepsDepthForHits() {
        for usesTransformLayer in [false, true] {
            let scene = EngineScene(rootBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
            scene.run {
                var perspective = CATransform3DIdentity
                perspective.m34 = -1.0 / 500
                scene.root.sublayerTransform = perspective
            }
            let middle = scene.addLayer(usesTransformLayer ? CATransformLayer() : CALayer()) {
                $0.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
                $0.position = CGPoint(x: 200, y: 200)
            }
            let leaf = CALayer()
            scene.run {
                leaf.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
                leaf.position = CGPoint(x: 100, y: 100)
                leaf.zPosition = 100
                middle.addSublayer(leaf)
            }
            let corner = leaf.convert(CGPoint(x: 0, y: 0), to: nil)
            let expected = usesTransformLayer ? 137.5 : 150.0
            #expect(abs(corner.x - expected) < 1e-9 && abs(corner.y - expected) < 1e-9)
            // (140, 140) lies on the magnified leaf only when the middle is a transform layer.
            let hit = scene.root.hitTest(CGPoint(x: 140, y: 140))
            #expect(usesTransformLayer ? hit === leaf : hit === middle)
            #expect(scene.root.hitTest(CGPoint(x: 262.4, y: 262.4)) === (usesTransformLayer ? leaf : middle))
            // Called on the leaf itself, the point is in the nearest non-transform-layer ancestor's space: the
            // root's (leaf up to 262.5) under a transform layer, the middle's (leaf 50…150) otherwise.
            #expect(leaf.hitTest(CGPoint(x: 255, y: 255)) === (usesTransformLayer ? leaf : nil))
            #expect(leaf.hitTest(CGPoint(x: 145, y: 145)) === leaf)
        }
    }

    /// Among a CATransformLayer's sublayers the front-most hit wins (they are depth-sorted when drawn),
    /// whatever their array order; a normal layer's sublayers keep array order (spec §10.2).
    @Test func frontMostSiblingWinsInsideTransformLayer() {
        let scene = EngineScene(rootBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        scene.run {
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            scene.root.sublayerTransform = perspective
        }
        let group = scene.addLayer(CATransformLayer()) {
            $0.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
            $0.position = CGPoint(x: 200, y: 200)
        }
        let near = CALayer(), far = CALayer()
        scene.run {
            for (layer, z) in [(near, 50.0), (far, -50.0)] {
                layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
                layer.position = CGPoint(x: 200, y: 200)
                layer.zPosition = z
                group.addSublayer(layer)  // `far` is added last: topmost in array order
            }
        }
        #expect(scene.root.hitTest(CGPoint(x: 200, y: 200)) === near)
        // The near square is magnified 1/(1 − 50/500) = 10/9 about the vanishing point (half-width 55.56),
        // the far one shrunk 1/(1 + 50/500) (half-width 45.45): between them only the near one is hit, and
        // beyond both the transform layer (never a hit itself) leaves the root.
        #expect(scene.root.hitTest(CGPoint(x: 252, y: 200)) === near)
        #expect(scene.root.hitTest(CGPoint(x: 256, y: 200)) === scene.root)
    }
}
