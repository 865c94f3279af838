// Lottie files Apple's snapshots do not cover, against ThorVG's drawing of them (fixtures/lottie/README.md,
// "Files drawn against ThorVG"): skew, trim paths, every shape type and a luma matte, at the file's own size,
// frame f drawn at (f − ip) / fr seconds as lottie_agreement.py draws it, composed over white.
import Foundation
import QuartzPNG
import QuartzRaster
import QuartzTestSupport
import Testing
@testable import QuartzLottie

@Suite("Lottie agreement with ThorVG")
struct LottieThorVGAgreementTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let frame: Int
        /// Measured (with a margin of about half, at least 0.05): mean absolute difference and % off by > 8/255.
        let maximumMAE: Double
        let maximumPercentOff: Double
        var testDescription: String { "\(name) at frame \(frame)" }
    }

    /// Measured: skew 0.04 / 0.00 %; trim paths 0.01 / 0.04 % and 0.12 / 1.12 %; shapes 0.04 / 0.15 % and
    /// 0.01 / 0.00 %; the luma matte 0.14 / 0.18 % (what remains is antialiasing along edges).
    static let cases: [Case] = [
        Case(name: "android_Skew", frame: 15, maximumMAE: 0.09, maximumPercentOff: 0.05),
        Case(name: "android_TrimPaths", frame: 113, maximumMAE: 0.06, maximumPercentOff: 0.10),
        Case(name: "android_TrimPaths", frame: 340, maximumMAE: 0.18, maximumPercentOff: 1.6),
        Case(name: "android_ShapeTypes", frame: 50, maximumMAE: 0.09, maximumPercentOff: 0.25),
        Case(name: "android_ShapeTypes", frame: 150, maximumMAE: 0.06, maximumPercentOff: 0.05),
        Case(name: "docs_matte_luma", frame: 45, maximumMAE: 0.21, maximumPercentOff: 0.30),
    ]

    @Test(arguments: cases)
    func agreesWithThorVG(_ c: Case) throws {
        let animation = try LottieAnimation(contentsOf: lottieFixture("\(c.name).json"))
        let reference = try PNGReader.read(contentsOf: lottieFixture("reference-thorvg/\(c.name)-\(c.frame).png").path)
        let time = (Double(c.frame) - animation.inFrame) / animation.frameRate
        let bitmap = try LottieTree(animation).render(at: time, width: animation.width, height: animation.height, scale: 1)
        let agreement = PixelAgreement(bitmap, reference)
        print("\(c.name) frame \(c.frame) against ThorVG: \(agreement)")
        #expect(bitmap.width == reference.width && bitmap.height == reference.height)
        #expect(agreement.meanAbsoluteDifference <= c.maximumMAE)
        #expect(agreement.percentOffByMoreThan8 <= c.maximumPercentOff)
    }
}
