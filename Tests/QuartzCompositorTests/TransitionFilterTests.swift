// Core Image transition filters on CATransition.filter (RenderTransition+Filters) on pixels: a 100×100 layer,
// old appearance red, new blue, progress q = inputTime (spec §5.2), geometry in the layer's bounds space
// (Apple: CATransition sets kCIInputExtentKey to the region of the transition [A: DOC-CATransition filter]).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct TransitionFilterTests {
    static let full = CGRect(x: 0, y: 0, width: 100, height: 100)

    static func frame(_ name: String, _ inputs: [String: CIFilterValue], _ q: Double) -> PremultipliedRGBA8Bitmap {
        render(RenderTransition.compose(
            filter: TransitionFilter(name: name, inputs: inputs), progress: q, old: [solidItem(full, TestColors.red)],
            new: [solidItem(full, TestColors.blue)], layerBounds: full, layerWorld: CATransform3DIdentity))
    }

    /// Bars swipe at angle 0, width 25, barOffset 10, q = 0.55: even bars swept s = q·(100 + 10) = 60.5 from
    /// x = 0, odd bars s − 10 = 50.5. Pixel coverage is exact: columns before the edge blue, the edge column
    /// half blue over red (128, 0, 128) ±1, after it red; bar edges at y = 25 fall on pixel boundaries.
    @Test func barsSwipeCoverage() {
        let b = Self.frame("CIBarsSwipeTransition", ["inputAngle": .number(0), "inputWidth": .number(25),
                                                     "inputBarOffset": .number(10)], 0.55)
        #expect(b[59, 10] == opaqueBlue && near(b[60, 10], (128, 0, 128)) && b[61, 10] == opaqueRed)
        #expect(b[49, 30] == opaqueBlue && near(b[50, 30], (128, 0, 128)) && b[51, 30] == opaqueRed)
        #expect(b[55, 24] == opaqueBlue && b[55, 25] == opaqueRed)
        #expect(b[59, 60] == opaqueBlue && b[55, 80] == opaqueRed)  // bars 2 (even) and 3 (odd)
    }

    /// Angle π (Apple's default and seed 004's 3.14): the sweep runs from the right edge leftwards and the
    /// bars count from the bottom (v = (−sin π, cos π) = (0, −1)).
    @Test func barsSwipeAtPi() {
        let b = Self.frame("CIBarsSwipeTransition", ["inputAngle": .number(.pi), "inputWidth": .number(25),
                                                     "inputBarOffset": .number(10)], 0.55)
        #expect(b[38, 90] == opaqueRed && near(b[39, 90], (128, 0, 128)) && b[40, 90] == opaqueBlue)
        #expect(b[48, 60] == opaqueRed && near(b[49, 60], (128, 0, 128)) && b[50, 60] == opaqueBlue)
    }

    /// A tiny width cannot make millions of bars: at most `maximumBarCount`, widened to cover the layer.
    @Test func barsSwipeBoundsTheBarCount() {
        let frame = SweepFrame(bounds: CGRect(x: 0, y: 0, width: 100, height: 1e7), angle: 0)
        let bars = RenderTransition.barsSwipeMask(frame: frame, width: 2, barOffset: 10, progress: 0.5)
        #expect(bars.count == RenderTransition.maximumBarCount)
    }

    /// Swipe at angle 0, width 20, opacity 0, q = ½: the band is centred at c = −10 + ½·120 = 50; the new
    /// appearance's weight falls linearly from 1 at x = 40 to 0 at x = 60. At pixel 44 (centre 44.5) the
    /// weight is 0.775: blue 198, red 57, ±2 (the gradient shader's colour ramp is quantised to 8 bits).
    @Test func swipeRamp() {
        let b = Self.frame("CISwipeTransition", ["inputWidth": .number(20), "inputOpacity": .number(0)], 0.5)
        #expect(b[30, 50] == opaqueBlue && b[70, 50] == opaqueRed)
        #expect(near(b[44, 50], (57, 0, 198), 2) && b[44, 50].a == 255)
        #expect(near(b[55, 50], (198, 0, 57), 2))
    }

    /// Swipe with inputOpacity 1 and inputColor white: at the band centre the colour covers fully
    /// (triangle peak), so the pixel there is nearly white.
    @Test func swipeColourBand() {
        let b = Self.frame("CISwipeTransition", ["inputWidth": .number(20), "inputOpacity": .number(1),
                                                 "inputColor": .color(red: 1, green: 1, blue: 1, alpha: 1)], 0.5)
        let centre = b[49, 50]  // centre 49.5: colour alpha 0.95
        #expect(centre.g >= 235 && centre.r >= 235 && centre.b >= 235)
        #expect(b[30, 50] == opaqueBlue && b[70, 50] == opaqueRed)
    }

    /// Copy machine at angle 0, width 20, q = ½: a hard edge at the band centre x = 50 (blue before, red
    /// after); with opacity 1 and inputColor green the lamp adds green, alpha 1 − |x − 50|/10: pixel 47
    /// (centre 47.5) gains 0.75·255 ≈ 191 green ±2 over blue; outside the band nothing is added.
    @Test func copyMachineEdgeAndLamp() {
        let dark = Self.frame("CICopyMachineTransition", ["inputWidth": .number(20), "inputOpacity": .number(0)], 0.5)
        #expect(dark[49, 50] == opaqueBlue && dark[50, 50] == opaqueRed)
        let lit = Self.frame("CICopyMachineTransition", ["inputWidth": .number(20), "inputOpacity": .number(1),
                                                         "inputColor": .color(red: 0, green: 1, blue: 0, alpha: 1)], 0.5)
        #expect(near(lit[47, 50], (0, 191, 255), 2))
        #expect(lit[30, 50] == opaqueBlue && lit[70, 50] == opaqueRed)
    }

    /// CIDissolveTransition ("uses a dissolve") is the same linear mix as crossDissolve: at q = 0.3,
    /// red·0.7 + blue·0.3 = (179, 0, 77) ±1.
    @Test func dissolveIsALinearMix() {
        let b = Self.frame("CIDissolveTransition", [:], 0.3)
        #expect(near(b[50, 50], (179, 0, 77)) && b[50, 50].a == 255)
    }

    /// An unsupported filter (unknown name) draws the new appearance; q 0 and 1 are the two appearances
    /// for every supported filter.
    @Test func unsupportedAndEndpoints() {
        #expect(Self.frame("CIPageCurlTransition", [:], 0.5)[50, 50] == opaqueBlue)
        for name in CIFilter.filterNames(inCategory: kCICategoryTransition) {
            #expect(Self.frame(name, [:], 0)[50, 50] == opaqueRed, "\(name)")
            #expect(Self.frame(name, [:], 1)[50, 50] == opaqueBlue, "\(name)")
        }
    }

    /// Geometry follows the layer's matrix: bars swipe under a 0.5 scale puts the even-bar edge at
    /// device x = 30.25 (60.5 / 2), so device column 29 is blue and 31 red.
    @Test func followsTheLayerMatrix() {
        let world = CATransform3DMakeScale(0.5, 0.5, 1)
        let b = render(RenderTransition.compose(
            filter: TransitionFilter(name: "CIBarsSwipeTransition", inputs: ["inputAngle": .number(0), "inputWidth": .number(25)]),
            progress: 0.55, old: [solidItem(Self.full, TestColors.red, transform: world)],
            new: [solidItem(Self.full, TestColors.blue, transform: world)], layerBounds: Self.full, layerWorld: world))
        #expect(b[29, 5] == opaqueBlue && b[31, 5] == opaqueRed && b[60, 5] == .transparent)
    }

    /// Seed 004 listing 5-2 (TransitionGoldenScenes.seed004): both image layers carry the transition, the
    /// first is hidden and the second shown in the same transaction. Middle panel (x 170…310, y 10…160) at
    /// q = ½, inputAngle 3.14 (sweep from the right edge), inputWidth 30 (bar 0 is the bottom one, y 130…160),
    /// inputBarOffset 10: the even bar is swept 0.5·(140 + 10) = 75 pt (x > 235), the odd one 65 pt (x > 245).
    /// Swept pixels show the second image (teal, or its white disc), the rest the first (orange squares): the
    /// hidden layer still draws its old appearance while the transition runs.
    @Test func seed004BarsSwipePixels() throws {
        let scene = try #require(TransitionGoldenScenes.all.first { $0.name == "seed004_bars_swipe" })
        let b = try scene.render(threads: 1)
        let orange = PremultipliedRGBA8(r: 240, g: 140, b: 30, a: 255), teal = PremultipliedRGBA8(r: 30, g: 120, b: 140, a: 255)
        let disc = PremultipliedRGBA8(r: 250, g: 250, b: 250, a: 255)
        #expect(b[300, 150] == teal, "\(b[300, 150])")  // image 2 at (55.7, 56): teal
        #expect(b[200, 150] == orange, "\(b[200, 150])")  // image 1 at (12.9, 56): an orange square
        #expect(b[250, 115] == disc, "\(b[250, 115])")  // odd bar, swept: image 2's disc
        #expect(b[238, 115] == orange && b[238, 145] == teal)  // x = 238 is swept in bar 0 only
    }

    /// Through the layer tree: "When a transition filter is specified the type and subtype properties are
    /// ignored" [A: DOC-CATransition filter], so a push with a CIDissolveTransition mixes linearly in place
    /// (red·½ + blue·½ at q = ½, ±1); a filter object that is not a CIFilter draws the new appearance.
    @Test func layerTransitionUsesTheFilter() throws {
        func frame(_ filter: Any) throws -> PremultipliedRGBA8Bitmap {
            let scene = LayersScene(width: 100, height: 100, background: nil)
            let panel = scene.add(CALayer()) { $0.frame = Self.full; $0.backgroundColor = TestColors.red }
            scene.run {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                let transition = CATransition()
                transition.type = .push
                transition.subtype = .fromRight
                transition.duration = 1
                transition.filter = filter
                panel.add(transition, forKey: nil)
                panel.backgroundColor = TestColors.blue
                CATransaction.commit()
                CATransaction.flush()
            }
            return try scene.render(at: 0.5)
        }
        let mixed = try frame(try #require(CIFilter(name: "CIDissolveTransition")))
        #expect(near(mixed[10, 50], (128, 0, 128)) && near(mixed[90, 50], (128, 0, 128)) && mixed[50, 50].a == 255)
        let unsupported = try frame(42)
        #expect(unsupported[10, 50] == opaqueBlue && unsupported[90, 50] == opaqueBlue)
    }
}
