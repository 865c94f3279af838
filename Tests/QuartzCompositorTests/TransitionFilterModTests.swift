// CIModTransition on CATransition.filter (RenderTransition+Mod): "revealing the target image through
// irregularly shaped holes" [A: CIFR CIModTransition]. The hole geometry is OpenQuartz's approximation [U]
// (see RenderTransition+Mod): a lattice of pitch 2·radius through inputCenter turned by inputAngle, holes of
// radius p·radius·√2 across, stretched by 1 + d/compression along the direction from the centre. Pixels
// chosen here are wholly inside or wholly outside every hole (margins ≥ 0.5 px against the 64-gon's 0.12 %
// shortfall), so their colours are exact: a 100 × 100 layer, old red, new blue, as TransitionFilterTests.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct TransitionFilterModTests {
    /// Centre (50, 50), angle 0, radius 20 (pitch 40), compression 1e12 (stretch < 1e-10: round holes).
    static func round(_ extra: [String: CIFilterValue] = [:]) -> [String: CIFilterValue] {
        ["inputCenter": .vector([50, 50]), "inputAngle": .number(0), "inputRadius": .number(20),
         "inputCompression": .number(1e12)].merging(extra) { $1 }
    }

    static func frame(_ inputs: [String: CIFilterValue], _ q: Double) -> PremultipliedRGBA8Bitmap {
        TransitionFilterTests.frame("CIModTransition", inputs, q)
    }

    /// q = ½: holes of radius 0.5·20·√2 = 14.14 at (50, 50), (10, 10), (90, 90)…: the centre hole spans
    /// x 35.86…64.14 on row 50 (pixel 63 inside; pixel 65 is 15 from it and 25 from (90, 50): outside); the
    /// cell corner (70, 70) is 28.28 from every hole. q = 0.9: radius 25.46 covers pixel (74, 74), whose
    /// farthest point from (90, 90) is 22.6 away; at q = ½ its nearest point is 21.2 away.
    @Test func holesGrowOnTheLattice() {
        let half = Self.frame(Self.round(), 0.5)
        #expect(half[50, 50] == opaqueBlue && half[63, 50] == opaqueBlue && half[65, 50] == opaqueRed)
        #expect(half[10, 10] == opaqueBlue && half[89, 89] == opaqueBlue && half[50, 89] == opaqueBlue)
        #expect(half[70, 70] == opaqueRed && half[30, 70] == opaqueRed && half[74, 74] == opaqueRed)
        let late = Self.frame(Self.round(), 0.9)
        #expect(late[74, 74] == opaqueBlue && late[50, 50] == opaqueBlue)
        // Partly covered pixels mix the two: the edge pixel of the centre hole at (64, 50) is between.
        #expect(half[64, 50].r > 0 && half[64, 50].b > 0 && half[64, 50].a == 255)
    }

    /// inputAngle turns the lattice ("the angle of the mod hole pattern" [A: DOC-CIModTransition angle]): at
    /// π/4 a hole sits at (50, 50) + 40·(cos π/4, sin π/4) = (78.28, 78.28), so pixel (78, 78) is inside;
    /// at angle 0 its nearest hole, (90, 90), is 15.6 > 14.14 away.
    @Test func angleTurnsThePattern() {
        #expect(Self.frame(Self.round(["inputAngle": .number(.pi / 4)]), 0.5)[78, 78] == opaqueBlue)
        #expect(Self.frame(Self.round(), 0.5)[78, 78] == opaqueRed)
    }

    /// "Holes in the center aren't distorted as much as those at the edge" [A: DOC-CIModTransition
    /// compression]: with compression 40 the hole at (50, 90), 40 from the centre, is stretched ×2 along y
    /// (semi-axes 28.28 along, 14.14 across), so pixel (50, 66) — (24/28.28)² + (1/14.14)² = 0.73 < 1 at its
    /// worst corner — is inside; unstretched that hole starts at y 75.86 and the centre hole ends at 64.14.
    @Test func compressionStretchesOuterHoles() {
        #expect(Self.frame(Self.round(["inputCompression": .number(40)]), 0.5)[50, 66] == opaqueBlue)
        #expect(Self.frame(Self.round(), 0.5)[50, 66] == opaqueRed)
        // Stretched along the direction from the centre, so diagonal holes tilt: (90, 90) is 56.57 away,
        // stretched ×2.414 (semi-axes 34.14 along the diagonal, 14.14 across); pixel (68, 68)'s farthest
        // corner lies on that diagonal 31.1 away, (31.1/34.14)² = 0.83 < 1; unstretched it is 25.5 from the
        // nearest hole.
        #expect(Self.frame(Self.round(["inputCompression": .number(40)]), 0.5)[68, 68] == opaqueBlue)
        #expect(Self.frame(Self.round(), 0.5)[68, 68] == opaqueRed)
    }

    /// Geometry in the layer's bounds space, drawn under its matrix: at scale ½ the centre hole is at device
    /// (25, 25) with radius 7.07; device pixel 33 is ≥ 8 from it and ≥ 11 from (45, 25); outside the layer
    /// nothing draws.
    @Test func followsTheLayerMatrix() {
        let world = CATransform3DMakeScale(0.5, 0.5, 1)
        let full = TransitionFilterTests.full
        let b = render(RenderTransition.compose(
            filter: TransitionFilter(name: "CIModTransition", inputs: Self.round()), progress: 0.5,
            old: [solidItem(full, TestColors.red, transform: world)], new: [solidItem(full, TestColors.blue, transform: world)],
            layerBounds: full, layerWorld: world))
        #expect(b[25, 25] == opaqueBlue && b[33, 25] == opaqueRed && b[60, 5] == .transparent)
    }

    /// Defaults for non-finite values, the reference's minimum 1 for radius and compression, bounded centre.
    @Test func parametersAreValidated() {
        func parameters(_ inputs: [String: CIFilterValue]) -> RenderTransition.ModParameters {
            RenderTransition.ModParameters(TransitionFilter(name: "CIModTransition", inputs: inputs))
        }
        let defaults = parameters([:])
        #expect(defaults == parameters(["inputRadius": .number(.nan), "inputAngle": .number(.infinity),
                                        "inputCompression": .number(-.infinity), "inputCenter": .vector([.nan, 3])]))
        #expect(defaults.center == SIMD2(150, 150) && defaults.angle == 2 && defaults.radius == 150 && defaults.compression == 300)
        let small = parameters(["inputRadius": .number(-5), "inputCompression": .number(0), "inputCenter": .vector([1e30, -1e30])])
        #expect(small.radius == 1 && small.compression == 1 && small.center == SIMD2(1e7, -1e7))
        #expect(parameters(["inputCenter": .vector([1, 2, 3])]).center == SIMD2(150, 150))
    }

    /// Extreme inputs draw a frame of old and new only, and never an unbounded number of holes.
    @Test func extremeInputsStaySafe() {
        let cases: [[String: CIFilterValue]] = [
            ["inputRadius": .number(0)], ["inputRadius": .number(1e30)], ["inputRadius": .number(.nan)],
            ["inputCompression": .number(-1)], ["inputCompression": .number(1e300)],
            ["inputCenter": .vector([1e30, -1e30])], ["inputCenter": .vector([-1e6, 40])], ["inputAngle": .number(1e300)],
        ]
        for inputs in cases {
            let b = Self.frame(Self.round(inputs), 0.5)
            #expect(b.pixels.allSatisfy { PremultipliedRGBA8(packed: $0).a == 255 && PremultipliedRGBA8(packed: $0).g == 0 },
                    "\(inputs)")
        }
        let huge = CGRect(x: 0, y: 0, width: 1e7, height: 1e7)
        let holes = RenderTransition.modHoles(
            RenderTransition.ModParameters(TransitionFilter(name: "CIModTransition", inputs: ["inputRadius": .number(1)])),
            bounds: huge, progress: 0.5)
        let perAxis = RenderTransition.maximumModHolesPerAxis + 4
        #expect(!holes.isEmpty && holes.count <= perAxis * perAxis)
        #expect(RenderTransition.modHoles(RenderTransition.ModParameters(TransitionFilter(name: "CIModTransition", inputs: [:])),
                                          bounds: huge, progress: 0).isEmpty)
    }

    /// The golden (fixtures/golden/transitions/filters_mod_q0.5.png, reviewed by eye) and its determinism.
    @Test func golden() throws {
        try TransitionGolden.check(try Self.goldenScene.render(threads: 2), Self.goldenScene.name)
        let reference = try Self.goldenScene.render(threads: 1, tileSize: 64)
        for (threads, tileSize) in [(2, 64), (4, 24)] {
            #expect(try Self.goldenScene.render(threads: threads, tileSize: tileSize) == reference, "threads \(threads), tile \(tileSize)")
        }
    }

    /// Four 120 × 120 panels at q = ½ (TransitionGoldenScenes.panel: red with a white bar → blue with a yellow
    /// dot): Core Image's defaults (centre (150, 150) beyond the panel's corner, radius 150); centre (60, 60),
    /// radius 15, angle 0, compression 300; centre (60, 60), radius 12, angle 0.5, compression 40 (strongly
    /// stretched outer holes); centre (20, 100), radius 20, angle 2, compression 100.
    static let goldenScene = LayersGoldenScene(name: "filters_mod_q0.5") {
        let scene = LayersScene(width: 320, height: 320, background: rgb(0.2, 0.2, 0.2))
        let settings: [[String: Any]] = [
            [:],
            [kCIInputCenterKey: CIVector(x: 60, y: 60), kCIInputRadiusKey: 15, kCIInputAngleKey: 0],
            [kCIInputCenterKey: CIVector(x: 60, y: 60), kCIInputRadiusKey: 12, kCIInputAngleKey: 0.5, "inputCompression": 40],
            [kCIInputCenterKey: CGPoint(x: 20, y: 100), kCIInputRadiusKey: 20, "inputCompression": 100],
        ]
        var items: [(panel: CALayer, change: () -> Void, transition: CATransition)] = []
        for (i, values) in settings.enumerated() {
            let filter = CIFilter(name: "CIModTransition")!
            for (key, value) in values { filter.setValue(value, forKey: key) }
            let origin = CGPoint(x: Double(i % 2) * 160 + 20, y: Double(i / 2) * 160 + 20)
            let (panel, change) = TransitionGoldenScenes.panel(scene, in: scene.root, origin: origin, size: 120)
            let t = CATransition()
            t.filter = filter
            items.append((panel, change, t))
        }
        TransitionGoldenScenes.commit(scene, items)
        return (scene, 0.5, [:])
    }
}
