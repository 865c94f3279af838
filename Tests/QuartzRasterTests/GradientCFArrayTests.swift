// The colour list as ported code passes it: `[c1, c2] as CFArray` (Foundation on Linux has no CFArray; it
// names an array of objects here).
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite struct GradientCFArrayTests {
    /// Apple, CGGradient(colorsSpace:colors:locations:): "colors: A non-empty array of CGColor objects"; code
    /// passes `[…] as CFArray` and locations as an array literal.
    @Test func gradientFromACFArray() throws {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let locations: [CGFloat] = [0, 1]
        let fromCF = try #require(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [red, blue] as CFArray, locations: locations))
        let fromArray = try #require(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [red, blue], locations: locations))
        #expect(fromCF.straightColor(at: 0.25) == fromArray.straightColor(at: 0.25))
        #expect(CGGradient(colorsSpace: nil, colors: ["red"] as CFArray, locations: nil) == nil)
    }
}
