// Text against Skia's (fixtures/text-agreement/): paragraphs at 12, 16, 32 and 96 px in Latin and Arabic
// (DejaVu Sans) and Devanagari (Lohit Devanagari, fonts-lohit-deva, installed by .ci/run), each line drawn
// by CTLineDraw at its baseline, black on white, and compared with Skia drawing the same font file's glyphs
// where HarfBuzz puts them (Benchmarks/peers/skia_text_references.py, skia-python 144.1, uharfbuzz 0.57:
// anti-aliased, unhinted, subpixel positions), twice:
// - the glyphs' outlines filled as paths by Skia: mean absolute difference 0.47–0.55/255, 2.0–2.4 % of pixels
//   off by more than 8/255, and the same ink to 0.4 % (measured). The bars: 0.75, 3.2 % and 1 %.
// - Skia's text drawing (glyph masks): 1.58–2.00/255 and 4.5–5.8 % (bars 2.7 and 7.5 %). Skia adjusts its
//   text masks' gamma and contrast, which leaves black text on white 9–15 % lighter than its coverage; we draw
//   the outlines' exact coverage (README, "Text").
import Foundation
import QuartzPNG
import QuartzRaster
import QuartzTestSupport
import Testing
@testable import QuartzText

@Suite struct TextAgreementTests {
    struct Line: Decodable {
        let size: Double
        let text: String
        let x: Double
        let baseline: Double
    }

    struct Picture: Decodable, CustomTestStringConvertible, Sendable {
        let name: String
        let font: String
        let width: Int
        let height: Int
        let lines: [Line]
        var testDescription: String { name }
    }

    static let folder = fixturesDirectory.appendingPathComponent("text-agreement")

    static var pictures: [Picture] {
        struct Spec: Decodable { let images: [Picture] }
        let data = try! Data(contentsOf: folder.appendingPathComponent("lines.json"))
        return try! JSONDecoder().decode(Spec.self, from: data).images
    }

    /// The picture drawn as Core Graphics code draws it: a y-up context, each line's origin at its baseline.
    static func render(_ picture: Picture) throws -> PremultipliedRGBA8Bitmap {
        let context = TextContexts.make(width: picture.width, height: picture.height)
        context.setFillColor(gray: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: picture.width, height: picture.height))
        let font = try CGFont(contentsOfFile: picture.font)
        for line in picture.lines {
            let attributes: [NSAttributedString.Key: Any] = [.font: CTFontCreateWithGraphicsFont(font, line.size, nil, nil),
                                                             .foregroundColor: CGColor(gray: 0, alpha: 1)]
            context.textPosition = CGPoint(x: line.x, y: Double(picture.height) - line.baseline)
            CTLineDraw(CTLineCreateWithAttributedString(NSAttributedString(string: line.text, attributes: attributes)), context)
        }
        return context.bitmap
    }

    struct Reference: CustomTestStringConvertible, Sendable {
        let picture: Picture
        /// "outlines" or "text": Skia's picture skia-KIND-NAME.png.
        let kind: String
        let maximumMAE: Double
        let maximumPercentOff: Double
        var testDescription: String { "\(picture.name) against Skia's \(kind)" }
    }

    static var references: [Reference] {
        pictures.flatMap { picture in
            [Reference(picture: picture, kind: "outlines", maximumMAE: 0.75, maximumPercentOff: 3.2),
             Reference(picture: picture, kind: "text", maximumMAE: 2.7, maximumPercentOff: 7.5)]
        }
    }

    /// The darkness of a picture over white: Σ (255 − channel) over its RGB samples.
    static func ink(_ bitmap: PremultipliedRGBA8Bitmap) -> Int {
        var total = 0
        for y in 0..<bitmap.height { for x in 0..<bitmap.width { let p = bitmap[x, y]; total += 765 - Int(p.r) - Int(p.g) - Int(p.b) } }
        return total
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf")),
          arguments: references)
    func linesAgreeWithSkia(_ reference: Reference) throws {
        let ours = try Self.render(reference.picture)
        let file = Self.folder.appendingPathComponent("skia-\(reference.kind)-\(reference.picture.name).png")
        let skia = try PNGReader.read(data: Data(contentsOf: file))
        #expect(skia.width == ours.width && skia.height == ours.height)
        let agreement = PixelAgreement(ours, skia)
        let inkRatio = Double(Self.ink(ours)) / Double(Self.ink(skia))
        print("text agreement, \(reference.testDescription): \(agreement), ink ratio \(String(format: "%.4f", inkRatio))")
        #expect(agreement.meanAbsoluteDifference <= reference.maximumMAE, "\(agreement)")
        #expect(agreement.percentOffByMoreThan8 <= reference.maximumPercentOff, "\(agreement)")
        if reference.kind == "outlines" { #expect(abs(inkRatio - 1) <= 0.01, "ink ratio \(inkRatio)") }
    }
}
