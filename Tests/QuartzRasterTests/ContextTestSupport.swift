// Helpers shared by the CGContext test suites.
import Foundation
import QuartzMath
@testable import QuartzRaster

/// A context that owns its memory (premultipliedLast unless told otherwise).
func contextMake(width: Int, height: Int, alphaInfo: CGImageAlphaInfo = .premultipliedLast) -> CGContext {
    CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: alphaInfo.rawValue)!
}

/// The pixel in raster row `y` (0 = the top row, first in memory) and column `x`.
func contextPixel(_ context: CGContext, _ x: Int, _ y: Int) -> PremultipliedRGBA8 {
    context.bitmap[x, y]
}

/// R, G, B, A of a pixel as Ints.
func contextBytes(_ p: PremultipliedRGBA8) -> [Int] {
    [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}

/// The alpha of every pixel, row by row from the top.
func contextAlphaRows(_ context: CGContext) -> [[Int]] {
    let bitmap = context.bitmap
    return (0..<bitmap.height).map { y in (0..<bitmap.width).map { x in Int(bitmap[x, y].a) } }
}

/// Flips a fresh context so (0, 0) is the top-left pixel and y grows downwards (the usual layer set-up).
func contextFlip(_ context: CGContext) {
    context.translateBy(x: 0, y: CGFloat(context.height))
    context.scaleBy(x: 1, y: -1)
}

/// An image from rows of premultiplied pixels (row 0 is the image's top row).
func contextImage(_ rows: [[UInt32]]) -> CGImage {
    let h = rows.count, w = rows.first?.count ?? 0
    return CGImage(bitmap: PremultipliedRGBA8Bitmap(width: w, height: h, pixels: rows.flatMap { $0 }))
}

/// Standard normal CDF, for blurred-edge expectations.
func contextNormalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

let contextOpaqueBlack: UInt32 = 0xFF00_0000
let contextOpaqueRed: UInt32 = 0xFF00_00FF
let contextOpaqueGreen: UInt32 = 0xFF00_FF00
let contextOpaqueBlue: UInt32 = 0xFFFF_0000
let contextOpaqueWhite: UInt32 = 0xFFFF_FFFF
