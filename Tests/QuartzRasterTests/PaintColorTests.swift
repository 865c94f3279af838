import Foundation
import Testing
@testable import QuartzRaster

@Suite struct PaintColorTests {
    // Apple CGColor: components include alpha last; numberOfComponents counts alpha.
    @Test func rgbColorComponentsAndPremultipliedRounding() {
        let c = CGColor(red: 0.5, green: 0.25, blue: 1, alpha: 0.5)
        #expect(c.components == [0.5, 0.25, 1, 0.5])
        #expect(c.numberOfComponents == 4)
        #expect(c.alpha == 0.5)
        #expect(c.colorSpace?.model == .rgb)
        // round(255 · 0.5 · 0.5) = round(63.75) = 64; round(255 · 0.25 · 0.5) = round(31.875) = 32;
        // round(255 · 0.5) = round(127.5) = 128 (half away from zero).
        #expect(c.premultipliedRGBA8 == PremultipliedRGBA8(r: 64, g: 32, b: 128, a: 128))
    }

    // Apple: CGColor(gray:alpha:) is a grey-space colour with 2 components; rendered as r = g = b.
    @Test func grayColorSpreadsToRGB() {
        let c = CGColor(gray: 0.2, alpha: 1)
        #expect(c.numberOfComponents == 2)
        #expect(c.colorSpace?.model == .monochrome)
        #expect(c.colorSpace?.numberOfComponents == 1)
        #expect(c.premultipliedRGBA8 == PremultipliedRGBA8(r: 51, g: 51, b: 51, a: 255))
    }

    // Apple's static colours: black and white are grey (0 / 1, alpha 1); clear is grey 0 alpha 0.
    @Test func constantColors() {
        #expect(CGColor.black.components == [0, 1])
        #expect(CGColor.white.components == [1, 1])
        #expect(CGColor.clear.components == [0, 0])
        #expect(CGColor.white.premultipliedRGBA8.packed == 0xFFFF_FFFF)
        #expect(CGColor.clear.premultipliedRGBA8.packed == 0)
        #expect(CGColor.black.premultipliedRGBA8.packed == 0xFF00_0000)
    }

    // Apple copy(alpha:): same colour space and colour components, new alpha; == compares both.
    @Test func copyWithAlphaAndEquality() {
        let c = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let half = c.copy(alpha: 0.5)!
        #expect(half.components == [1, 0, 0, 0.5])
        #expect(half != c)
        #expect(half.copy(alpha: 1)! == c)
        #expect(CGColor(gray: 0, alpha: 1) == CGColor.black)
        // Same numbers in different spaces are different colours.
        #expect(CGColor(colorSpace: CGColorSpace(name: CGColorSpace.linearSRGB)!, components: [1, 0, 0, 1])! != c)
    }

    // sRGB transfer function (IEC 61966-2-1): linear 0.5 encodes to 0.735356983…, i.e. byte 188.
    @Test func linearSpaceIsEncodedWithTheSRGBCurve() throws {
        let space = try #require(CGColorSpace(name: CGColorSpace.genericRGBLinear))
        let c = try #require(CGColor(colorSpace: space, components: [0.5, 0, 1, 1]))
        let s = c.straightSRGBRGBA
        #expect(abs(s.x - 0.7353569830524495) < 1e-12)
        #expect(s.y == 0 && s.z == 1 && s.w == 1)
        #expect(c.premultipliedRGBA8 == PremultipliedRGBA8(r: 188, g: 0, b: 255, a: 255))
        // Round trip of the curve pair, including the linear segment below 0.04045.
        for v in stride(from: 0.0, through: 1.0, by: 1.0 / 64) {
            #expect(abs(paintSRGBDecode(paintSRGBEncode(v)) - v) < 1e-12)
        }
    }

    // Extended components and NaN are clamped only when rendering (components keep what was given).
    @Test func outOfRangeComponentsClampWhenRendered() throws {
        let space = try #require(CGColorSpace(name: CGColorSpace.extendedSRGB))
        let c = try #require(CGColor(colorSpace: space, components: [1.5, -0.5, .nan, 2]))
        #expect(c.components?[0] == 1.5)
        #expect(c.premultipliedRGBA8 == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    }

    // Apple CGColorSpace(name:) returns nil for unknown names; device spaces have 3 and 1 components.
    @Test func colorSpaces() {
        #expect(CGColorSpace(name: "kCGColorSpaceNoSuchSpace") == nil)
        #expect(CGColorSpace(name: CGColorSpace.sRGB)?.name == "kCGColorSpaceSRGB")
        #expect(CGColorSpace(name: CGColorSpace.sRGB)?.numberOfComponents == 3)
        #expect(CGColorSpaceCreateDeviceRGB().model == .rgb)
        #expect(CGColorSpaceCreateDeviceGray().numberOfComponents == 1)
        #expect(CGColorSpaceCreateDeviceGray().model == .monochrome)
    }

    // Raw values from Apple's headers (CGContext.h, CGImage.h, CGGradient.h).
    @Test func appleRawValues() {
        #expect(CGBlendMode.allCases.count == 28)
        #expect(CGBlendMode.normal.rawValue == 0 && CGBlendMode.luminosity.rawValue == 15)
        #expect(CGBlendMode.clear.rawValue == 16 && CGBlendMode.copy.rawValue == 17)
        #expect(CGBlendMode.xor.rawValue == 25 && CGBlendMode.plusDarker.rawValue == 26 && CGBlendMode.plusLighter.rawValue == 27)
        #expect(CGInterpolationQuality.high.rawValue == 3 && CGInterpolationQuality.medium.rawValue == 4)
        #expect(CGImageAlphaInfo.premultipliedLast.rawValue == 1 && CGImageAlphaInfo.alphaOnly.rawValue == 7)
        #expect(CGBitmapInfo.byteOrder32Little.rawValue == 0x2000 && CGBitmapInfo.byteOrder32Big.rawValue == 0x4000)
        #expect(CGBitmapInfo.floatComponents.rawValue == 0x100 && CGBitmapInfo.alphaInfoMask.rawValue == 0x1F)
        #expect(CGGradientDrawingOptions.drawsBeforeStartLocation.rawValue == 1)
        #expect(CGGradientDrawingOptions.drawsAfterEndLocation.rawValue == 2)
    }
}
