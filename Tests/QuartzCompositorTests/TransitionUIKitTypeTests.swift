// The UIKit-style CATransition types (flip "oglFlip", curl "pageCurl"/"pageUnCurl", crossDissolve) on pixels
// and matrices: a 100×100 layer whose old appearance is red and new appearance blue. Apple documents none of
// their motion [U]; the tests pin OpenQuartz's documented construction (RenderTransition+Flip, +Curl).
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct TransitionUIKitTypeTests {
    static let full = CGRect(x: 0, y: 0, width: 100, height: 100)

    static func frame(_ type: RenderTransitionType, _ subtype: RenderTransitionSubtype?, _ q: Double,
                      old: [RenderNode] = [solidItem(full, TestColors.red)],
                      new: [RenderNode] = [solidItem(full, TestColors.blue)]) -> PremultipliedRGBA8Bitmap {
        render(RenderTransition.compose(
            type: type, subtype: subtype, progress: q, old: old, new: new, layerBounds: full,
            layerWorld: CATransform3DIdentity))
    }

    /// Flip fromLeft at q = ¼: θ = π/4 about the vertical centre line, m34 = −1/(2·100), z dropped. With
    /// c = cos θ, s = sin θ, x̃ = x − 50: w = 1 + x̃·s/200, X = (c·x̃ + 50w)/w, Y = (y − 50 + 50w)/w; so the
    /// matrix (rows for x, y, z, 1) is [c + s/4, s/4, 0, s/200; 0, 1, 0, 0; s − c/4, −c/4, 0, −c/200;
    /// 50 − 50c − 12.5s, −12.5s, 0, 1 − s/4], element by element.
    @Test func flipMatrixAtAQuarter() throws {
        let (m, showsOld) = try #require(RenderTransition.flipMatrix(subtype: .fromLeft, progress: 0.25, bounds: Self.full))
        #expect(showsOld)
        let c = cos(Double.pi / 4), s = sin(Double.pi / 4)
        let expected: [[Double]] = [
            [c + s / 4, s / 4, 0, s / 200], [0, 1, 0, 0], [s - c / 4, -c / 4, 0, -c / 200],
            [50 - 50 * c - 12.5 * s, -12.5 * s, 0, 1 - s / 4],
        ]
        let rows = [m.row1, m.row2, m.row3, m.row4]
        for i in 0..<4 { for j in 0..<4 { #expect(abs(rows[i][j] - expected[i][j]) <= 1e-12, "m\(i + 1)\(j + 1)") } }
    }

    /// The flipped old layer's pixels are its projected quad: alpha = 255 × exact coverage (±1), and the
    /// left edge (coming forward) is longer than the right one.
    @Test func flipCornersOnPixels() throws {
        let (m, _) = try #require(RenderTransition.flipMatrix(subtype: .fromLeft, progress: 0.25, bounds: Self.full))
        let corners = try [(0.0, 0.0), (100, 0), (100, 100), (0, 100)].map { try #require(project(m, $0.0, $0.1)) }
        let b = Self.frame(.flip, .fromLeft, 0.25)
        #expect(maximumAlphaError(b, polygon: corners) <= 1)
        #expect(corners[3].y - corners[0].y > corners[2].y - corners[1].y)
        // Left edge at X = 50 − 50c/(1 − s/4) ≈ 7.05: column 7 partly, column 8 fully red.
        #expect(b[8, 50] == opaqueRed && b[6, 50] == .transparent)
    }

    /// The swap at the half-way point: before it the old appearance turns away, from it on the new one
    /// turns in from the other side; at 0 and 1 the layer is flat.
    @Test func flipSwapsAtHalfway() {
        let before = Self.frame(.flip, .fromRight, 0.45), after = Self.frame(.flip, .fromRight, 0.55)
        #expect(before[50, 50] == opaqueRed && after[50, 50] == opaqueBlue)
        #expect(before[20, 50] == .transparent && after[20, 50] == .transparent)
        #expect(Self.frame(.flip, .fromTop, 0)[0, 0] == opaqueRed && Self.frame(.flip, .fromTop, 1)[99, 99] == opaqueBlue)
    }

    /// fromTop turns about the horizontal centre line, the top edge coming forward: at q = ¼ the top edge is
    /// wider than the layer (columns 0…99 covered in row 10) and the bottom one narrower and higher
    /// (Y = 50 + 50c/(1 + s/4) ≈ 80.04).
    @Test func flipFromTopTurnsAboutTheHorizontalAxis() {
        let b = Self.frame(.flip, .fromTop, 0.25)
        #expect(b[0, 10] == opaqueRed && b[99, 10] == opaqueRed)
        #expect(b[2, 78] == .transparent && b[50, 78] == opaqueRed && b[50, 82] == .transparent)
    }

    /// Curl up (default fromBottom) at q = ¼: the fold d = (−0.3, −1)/|…| sweeps from the bottom-right corner;
    /// f = tMin + ¼·(tMax − tMin). Far beyond the fold the old page lies flat; near the lifted corner the new
    /// appearance shows (outside the shadow band of 8 % of the sweep); the flap shows paper with a red tint.
    @Test func curlUpAtAQuarter() {
        let b = Self.frame(.curlUp, nil, 0.25)
        #expect(b[5, 5] == opaqueRed)
        #expect(b[98, 98] == opaqueBlue)
        let flap = b[60, 60]  // t = (−0.3·60.5 − 60.5)/1.044 ≈ −75.3, between f ≈ −93.4 and 2f − tMin ≈ −62.3
        #expect(flap.a == 255 && flap.r > flap.g && abs(Int(flap.g) - Int(flap.b)) <= 1 && flap.g > 120)
    }

    /// curlDown is curlUp backwards with the appearances swapped (the new page uncurls over the old one).
    @Test func curlDownIsCurlUpReversed() {
        for q in [0.2, 0.5, 0.8] {
            let red = [solidItem(Self.full, TestColors.red)], blue = [solidItem(Self.full, TestColors.blue)]
            #expect(Self.frame(.curlDown, .fromLeft, q) == Self.frame(.curlUp, .fromLeft, 1 - q, old: blue, new: red))
        }
        #expect(Self.frame(.curlDown, nil, 0)[50, 50] == opaqueRed && Self.frame(.curlDown, nil, 1)[50, 50] == opaqueBlue)
    }

    /// Each subtype lifts its own edge first: at q = 0.3 the pixel in the middle of that edge shows the
    /// new appearance and the middle of the opposite edge the old one.
    @Test func curlSubtypesLiftTheirEdge() {
        let cases: [(RenderTransitionSubtype, (Int, Int), (Int, Int))] = [
            (.fromBottom, (50, 99), (50, 0)), (.fromTop, (50, 0), (50, 99)),
            (.fromLeft, (0, 50), (99, 50)), (.fromRight, (99, 50), (0, 50)),
        ]
        for (subtype, lifted, flat) in cases {
            let b = Self.frame(.curlUp, subtype, 0.3)
            let p = b[lifted.0, lifted.1]
            #expect(p.b > 150 && p.r < 60, "\(subtype) lifted edge \(p)")
            #expect(b[flat.0, flat.1] == opaqueRed, "\(subtype) far edge")
        }
    }

    /// Cross-dissolve is a linear mix: at q = ¼, red·¾ + blue·¼ = (191, 0, 64, 255) ±1 (two 8-bit group
    /// opacities round once each), and fade is the same mix (blue·¼ over red·¾ would be (143, 0, 64, 207)).
    /// Where only the old appearance draws it keeps its weight: red at ¾ = (191, 0, 0, 191) ±1.
    @Test func crossDissolveIsALinearMix() {
        let half = [solidItem(CGRect(x: 0, y: 0, width: 50, height: 100), TestColors.blue)]
        let b = Self.frame(.crossDissolve, .fromLeft, 0.25, new: half)
        #expect(near(b[25, 50], (191, 0, 64)) && abs(Int(b[25, 50].a) - 255) <= 1, "\(b[25, 50])")
        #expect(near(b[75, 50], (191, 0, 0)) && abs(Int(b[75, 50].a) - 191) <= 1)
        let fade = Self.frame(.fade, nil, 0.25, new: half)
        #expect(fade == b)
        #expect(Self.frame(.crossDissolve, nil, 0) == Self.frame(.fade, nil, 0))
        #expect(Self.frame(.crossDissolve, nil, 1)[50, 50] == opaqueBlue)
    }

    /// The raw values are Apple's private CATransition strings (and OpenQuartz's "crossDissolve").
    @Test func rawStrings() {
        #expect(RenderTransitionType(rawValue: "oglFlip") == .flip)
        #expect(RenderTransitionType(rawValue: "pageCurl") == .curlUp)
        #expect(RenderTransitionType(rawValue: "pageUnCurl") == .curlDown)
        #expect(RenderTransitionType(rawValue: "crossDissolve") == .crossDissolve)
    }

    /// Degenerate bounds and progress never crash: NaN progress is 0 (the old appearance), and bounds of
    /// zero or infinite size fall back to showing one appearance without geometry of their own.
    @Test func degenerateInputs() {
        for type in [RenderTransitionType.flip, .curlUp, .curlDown, .crossDissolve] {
            let nodes = RenderTransition.compose(
                type: type, subtype: nil, progress: .nan, old: [solidItem(Self.full, TestColors.red)], new: [],
                layerBounds: .zero, layerWorld: CATransform3DIdentity)
            #expect(render(nodes)[50, 50] == opaqueRed, "\(type)")
            let huge = RenderTransition.compose(
                type: type, subtype: .fromTop, progress: 0.3, old: [], new: [],
                layerBounds: CGRect(x: 0, y: 0, width: 1e300, height: .infinity), layerWorld: CATransform3DIdentity)
            #expect(render(huge).pixels.allSatisfy { $0 == 0 }, "\(type)")
        }
    }
}
