// `CALayer.filters` on a finished group surface: per-pixel maps of premultiplied RGBA8 (r in the low byte)
// that keep transparent pixels transparent, so they need no wider surface and cost one pass over it.
import Foundation
import QuartzLayers

enum CompositorLayerFilters {
    /// Applies `filter` to `count` premultiplied pixels in place.
    static func apply(_ filter: LayerFilter, pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        let buffer = UnsafeMutableBufferPointer(start: pixels, count: count)
        switch filter {
        case .colorInvert:
            for i in buffer.indices { buffer[i] = colorInverted(buffer[i]) }
        case .maskToAlpha:
            for i in buffer.indices { buffer[i] = maskedToAlpha(buffer[i]) }
        }
    }

    /// CIColorInvert on premultiplied colour: straight c becomes 1 − c, so premultiplied c becomes a − c.
    @inline(__always)
    static func colorInverted(_ pixel: UInt32) -> UInt32 {
        let a = pixel >> 24
        var out = a << 24
        for shift: UInt32 in [0, 8, 16] {
            let c = (pixel >> shift) & 0xFF
            out |= (a > c ? a - c : 0) << shift
        }
        return out
    }

    /// CIMaskToAlpha: white at alpha L, L = round(0.2125 r + 0.7154 g + 0.0721 b) of the premultiplied
    /// channels (LayerFilter.maskToAlpha); the weights sum to 1, so opaque white stays 255.
    @inline(__always)
    static func maskedToAlpha(_ pixel: UInt32) -> UInt32 {
        let r = pixel & 0xFF, g = (pixel >> 8) & 0xFF, b = (pixel >> 16) & 0xFF
        let luminance = (2125 * r + 7154 * g + 721 * b + 5000) / 10000
        return luminance * 0x0101_0101
    }
}
