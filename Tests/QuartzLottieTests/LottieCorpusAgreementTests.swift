// Lottie files rendered against Apple Core Animation drawing them: lottie-ios's snapshot tests of its Core
// Animation engine (fixtures/lottie/README.md), frame = ip + pct/100 · (op − ip), at the snapshot's pixel size,
// with curved motion paths travelled as Core Animation travels them (`LottieMotionPathTiming.coreAnimation`).
import Foundation
import QuartzPNG
import QuartzRaster
import QuartzTestSupport
import Testing
@testable import QuartzLottie

@Suite("Lottie corpus agreement with Core Animation")
struct LottieCorpusAgreementTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let percent: Int
        /// Measured bars (with a small margin): mean absolute difference and % of pixels off by > 8/255.
        let maximumMAE: Double
        let maximumPercentOff: Double
        var testDescription: String { "\(name) at \(percent) %" }
    }

    /// Bars measured on this renderer (MAE 0.01–0.02 and 0.01–0.09 % off for the heart, 0.00–0.04 and
    /// 0.00–0.15 % for the logo, 0.59–0.65 and 0.38–0.96 % for the radial gradients, 0.05 and 0.31–0.32 % for the gradient under a matte, 0.00 and 0.00 % for the time remapping,
    /// 0.03–0.08 and 0.03–0.48 % for the time remapping with masks, 0.00–0.05 and 0.01–0.18 % for the
    /// repeaters), with a margin of about a
    /// third for rasterization changes. The remaining difference is antialiasing along edges, and for the
    /// gradients their colour interpolation and dithering.
    static let cases: [Case] = [
        Case(name: "ios_TwitterHeart", percent: 0, maximumMAE: 0.03, maximumPercentOff: 0.05),
        Case(name: "ios_TwitterHeart", percent: 25, maximumMAE: 0.03, maximumPercentOff: 0.05),
        Case(name: "ios_TwitterHeart", percent: 50, maximumMAE: 0.04, maximumPercentOff: 0.13),
        Case(name: "ios_TwitterHeart", percent: 75, maximumMAE: 0.03, maximumPercentOff: 0.10),
        Case(name: "ios_LottieLogo1", percent: 0, maximumMAE: 0.02, maximumPercentOff: 0.03),
        Case(name: "ios_LottieLogo1", percent: 25, maximumMAE: 0.04, maximumPercentOff: 0.08),
        Case(name: "ios_LottieLogo1", percent: 50, maximumMAE: 0.06, maximumPercentOff: 0.20),
        Case(name: "ios_LottieLogo1", percent: 75, maximumMAE: 0.06, maximumPercentOff: 0.20),
        Case(name: "ios_RadialGradients", percent: 0, maximumMAE: 0.83, maximumPercentOff: 0.51),
        Case(name: "ios_RadialGradients", percent: 25, maximumMAE: 0.85, maximumPercentOff: 1.28),
        Case(name: "ios_RadialGradients", percent: 50, maximumMAE: 0.79, maximumPercentOff: 0.51),
        Case(name: "ios_RadialGradients", percent: 75, maximumMAE: 0.87, maximumPercentOff: 1.21),
        Case(name: "ios_GradientMatte", percent: 0, maximumMAE: 0.07, maximumPercentOff: 0.43),
        Case(name: "ios_GradientMatte", percent: 25, maximumMAE: 0.07, maximumPercentOff: 0.43),
        Case(name: "ios_GradientMatte", percent: 50, maximumMAE: 0.07, maximumPercentOff: 0.42),
        Case(name: "ios_GradientMatte", percent: 75, maximumMAE: 0.07, maximumPercentOff: 0.42),
        Case(name: "ios_TimeRemap", percent: 0, maximumMAE: 0.01, maximumPercentOff: 0.01),
        Case(name: "ios_TimeRemap", percent: 25, maximumMAE: 0.01, maximumPercentOff: 0.01),
        Case(name: "ios_TimeRemap", percent: 50, maximumMAE: 0.01, maximumPercentOff: 0.01),
        Case(name: "ios_TimeRemap", percent: 75, maximumMAE: 0.01, maximumPercentOff: 0.01),
        Case(name: "ios_TimeRemapMasks", percent: 0, maximumMAE: 0.04, maximumPercentOff: 0.06),
        Case(name: "ios_TimeRemapMasks", percent: 25, maximumMAE: 0.04, maximumPercentOff: 0.05),
        Case(name: "ios_TimeRemapMasks", percent: 50, maximumMAE: 0.11, maximumPercentOff: 0.64),
        Case(name: "ios_TimeRemapMasks", percent: 75, maximumMAE: 0.11, maximumPercentOff: 0.64),
        Case(name: "ios_Repeater", percent: 25, maximumMAE: 0.02, maximumPercentOff: 0.03),
        Case(name: "ios_Repeater", percent: 50, maximumMAE: 0.08, maximumPercentOff: 0.25),
        Case(name: "ios_Repeater", percent: 75, maximumMAE: 0.04, maximumPercentOff: 0.05),
    ]

    @Test(arguments: cases)
    func agreesWithCoreAnimation(_ c: Case) throws {
        let animation = try LottieAnimation(contentsOf: lottieFixture("\(c.name).json"))
        let reference = try PNGReader.read(contentsOf: lottieFixture("reference/\(c.name)-\(c.percent).png").path)
        let scale = Double(reference.height) / animation.height
        let tree = LottieTree(animation, motionPaths: .coreAnimation)
        let time = Double(c.percent) / 100 * animation.duration
        let bitmap = try tree.render(at: time, width: animation.width, height: animation.height, scale: scale)
        if let directory = ProcessInfo.processInfo.environment["OPENQUARTZ_LOTTIE_OUT"] {
            try PNGWriter.write(bitmap, to: "\(directory)/\(c.name)-\(c.percent).png")
        }
        let agreement = PixelAgreement(bitmap, reference)
        print("\(c.name) \(c.percent) %: \(bitmap.width)x\(bitmap.height) vs \(reference.width)x\(reference.height): \(agreement)")
        #expect(bitmap.width == reference.width && bitmap.height == reference.height)
        #expect(agreement.meanAbsoluteDifference <= c.maximumMAE)
        #expect(agreement.percentOffByMoreThan8 <= c.maximumPercentOff)
    }

    /// Two trees built from one file give the same pixels, at 1 and 2 compositing threads.
    @Test func renderingIsDeterministic() throws {
        let animation = try LottieAnimation(contentsOf: lottieFixture("ios_LottieLogo1.json"))
        let time = animation.duration / 2
        let one = try LottieTree(animation).render(at: time, width: animation.width, height: animation.height, scale: 1, threads: 1)
        let two = try LottieTree(animation).render(at: time, width: animation.width, height: animation.height, scale: 1, threads: 2)
        #expect(one == two)
    }
}
