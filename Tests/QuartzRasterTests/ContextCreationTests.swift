// CGContext creation, memory, formats and snapshots.
// Source: Apple, CGContext.init(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:) ("If the
// data parameter is NULL, passing a value of 0 causes the value to be calculated automatically"; returns
// nil when the context cannot be created) and makeImage() (a snapshot: "subsequent changes to the bitmap
// graphics context do not affect the contents of the returned image").
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite("Context creation")
struct ContextCreationTests {
    let rgb = CGColorSpace(name: CGColorSpace.sRGB)!

    @Test func ownedMemoryIsZeroedAndDescribed() {
        let c = contextMake(width: 5, height: 3)
        #expect(c.width == 5 && c.height == 3)
        #expect(c.bytesPerRow == 20)
        #expect(c.bitsPerComponent == 8 && c.bitsPerPixel == 32)
        #expect(c.alphaInfo == .premultipliedLast)
        #expect(c.data != nil)
        #expect(c.bitmap.pixels.allSatisfy { $0 == 0 })
        #expect(c.ctm == .identity)
    }

    @Test func drawsIntoCallerBytesWithRowPadding() {
        // 3 × 2 pixels, 16 bytes per row (4 bytes of padding that must stay untouched).
        var bytes = [UInt8](repeating: 0xAB, count: 32)
        bytes.withUnsafeMutableBytes { raw in
            for y in 0..<2 { for i in 0..<12 { raw[y * 16 + i] = 0 } }
            let c = CGContext(
                data: raw.baseAddress, width: 3, height: 2, bitsPerComponent: 8, bytesPerRow: 16, space: rgb,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            #expect(c.data == raw.baseAddress)
            c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            // y-up: the bottom-left pixel is the first pixel of the last row in memory.
            c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        #expect(Array(bytes[16..<20]) == [255, 0, 0, 255])
        #expect(bytes[0..<12].allSatisfy { $0 == 0 })
        #expect(bytes[20..<28].allSatisfy { $0 == 0 })
        #expect(bytes[12..<16].allSatisfy { $0 == 0xAB } && bytes[28..<32].allSatisfy { $0 == 0xAB })
    }

    @Test func noneSkipLastReadsAndWritesOpaque() {
        let c = contextMake(width: 2, height: 1, alphaInfo: .noneSkipLast)
        #expect(c.bitmap.pixels.allSatisfy { $0 == contextOpaqueBlack })
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        // White at alpha 128/255 over opaque black: 128 per channel, alpha stays 255.
        #expect(contextBytes(contextPixel(c, 0, 0)) == [128, 128, 128, 255])
        c.clear(CGRect(x: 0, y: 0, width: 2, height: 1))
        // Clearing an opaque context leaves black (colour 0, alpha byte ignored).
        #expect(contextBytes(contextPixel(c, 0, 0)) == [0, 0, 0, 255])
    }

    @Test func bigEndianByteOrderIsTheSameMemoryLayout() {
        let info = CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Big.rawValue
        let c = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4, space: rgb, bitmapInfo: info)
        #expect(c != nil)
        c?.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c?.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(c?.bitmap.pixels == [contextOpaqueBlue])
    }

    @Test func makeImageIsASnapshot() {
        let c = contextMake(width: 2, height: 2)
        c.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let image = c.makeImage()!
        c.clear(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(image.width == 2 && image.height == 2)
        #expect(image.bitmap.pixels.allSatisfy { $0 == contextOpaqueGreen })
        #expect(c.bitmap.pixels.allSatisfy { $0 == 0 })
    }

    @Test(arguments: [
        (0, 4, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue),
        (4, 0, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue),
        (-3, 4, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue),
        (4, -3, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue),
        (4, 4, 16, 0, CGImageAlphaInfo.premultipliedLast.rawValue),
        (4, 4, 8, 0, CGImageAlphaInfo.premultipliedFirst.rawValue),
        (4, 4, 8, 0, CGImageAlphaInfo.last.rawValue),
        (4, 4, 8, 0, CGImageAlphaInfo.alphaOnly.rawValue),
        (4, 4, 8, 0, CGImageAlphaInfo.none.rawValue),
        (4, 4, 8, 0, 31),
        (4, 4, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.floatComponents.rawValue),
        (4, 4, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
        (4, 4, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder16Big.rawValue),
        (4, 4, 8, 12, CGImageAlphaInfo.premultipliedLast.rawValue),
        (4, 4, 8, 18, CGImageAlphaInfo.premultipliedLast.rawValue),
        (1 << 20, 1 << 20, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue),
        (Int.max, 2, 8, 0, CGImageAlphaInfo.premultipliedLast.rawValue),
    ])
    func unsupportedOrInvalidFormatsReturnNil(
        width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int, bitmapInfo: UInt32
    ) {
        let c = CGContext(
            data: nil, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
            space: rgb, bitmapInfo: bitmapInfo)
        #expect(c == nil)
    }

    @Test func grayColorSpaceAndMisalignedDataReturnNil() {
        let gray = CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)!
        #expect(CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0, space: gray,
                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes.withUnsafeMutableBytes { raw in
            let c = CGContext(
                data: raw.baseAddress! + 1, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 8, space: rgb,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            #expect(c == nil)
        }
    }

    @Test func cgBitmapInfoOverloadMatches() {
        let c = CGContext(
            data: nil, width: 3, height: 3, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue))
        #expect(c?.alphaInfo == .noneSkipLast)
    }
}
