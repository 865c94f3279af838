// Groups: group opacity vs per-item opacity (spec §9.5: "opacity multiplies the result — as a group when
// allowsGroupOpacity … or per component otherwise"), masks ("alpha of the mask layer … multiplies the layer's
// output; combined multiplicatively with masksToBounds"), rounded masksToBounds clips, compositing filters
// (blend modes), culling.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct GroupCompositingTests {
    static let left = CGRect(x: 0, y: 0, width: 60, height: 100)
    static let right = CGRect(x: 40, y: 0, width: 60, height: 100)

    /// Overlapping red (x 0…60) and blue (x 40…100) at opacity ½ (8-bit factor 128): as a group the overlap
    /// shows only blue at 128; per item, blue·½ lies over red·½. Tolerance ±1: blendSpan's documented rounding.
    @Test func groupOpacityVersusPerItemOpacity() {
        let group = render([.group(RenderGroup(children: [solidItem(Self.left, TestColors.red),
                                                          solidItem(Self.right, TestColors.blue)], opacity: 0.5))])
        let perItem = render([solidItem(Self.left, TestColors.red, opacity: 0.5),
                              solidItem(Self.right, TestColors.blue, opacity: 0.5)])
        let halfRed = FillSourceOver.scale(opaqueRed.packed, by: 128)
        let halfBlue = FillSourceOver.scale(opaqueBlue.packed, by: 128)
        func close(_ a: PremultipliedRGBA8, _ b: UInt32) -> Bool {
            let p = PremultipliedRGBA8(packed: b)
            return abs(Int(a.r) - Int(p.r)) <= 1 && abs(Int(a.g) - Int(p.g)) <= 1 && abs(Int(a.b) - Int(p.b)) <= 1
                && abs(Int(a.a) - Int(p.a)) <= 1
        }
        #expect(close(group[50, 50], halfBlue))
        #expect(close(group[20, 50], halfRed) && close(group[80, 50], halfBlue))
        #expect(perItem[50, 50] == PremultipliedRGBA8(packed: FillSourceOver.blend(halfBlue, over: halfRed)))
        #expect(perItem[50, 50].a == 192 && perItem[50, 50].r == 64)
        #expect(perItem[20, 50].packed == halfRed && perItem[80, 50].packed == halfBlue)
    }

    /// A mask's alpha multiplies the group: an opaque left half keeps the left half, a 50%-alpha bottom band
    /// halves it, nothing survives where the mask is empty.
    @Test func maskAlphaMultipliesTheGroup() {
        let content = solidItem(CGRect(x: 0, y: 0, width: 100, height: 100), TestColors.red)
        let mask: [RenderNode] = [
            solidItem(CGRect(x: 0, y: 0, width: 50, height: 50), TestColors.black),
            solidItem(CGRect(x: 0, y: 50, width: 50, height: 50), CGColor(red: 0, green: 0, blue: 0, alpha: 0.5)),
        ]
        let bitmap = render([.group(RenderGroup(children: [content], mask: mask))])
        #expect(bitmap[10, 10] == opaqueRed)
        #expect(bitmap[10, 80].a == 128 && bitmap[10, 80].r == 128)
        #expect(bitmap[80, 10] == .transparent && bitmap[80, 80] == .transparent)
        // An empty mask hides the whole group.
        let hidden = render([.group(RenderGroup(children: [content], mask: []))])
        #expect(hidden.pixels.allSatisfy { $0 == 0 })
    }

    /// masksToBounds with cornerRadius is a coverage clip (no offscreen): the alpha of a child covering the
    /// whole frame equals the rounded rectangle's exact-area coverage, pixel for pixel.
    @Test func roundedMasksToBoundsClip() {
        let clipRect = CGRect(x: 10.5, y: 20, width: 70, height: 60)
        let clip = RenderClip(transform: CATransform3DIdentity, shape: RenderRoundedRect(rect: clipRect, cornerRadius: 20))
        let group = RenderGroup(children: [solidItem(CGRect(x: -50, y: -50, width: 300, height: 300), TestColors.green)], clip: clip)
        #expect(!group.needsOffscreen)
        let bitmap = render([.group(group)])
        let reference = FillRoundedRectCoverage(rect: clipRect, cornerRadius: 20)
        var worst = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let want = Int((reference.coverage(x: x, y: y) * 255).rounded())
                worst = max(worst, abs(Int(bitmap[x, y].a) - want))
                #expect(bitmap[x, y].g == bitmap[x, y].a && bitmap[x, y].r == 0)
            }
        }
        #expect(worst <= 1)
        #expect(bitmap[12, 22].a == 0 && bitmap[45, 50].a == 255)
    }

    /// Nested clips multiply, and the clip follows a rotated matrix (path coverage for uneven corners).
    @Test func nestedAndMaskedCornerClips() {
        let outer = RenderClip(transform: CATransform3DIdentity,
                               shape: RenderRoundedRect(rect: CGRect(x: 0, y: 0, width: 60, height: 100)))
        let inner = RenderClip(transform: CATransform3DIdentity,
                               shape: RenderRoundedRect(rect: CGRect(x: 20, y: 0, width: 80, height: 100), cornerRadius: 30,
                                                        maskedCorners: [.maxXMaxY]))
        let fill = solidItem(CGRect(x: 0, y: 0, width: 100, height: 100), TestColors.red)
        let bitmap = render([.group(RenderGroup(children: [.group(RenderGroup(children: [fill], clip: inner))], clip: outer))])
        // Only x 20…60 survives; the rounded corner lies outside the outer clip.
        #expect(bitmap[19, 50] == .transparent && bitmap[20, 50] == opaqueRed && bitmap[59, 99] == opaqueRed)
        #expect(bitmap[60, 50] == .transparent)
        // The masked corner (maxX, maxY) of a wider clip rounds; the others stay square.
        let single = render([.group(RenderGroup(children: [fill], clip: inner))])
        #expect(single[99, 99].a == 0 && single[99, 0] == opaqueRed && single[20, 99] == opaqueRed)
        #expect(single[96, 96].a == 0 && single[80, 80] == opaqueRed)
    }

    /// A compositing filter blends the group with what lies below: multiply of opaque colours is s·d/255
    /// (white × red = red, green × red = black); ±1 for blendSpan's rounding.
    @Test func compositingFilterMultiply() {
        let below = solidItem(CGRect(x: 0, y: 0, width: 100, height: 100), TestColors.red)
        let above = RenderGroup(children: [
            solidItem(CGRect(x: 0, y: 0, width: 50, height: 100), TestColors.white),
            solidItem(CGRect(x: 50, y: 0, width: 50, height: 100), TestColors.green),
        ], blendMode: .multiply)
        let bitmap = render([below, .group(above)])
        #expect(bitmap[25, 50] == opaqueRed)
        #expect(bitmap[75, 50].r <= 1 && bitmap[75, 50].g <= 1 && bitmap[75, 50].a == 255)
        // The same blend on a single item.
        let item = RenderItem(transform: CATransform3DIdentity,
                              content: .solid(RenderRoundedRect(rect: CGRect(x: 0, y: 0, width: 100, height: 100)),
                                              color: TestColors.green), blendMode: .multiply)
        let single = render([below, .item(item)])
        #expect(single[75, 50].r <= 1 && single[75, 50].g <= 1 && single[75, 50].a == 255)
    }

    /// Culling (spec §9.5 hidden/opacity/doubleSided, plus off-screen): nothing is planned for these.
    @Test func cullingPlansNothing() {
        var plan = CompositorPlan(frame: FillPixelBounds(width: 100, height: 100))
        let flipped = CATransform3DMakeRotation(Double.pi, 0, 1, 0)
        plan.plan([
            solidItem(CGRect(x: 0, y: 0, width: 10, height: 10), TestColors.red, opacity: 0),
            solidItem(CGRect(x: 0, y: 0, width: 10, height: 10), TestColors.red, opacity: .nan),
            solidItem(CGRect(x: 200, y: 0, width: 10, height: 10), TestColors.red),
            solidItem(CGRect(x: -50, y: 0, width: 10, height: 10), TestColors.red, transform: flipped, doubleSided: false),
            .group(RenderGroup(children: [solidItem(CGRect(x: 0, y: 0, width: 10, height: 10), TestColors.red)], opacity: 0)),
        ], surface: 0, clip: -1, visible: plan.surfaces[0].bounds)
        #expect(plan.ops.isEmpty)
        // The flipped square is drawn while double-sided (at x 40…50 after the mirror).
        let bitmap = render([solidItem(CGRect(x: -50, y: 0, width: 10, height: 10), TestColors.red, transform: flipped)])
        #expect(bitmap[45, 5] == opaqueRed)
    }

    /// Nested offscreen groups (group opacity inside group opacity) and a blend-mode group inside a clip
    /// compose as their flat equivalents: ½ · ½ of opaque red is 64 (8-bit factors 128 · 128 / 255, ±1).
    @Test func nestedOffscreens() {
        let inner = RenderGroup(children: [solidItem(CGRect(x: 0, y: 0, width: 100, height: 100), TestColors.red)], opacity: 0.5)
        let outer = RenderGroup(children: [.group(inner)], opacity: 0.5)
        let bitmap = render([.group(outer)])
        #expect(abs(Int(bitmap[50, 50].a) - 64) <= 1 && bitmap[50, 50].r == bitmap[50, 50].a)
        let clip = RenderClip(transform: CATransform3DIdentity, shape: RenderRoundedRect(rect: CGRect(x: 0, y: 0, width: 50, height: 100)))
        let clipped = render([.group(RenderGroup(children: [.group(outer)], clip: clip))])
        #expect(abs(Int(clipped[25, 50].a) - 64) <= 1 && clipped[75, 50] == .transparent)
    }
}
