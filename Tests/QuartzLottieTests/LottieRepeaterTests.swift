// Lottie repeaters (`rp`) on pixels: copies moved k steps (turned and scaled about the anchor, moved by k
// times the position), the offset, the opacity ramp, the composite order and the bounds on copies. Evidence:
// lottie-docs "Repeater" and "Repeater Transform" for the fields; ThorVG's drawing of the corpus file
// thorvg_test6 (a 40 px, 45° step puts the copies along a line, each turned further) and Apple's own Core
// Animation drawing of ios_issue_769 through lottie-ios (copies side by side) for the placement.
import Foundation
import QuartzLayers
import QuartzRaster
import Testing
@testable import QuartzLottie

@Suite struct LottieRepeaterTests {
    static let red = #"{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}"#

    /// A 10 × 10 rectangle centred at `center`, the given paints, then a repeater with `fields`.
    static func render(center: (Double, Double) = (10, 10), paints: String = red, _ fields: String, at time: Double = 0) throws
        -> PremultipliedRGBA8Bitmap
    {
        let rect = #"{"ty":"rc","p":{"a":0,"k":[\#(center.0),\#(center.1)]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
        let items = "[\(rect),\(paints),{\"ty\":\"rp\",\(fields)}]"
        let layer = #"{"ty":4,"nm":"S","ip":0,"op":60,"ks":{},"shapes":\#(items)}"#
        return try LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(layer)]"))).render(at: time, width: 100, height: 100, scale: 1)
    }

    static func rgb(_ b: PremultipliedRGBA8Bitmap, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = b[x, y]
        return (Int(p.r), Int(p.g), Int(p.b))
    }

    static let white = (255, 255, 255), opaqueRed = (255, 0, 0)

    @Test func copiesMoveByTheStep() throws {
        let b = try Self.render(#""c":{"a":0,"k":3},"tr":{"p":{"a":0,"k":[20,0]}}"#)
        for x in [10, 30, 50] { #expect(Self.rgb(b, x, 10) == Self.opaqueRed, "copy at \(x)") }
        for x in [20, 40, 70] { #expect(Self.rgb(b, x, 10) == Self.white, "gap at \(x)") }
    }

    /// The turn is about the anchor and the position adds up without turning: four copies a quarter turn
    /// apart about (50, 50) sit above, right of, below and left of the centre; with a 30 px step as well they
    /// move right along a line instead of round a circle.
    @Test func copiesTurnAboutTheAnchorAndMoveAlongALine() throws {
        let b = try Self.render(center: (50, 20), #""c":{"a":0,"k":4},"tr":{"a":{"a":0,"k":[50,50]},"r":{"a":0,"k":90}}"#)
        for (x, y) in [(50, 20), (80, 50), (50, 80), (20, 50)] { #expect(Self.rgb(b, x, y) == Self.opaqueRed, "copy at (\(x), \(y))") }
        #expect(Self.rgb(b, 50, 50) == Self.white)
        // Copy 1: (50, 20) turned a quarter about (50, 50) is (80, 50), then 30 px right: (110, 50), off the frame;
        // with a 15 px step it is (95, 50).
        let moved = try Self.render(center: (50, 20), #""c":{"a":0,"k":2},"tr":{"a":{"a":0,"k":[50,50]},"r":{"a":0,"k":90},"p":{"a":0,"k":[15,0]}}"#)
        #expect(Self.rgb(moved, 95, 50) == Self.opaqueRed && Self.rgb(moved, 80, 50) == Self.white)
    }

    /// Scale compounds: copy k is scaled by s^k about the anchor.
    @Test func scaleCompounds() throws {
        // The square at (10, 10) scaled 200 % about (0, 0): copy 1 spans 10...30, copy 2 spans 20...60.
        let b = try Self.render(#""c":{"a":0,"k":3},"tr":{"s":{"a":0,"k":[200,200]}}"#)
        #expect(Self.rgb(b, 58, 58) == Self.opaqueRed && Self.rgb(b, 62, 62) == Self.white)
    }

    @Test func repeatersOfRepeatersAreBounded() throws {
        let rect = #"{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
        let many = #"{"ty":"rp","c":{"a":0,"k":1000}}"#
        let items = "[\(rect),\(Self.red),\(many),\(many)]"
        let layer = #"{"ty":4,"nm":"S","ip":0,"op":60,"ks":{},"shapes":\#(items)}"#
        #expect(throws: LottieError.self) { try LottieAnimation(data: lottieDocument(layers: "[\(layer)]")) }
    }

    @Test func theOffsetMovesEveryCopy() throws {
        let b = try Self.render(#""c":{"a":0,"k":2},"o":{"a":0,"k":1},"tr":{"p":{"a":0,"k":[20,0]}}"#)
        #expect(Self.rgb(b, 10, 10) == Self.white)
        #expect(Self.rgb(b, 30, 10) == Self.opaqueRed && Self.rgb(b, 50, 10) == Self.opaqueRed)
        let half = try Self.render(#""c":{"a":0,"k":1},"o":{"a":0,"k":0.5},"tr":{"p":{"a":0,"k":[20,0]}}"#)
        #expect(Self.rgb(half, 13, 10) == Self.white && Self.rgb(half, 16, 10) == Self.opaqueRed && Self.rgb(half, 24, 10) == Self.opaqueRed)
    }

    /// Opacity runs linearly from `so` on the first copy to `eo` on the last: 100, 60, 20 % over white.
    @Test func opacityRampsFromStartToEnd() throws {
        let b = try Self.render(#""c":{"a":0,"k":3},"tr":{"p":{"a":0,"k":[20,0]},"so":{"a":0,"k":100},"eo":{"a":0,"k":20}}"#)
        for (x, alpha) in [(10, 1.0), (30, 0.6), (50, 0.2)] {
            let g = Int((255 * (1 - alpha)).rounded())
            let (r, green, blue) = Self.rgb(b, x, 10)
            #expect(r == 255 && abs(green - g) <= 1 && abs(blue - g) <= 1, "copy at \(x): \((r, green, blue))")
        }
    }

    /// With composite 1 each copy lies above the one before; with 2 below. A blue-stroked red square and its
    /// copy 5 px to the right: the copy's left stroke shows over the first square only when copies go above.
    @Test(arguments: [(1, true), (2, false)])
    func compositeOrdersTheCopies(mode: Int, copyOnTop: Bool) throws {
        let paints = #"{"ty":"st","c":{"a":0,"k":[0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}},\#(Self.red)"#
        let b = try Self.render(paints: paints, #""c":{"a":0,"k":2},"m":\#(mode),"tr":{"p":{"a":0,"k":[5,0]}}"#)
        // x = 10 is the copy's left edge (it spans 10...20), inside the first square (5...15).
        #expect(Self.rgb(b, 10, 10) == (copyOnTop ? (0, 0, 255) : Self.opaqueRed))
    }

    @Test func copiesAreBounded() throws {
        let none = try Self.render(#""c":{"a":0,"k":-3}"#)
        #expect(Self.rgb(none, 10, 10) == Self.white)
        // A billion copies draw the bound's thousand, each a step of 0.01 px: the strip is 10 px longer.
        let many = try Self.render(#""c":{"a":0,"k":1000000000},"tr":{"p":{"a":0,"k":[0.01,0]}}"#)
        #expect(Self.rgb(many, 23, 10) == Self.opaqueRed && Self.rgb(many, 26, 10) == Self.white)
    }

    @Test func anAnimatedStepIsSampled() throws {
        let step = #""c":{"a":0,"k":2},"tr":{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":60,"s":[60,0]}]}}"#
        // At 1 s (frame 30) the step is 30 px: the copy is centred at x = 40.
        let b = try Self.render(step, at: 1)
        #expect(Self.rgb(b, 40, 10) == Self.opaqueRed && Self.rgb(b, 25, 10) == Self.white)
    }
}
