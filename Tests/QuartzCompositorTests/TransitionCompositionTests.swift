// CATransition compositions (spec §5.2 table: fade, moveIn, push, reveal; fromLeft mirrors x, fromTop/
// fromBottom use y) on pixels: a 100×100 layer whose old appearance is red and new appearance blue.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct TransitionCompositionTests {
    static let full = CGRect(x: 0, y: 0, width: 100, height: 100)

    static func frame(_ type: RenderTransitionType, _ subtype: RenderTransitionSubtype?, _ q: Double,
                      world: CATransform3D = CATransform3DIdentity) -> PremultipliedRGBA8Bitmap {
        let nodes = RenderTransition.compose(
            type: type, subtype: subtype, progress: q, old: [solidItem(full, TestColors.red, transform: world)],
            new: [solidItem(full, TestColors.blue, transform: world)], layerSize: CGSize(width: 100, height: 100),
            layerWorld: world)
        return render(nodes)
    }

    /// Push fromRight at q = ¼: old moved by −W·q (x −25…75), new by +W·(1 − q) (x 75…175).
    @Test func pushFromRight() {
        let b = Self.frame(.push, .fromRight, 0.25)
        #expect(b[0, 50] == opaqueRed && b[74, 50] == opaqueRed && b[75, 50] == opaqueBlue && b[99, 50] == opaqueBlue)
    }

    /// Reveal fromLeft at q = ½: the new content stays, the old slides right by W·q over it.
    @Test func revealFromLeft() {
        let b = Self.frame(.reveal, .fromLeft, 0.5)
        #expect(b[49, 50] == opaqueBlue && b[50, 50] == opaqueRed && b[99, 50] == opaqueRed)
    }

    /// moveIn fromTop at q = ¾: the new content, offset −H·¼, covers y < 75 over the unmoved old one [U for
    /// which edge is the top].
    @Test func moveInFromTop() {
        let b = Self.frame(.moveIn, .fromTop, 0.75)
        #expect(b[50, 74] == opaqueBlue && b[50, 75] == opaqueRed)
        let bottom = Self.frame(.moveIn, .fromBottom, 0.75)
        #expect(bottom[50, 24] == opaqueRed && bottom[50, 25] == opaqueBlue)
    }

    /// Fade at q = ½ is a cross-dissolve (spec §5.2: "opacity q (cross-dissolve)"): red·½ + blue·½, opaque
    /// (r 128, b 128, a 255, ±1), where old at ½ with new at ½ over it would let a quarter of the backdrop
    /// show through (a 192).
    @Test func fadeIgnoresTheSubtype() {
        let b = Self.frame(.fade, .fromRight, 0.5)
        #expect(abs(Int(b[50, 50].r) - 128) <= 1 && abs(Int(b[50, 50].b) - 128) <= 1 && abs(Int(b[50, 50].a) - 255) <= 1, "\(b[50, 50])")
        #expect(Self.frame(.fade, nil, 0.5) == b)
        #expect(Self.frame(.fade, nil, 1)[50, 50] == opaqueBlue && Self.frame(.fade, nil, 0)[50, 50] == opaqueRed)
    }

    /// Offsets are in the layer's space: under a 0.5 scale the push moves half as far on the device
    /// (old at device x −25…25, new at 25…75), and the rest of the frame stays empty.
    @Test func offsetsFollowTheLayerMatrix() {
        let b = Self.frame(.push, .fromRight, 0.5, world: CATransform3DMakeScale(0.5, 0.5, 1))
        #expect(b[24, 25] == opaqueRed && b[25, 25] == opaqueBlue && b[74, 25] == opaqueBlue && b[75, 25] == .transparent)
        #expect(b[50, 50] == .transparent)
    }

    @Test func rawValuesAreApplesStrings() {
        #expect(RenderTransitionType(rawValue: "moveIn") == .moveIn)
        #expect(RenderTransitionSubtype(rawValue: "fromBottom") == .fromBottom)
    }
}
