// 3-D idioms: the perspective cube of six faces in a CATransformLayer, the carousel of cards spun by
// `transform.rotation.y`, the flip card of two single-sided faces, and a stack of cards separated by
// zPosition, each under the root's `sublayerTransform.m34 = −1/eye`.
// Evidence: CATransform3D's reference (CATransform3DMakeRotation/Translate/Rotate, and the homogeneous
// divide by w = 1 + z·m34), CALayer's geometry (transform applied about the anchor point, zPosition adds to
// z), CATransformLayer's reference (sublayers keep their 3-D placement and are not flattened, so the
// nearest surface shows, spec §9.5), and isDoubleSided ("When the value is false, the layer hides its
// content when it faces away from the viewer"). Expected colours come from that geometry: which face or
// card is nearest at a probe point, and where a projected edge lies.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct IdiomDepthSceneTests {
    static let faceColors: [(Double, Double, Double)] = [(1, 0, 0), (0, 0.8, 0), (0, 0, 1), (1, 1, 0), (1, 0, 1), (0, 1, 1)]

    /// The six faces of a 100 pt cube about its centre: front, back, right, left, top, bottom, each as the
    /// tutorials build it (translate then rotate), with its outward normal.
    static let cubeFaces: [(transform: CATransform3D, normal: SIMD3<Double>)] = [
        (CATransform3DMakeTranslation(0, 0, 50), SIMD3(0, 0, 1)),
        (CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -50), .pi, 0, 1, 0), SIMD3(0, 0, -1)),
        (CATransform3DRotate(CATransform3DMakeTranslation(50, 0, 0), .pi / 2, 0, 1, 0), SIMD3(1, 0, 0)),
        (CATransform3DRotate(CATransform3DMakeTranslation(-50, 0, 0), -.pi / 2, 0, 1, 0), SIMD3(-1, 0, 0)),
        (CATransform3DRotate(CATransform3DMakeTranslation(0, -50, 0), .pi / 2, 1, 0, 0), SIMD3(0, -1, 0)),
        (CATransform3DRotate(CATransform3DMakeTranslation(0, 50, 0), -.pi / 2, 1, 0, 0), SIMD3(0, 1, 0)),
    ]

    /// The cube turned three ways: each face that faces the eye shows its own colour at its projected
    /// centre (a convex solid: no other face lies in front of it there).
    @Test(arguments: [(-0.5, 0.6), (0.4, -0.9), (-0.7, 2.6)])
    func perspectiveCubeShowsItsFacingFaces(angles: (Double, Double)) throws {
        let eye = 500.0
        let scene = LayersScene(width: 240, height: 240)
        scene.setPerspective(eye: eye)
        let turn = CATransform3DRotate(CATransform3DMakeRotation(angles.0, 1, 0, 0), angles.1, 0, 1, 0)
        let cube = scene.add(CATransformLayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 240, height: 240)
            $0.transform = turn
        }
        for (k, face) in Self.cubeFaces.enumerated() {
            scene.add(CALayer(), to: cube) {
                $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
                $0.position = CGPoint(x: 120, y: 120)
                $0.transform = face.transform
                $0.backgroundColor = rgb(Self.faceColors[k].0, Self.faceColors[k].1, Self.faceColors[k].2)
            }
        }
        let frame = try scene.render()
        var probes: [IdiomProbe] = []
        for (k, face) in Self.cubeFaces.enumerated() {
            let centre = idiomApply(turn, to: idiomApply(face.transform, to: .zero))
            let normal = idiomApply(turn, to: face.normal)
            let toEye = SIMD3(0, 0, eye) - centre
            // Faces seen at a grazing angle are left out: their projected centre is near an edge.
            guard (normal * toEye).sum() > 0.25 * (toEye * toEye).sum().squareRoot() else { continue }
            let p = idiomProject(centre, eye: eye, centre: SIMD2(120, 120))
            probes.append(IdiomProbe(p.x, p.y, IdiomColor.overWhite(Self.faceColors[k]), "face \(k)'s centre"))
        }
        #expect(probes.count >= 2)
        probes.append(IdiomProbe(5, 5, IdiomColor.white, "the corner"))
        #expect(frame.failedProbes(probes) == [])
    }

    /// Six cards on a circle (rotate by k·60° about y, then out 120 pt), the ring spun by
    /// `transform.rotation.y` through a whole turn in 6 s: at 1 s card 5 has come to the front, drawn over
    /// the card behind it and magnified by 1 / (1 − 120/600) = 1.25.
    @Test func carouselBringsTheNextCardToTheFront() throws {
        let eye = 600.0
        let scene = LayersScene()
        scene.setPerspective(eye: eye)
        let ring = scene.add(CATransformLayer()) { $0.frame = CGRect(x: 0, y: 0, width: 200, height: 200) }
        for k in 0..<6 {
            scene.add(CALayer(), to: ring) {
                $0.bounds = CGRect(x: 0, y: 0, width: 80, height: 100)
                $0.position = CGPoint(x: 100, y: 100)
                var placement = CATransform3DIdentity
                placement = CATransform3DRotate(placement, CGFloat(k) * .pi / 3, 0, 1, 0)
                placement = CATransform3DTranslate(placement, 0, 0, 120)
                $0.transform = placement
                $0.backgroundColor = rgb(Self.faceColors[k].0, Self.faceColors[k].1, Self.faceColors[k].2)
            }
        }
        scene.commit {
            let spin = CABasicAnimation(keyPath: "transform.rotation.y")
            spin.fromValue = NSNumber(value: 0)
            spin.toValue = NSNumber(value: 2 * Double.pi)
            spin.duration = 6
            spin.repeatCount = .infinity
            spin.timingFunction = CAMediaTimingFunction(name: .linear)
            ring.add(spin, forKey: "spin")
        }
        let front = IdiomColor.overWhite(Self.faceColors[5])
        let frame = try scene.render(at: 1)
        // Front card: half width 40 · 1.25 = 50, half height 62.5. Beyond x = 150 no card reaches y = 100
        // until the one 60° round, whose near edge projects at about x = 199.6.
        #expect(frame.failedProbes([
            IdiomProbe(100, 100, front, "the front card, over the back one"), IdiomProbe(147, 100, front, "inside its right edge"),
            IdiomProbe(53, 100, front, "inside its left edge"), IdiomProbe(100, 40, front, "inside its top edge"),
            IdiomProbe(153, 100, IdiomColor.white, "right of it"), IdiomProbe(47, 100, IdiomColor.white, "left of it"),
            IdiomProbe(100, 34, IdiomColor.white, "above it"),
        ]) == [])
    }

    /// The flip card: front and back faces back to back, single-sided, in a CATransformLayer turned by
    /// `transform.rotation.y` from 0 to π in 1 s. Before 90° the front shows, after it the back; at 45° the
    /// card is foreshortened with its near edge larger.
    @Test func flipCardShowsOneSideAtATime() throws {
        let eye = 500.0
        let scene = LayersScene()
        scene.setPerspective(eye: eye)
        let card = scene.add(CATransformLayer()) {
            $0.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
            $0.position = CGPoint(x: 100, y: 100)
        }
        for (k, back) in [false, true].enumerated() {
            scene.add(CALayer(), to: card) {
                $0.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
                $0.isDoubleSided = false
                if back { $0.transform = CATransform3DMakeRotation(.pi, 0, 1, 0) }
                $0.backgroundColor = rgb(Self.faceColors[k].0, Self.faceColors[k].1, Self.faceColors[k].2)
            }
        }
        scene.commit {
            let flip = CABasicAnimation(keyPath: "transform.rotation.y")
            flip.fromValue = NSNumber(value: 0)
            flip.toValue = NSNumber(value: Double.pi)
            flip.duration = 1
            flip.timingFunction = CAMediaTimingFunction(name: .linear)
            flip.fillMode = .forwards
            flip.isRemovedOnCompletion = false
            card.add(flip, forKey: "flip")
        }
        let front = IdiomColor.overWhite(Self.faceColors[0]), back = IdiomColor.overWhite(Self.faceColors[1])
        // At 45° the card's ends sit at x = ±60·cos 45° with z = ∓60·sin 45° (either way round): projected
        // at 42.4 / (1 ± 42.4/500) from the centre, 39.1 and 46.3.
        let quarter = try scene.render(at: 0.25)
        #expect(quarter.failedProbes([
            IdiomProbe(100, 100, front, "the front"), IdiomProbe(100 + 37, 100, front, "inside the right end"),
            IdiomProbe(100 - 37, 100, front, "inside the left end"),
            IdiomProbe(100 + 49, 100, IdiomColor.white, "beyond the right end"),
            IdiomProbe(100 - 49, 100, IdiomColor.white, "beyond the left end"),
        ]) == [])
        let projectedEnds = [42.43 / (1 + 42.43 / eye), 42.43 / (1 - 42.43 / eye)]
        let rightEnd = (100 + 37)...(100 + 49), leftEnd = (100 - 49)...(100 - 37)
        let rightEdge = try #require(rightEnd.first { !near(quarter[$0, 100], front, 2) })
        let leftEdge = try #require(leftEnd.reversed().first { !near(quarter[$0, 100], front, 2) })
        let measured = [Double(100 - leftEdge), Double(rightEdge - 100)].sorted()
        #expect(abs(measured[0] - projectedEnds[0]) <= 1.5 && abs(measured[1] - projectedEnds[1]) <= 1.5,
                "ends at \(measured), projected \(projectedEnds)")
        let threeQuarters = try scene.render(at: 0.75)
        #expect(threeQuarters.failedProbes([IdiomProbe(100, 100, back, "the back, past 90°")]) == [])
        let done = try scene.render(at: 2)
        #expect(done.failedProbes([
            IdiomProbe(100, 100, back, "the back, filled forwards"), IdiomProbe(100 + 55, 100, back, "its whole width"),
        ]) == [])
    }

    /// Cards stacked by zPosition 0, 20, 40, 60 in a tilted CATransformLayer, listed nearest first: depth,
    /// not array order, decides what shows, and each card peeks out below the one in front of it.
    @Test func zPositionStackDrawsNearestOnTop() throws {
        let eye = 500.0
        let scene = LayersScene()
        scene.setPerspective(eye: eye)
        let tilt = CATransform3DMakeRotation(0.5, 1, 0, 0)
        let stack = scene.add(CATransformLayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            $0.transform = tilt
        }
        let depths = [60.0, 40, 20, 0]
        for (k, z) in depths.enumerated() {
            scene.add(CALayer(), to: stack) {
                $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
                $0.position = CGPoint(x: 100, y: 100)
                $0.zPosition = z
                $0.backgroundColor = rgb(Self.faceColors[k].0, Self.faceColors[k].1, Self.faceColors[k].2)
            }
        }
        let frame = try scene.render()
        // The tilt moves each card's centre on screen by its depth: the nearest card shows at its own centre.
        let nearestCentre = idiomProject(idiomApply(tilt, to: SIMD3(0, 0, depths[0])), eye: eye, centre: SIMD2(100, 100))
        var probes = [IdiomProbe(nearestCentre.x, nearestCentre.y, IdiomColor.overWhite(Self.faceColors[0]), "the nearest card's centre")]
        // Each card's bottom edge (y = +30 about the centre) lands lower on screen the farther back the card
        // is under this tilt; just above a card's edge and below the next nearer card's, that card shows.
        func bottomEdge(_ z: Double) -> Double {
            idiomProject(idiomApply(tilt, to: SIMD3(0, 30, z)), eye: eye, centre: SIMD2(100, 100)).y
        }
        for k in 1..<depths.count {
            let nearer = bottomEdge(depths[k - 1]), own = bottomEdge(depths[k])
            guard own - nearer > 4 else { continue }
            probes.append(IdiomProbe(100, (nearer + own) / 2, IdiomColor.overWhite(Self.faceColors[k]), "card \(k) below card \(k - 1)"))
        }
        #expect(probes.count >= 3)
        #expect(frame.failedProbes(probes) == [])
    }
}
