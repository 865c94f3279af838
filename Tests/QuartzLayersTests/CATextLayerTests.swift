// CATextLayer's model API: Apple's defaults [A: DOC-catextlayer/fontsize "Defaults to 36.0";
// DOC-catextlayer/font "Defaults to Helvetica"; foregroundColor opaque white], KVC, implicit animation of
// the animatable properties (spec §6.5), presentation copies and preferredFrameSize().
import Foundation
import QuartzRaster
import QuartzText
import Testing
@testable import QuartzLayers

@Suite struct CATextLayerTests {
    @Test("defaults as Apple documents them")
    func defaults() {
        let layer = CATextLayer()
        #expect(layer.string == nil)
        #expect(layer.fontSize == 36)
        #expect(layer.foregroundColor == CGColor.white)
        #expect((layer.font as? String) == "Helvetica")
        #expect(layer.isWrapped == false)
        #expect(layer.truncationMode == .none)
        #expect(layer.alignmentMode == .natural)
        #expect(layer.allowsFontSubpixelQuantization == false)
    }

    @Test("code written for Apple compiles: fonts as CFTypeRef names, CGFonts and CTFonts")
    func appleSpellings() throws {
        let layer = CATextLayer()
        layer.font = "Helvetica-Bold" as CFTypeRef
        #expect((layer.font as? String) == "Helvetica-Bold")
        let cgFont = try #require(CGFont("Menlo" as CFString))
        layer.font = cgFont
        #expect(layer.font as? CGFont == cgFont)
        layer.font = CTFontCreateWithName("Times" as CFString, 20, nil)
        #expect(layer.font is CTFont)
        layer.alignmentMode = CATextLayerAlignmentMode.center
        layer.truncationMode = CATextLayerTruncationMode.end
        #expect(layer.value(forKey: "alignmentMode") as? String == "center")
    }

    @Test("string takes a String or an NSAttributedString (copied) through the property and KVC")
    func stringValues() {
        let layer = CATextLayer()
        layer.setValue("hello", forKey: "string")
        #expect(layer.string as? String == "hello")
        let attributed = NSMutableAttributedString(string: "rich")
        layer.string = attributed
        attributed.append(NSAttributedString(string: " changed"))
        #expect((layer.string as? NSAttributedString)?.string == "rich", "Apple's string property is copy")
        layer.string = 42  // neither: ignored
        #expect((layer.string as? NSAttributedString)?.string == "rich")
    }

    @Test("fontSize and foregroundColor animate implicitly; non-finite sizes are ignored")
    func implicitAnimations() {
        let scene = EngineScene()
        let layer = scene.addLayer(CATextLayer())
        scene.run {
            layer.fontSize = 20
            layer.foregroundColor = CGColor(gray: 0, alpha: 1)
            layer.isWrapped = true
        }
        let keys = layer.animationKeys() ?? []
        #expect(keys == ["fontSize", "foregroundColor"], "wrapped is not animatable")
        scene.run { layer.fontSize = .nan }
        #expect(layer.fontSize == 20)
    }

    @Test("a presentation copy carries the text properties")
    func presentationCopy() throws {
        let context = LayerTreeContext(clock: ManualMediaClock(time: 0))
        try context.perform {
            let layer = CATextLayer()
            layer.string = "copied"
            layer.fontSize = 18
            layer.alignmentMode = .right
            CATransaction.flush()
            let presented = try #require(layer.presentation())
            #expect(presented.string as? String == "copied")
            #expect(presented.fontSize == 18)
            #expect(presented.alignmentMode == .right)
        }
    }

    @Test("preferredFrameSize measures the text: the widest line by the stacked line heights")
    func preferredSize() throws {
        let layer = CATextLayer()
        layer.font = try CGFont(contentsOfFile: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
        layer.fontSize = 20
        layer.string = "abc\nde"
        let size = layer.preferredFrameSize()
        let cell = (1233.0 * 20 * 64 / 2048).rounded() / 64
        // DejaVu Sans Mono hhea: ascender 1901, descender −483, no line gap.
        let lineHeight = (1901.0 + 483) * 20 / 2048
        #expect(abs(size.width - 3 * cell) < 1e-9)
        #expect(abs(size.height - 2 * lineHeight) < 1e-9)
        #expect(CATextLayer().preferredFrameSize() == .zero)
    }
}
