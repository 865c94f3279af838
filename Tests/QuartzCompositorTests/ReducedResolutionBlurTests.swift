// Wide blurs run at a reduced resolution (ReducedResolutionBlur): k×k cell averages blurred with a smaller
// σ and interpolated back, the variances of the three steps adding up to σ². Measured here against the exact
// separable Gaussian (CompositorShadowBlur) on the shapes shadows come from: the stated bound,
// `maximumErrorInSteps` 8-bit steps at any pixel, holds; and the result does not depend on the threads.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct ReducedResolutionBlurTests {
    /// A mask over `bounds` from a coverage function of the pixel centre (0…1).
    static func mask(_ bounds: FillPixelBounds, _ coverage: @Sendable (Double, Double) -> Double) -> PaintA8Mask {
        var mask = PaintA8Mask(width: bounds.width, height: bounds.height)
        for y in 0..<bounds.height {
            for x in 0..<bounds.width {
                let v = coverage(Double(bounds.minX + x) + 0.5, Double(bounds.minY + y) + 0.5)
                mask[x, y] = UInt8((min(1, max(0, v)) * 255).rounded())
            }
        }
        return mask
    }

    static let shapes: [(String, FillPixelBounds, @Sendable (Double, Double) -> Double)] = [
        ("rectangle", FillPixelBounds(minX: 13, minY: -7, maxX: 61, maxY: 29), { _, _ in 1 }),
        ("card", FillPixelBounds(minX: 0, minY: 0, maxX: 240, maxY: 180), { _, _ in 1 }),
        ("disc", FillPixelBounds(minX: 0, minY: 0, maxX: 40, maxY: 40), { x, y in
            let d = ((x - 20) * (x - 20) + (y - 20) * (y - 20)).squareRoot()
            return 20.5 - d
        }),
        ("thin diagonal line", FillPixelBounds(minX: 5, minY: 3, maxX: 55, maxY: 43), { x, y in
            1.5 - abs((x - 5) * 0.8 - (y - 3))
        }),
        ("triangle", FillPixelBounds(minX: -20, minY: 10, maxX: 30, maxY: 50), { x, y in
            (y - 10) > abs(x - 5) * 1.6 ? 1 : 0
        }),
    ]

    @Test(arguments: [16.0, 23.5, 40.0, 100, 200])
    func agreesWithTheExactBlurWithinTheStatedBound(sigma: Double) throws {
        let k = ReducedResolutionBlur.factor(sigma: sigma)
        #expect(k >= 2)
        for (name, bounds, coverage) in Self.shapes {
            let input = Self.mask(bounds, coverage)
            let reach = Int((3 * sigma).rounded(.up)) + 2
            let output = bounds.grown(by: reach)
            let exact = try #require(CompositorShadowBlur.blur(input, inputBounds: bounds, outputBounds: output, sigma: sigma,
                                                               shiftX: 3, shiftY: -2))
            let reduced = try #require(ReducedResolutionBlur.shadowBlur(input, inputBounds: bounds, outputBounds: output,
                                                                        sigma: sigma, shiftX: 3, shiftY: -2, threads: 1))
            var worst = 0, peak = 0
            for i in exact.bytes.indices {
                worst = max(worst, abs(Int(exact.bytes[i]) - Int(reduced.bytes[i])))
                peak = max(peak, Int(exact.bytes[i]))
            }
            #expect(worst <= ReducedResolutionBlur.maximumErrorInSteps, "\(name), σ \(sigma): worst \(worst) steps")
            // Not a trivially empty comparison: the card stays visible at every σ (thin shapes spread to almost
            // nothing at the widest).
            if name == "card" { #expect(peak >= 40, "σ \(sigma): peak \(peak)") }
        }
    }

    /// Below `minimumSigma` the exact blur runs; above it the reduced one, with the same bytes for any threads
    /// and for output rectangles cut anywhere.
    @Test func narrowBlursAreExactAndWideOnesDoNotDependOnThreadsOrCuts() throws {
        let (_, bounds, coverage) = Self.shapes[2]
        let input = Self.mask(bounds, coverage)
        let narrow = FillPixelBounds(minX: -30, minY: -30, maxX: 70, maxY: 70)
        #expect(ReducedResolutionBlur.shadowBlur(input, inputBounds: bounds, outputBounds: narrow, sigma: 9, shiftX: 0, shiftY: 0, threads: 1)
            == CompositorShadowBlur.blur(input, inputBounds: bounds, outputBounds: narrow, sigma: 9, shiftX: 0, shiftY: 0))
        let whole = FillPixelBounds(minX: -90, minY: -90, maxX: 130, maxY: 130)
        let one = try #require(ReducedResolutionBlur.shadowBlur(input, inputBounds: bounds, outputBounds: whole, sigma: 30,
                                                                shiftX: 1, shiftY: 2, threads: 1))
        let two = try #require(ReducedResolutionBlur.shadowBlur(input, inputBounds: bounds, outputBounds: whole, sigma: 30,
                                                                shiftX: 1, shiftY: 2, threads: 2))
        #expect(one == two)
        let part = FillPixelBounds(minX: -7, minY: 11, maxX: 50, maxY: 77)
        let cut = try #require(ReducedResolutionBlur.shadowBlur(input, inputBounds: bounds, outputBounds: part, sigma: 30,
                                                                shiftX: 1, shiftY: 2, threads: 1))
        for y in 0..<part.height {
            for x in 0..<part.width {
                #expect(cut[x, y] == one[x + part.minX - whole.minX, y + part.minY - whole.minY], "(\(x), \(y))")
            }
        }
    }

    @Test func invalidSigmasGiveNoMask() {
        let (_, bounds, coverage) = Self.shapes[0]
        let input = Self.mask(bounds, coverage)
        for sigma in [Double.nan, -5, .infinity] {
            #expect(ReducedResolutionBlur.blur(input, inputBounds: bounds, outputBounds: bounds, sigma: sigma, factor: 3) == nil)
        }
    }
}
