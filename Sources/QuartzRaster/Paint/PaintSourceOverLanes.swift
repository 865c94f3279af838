// Source-over of per-pixel premultiplied RGBA8 sources (0xAABBGGRR), eight pixels per step in 16-bit lanes.
//
// Each pixel becomes two 16-bit lanes (R,G bytes and B,A bytes); masking the low bytes gives the R and B
// channels, shifting right by 8 gives G and A — exactly the channel pairs of the SWAR scalar code
// (paintScalePixel, paintLerpPixel). Every lane runs the same integer expression as the scalar code, so the
// results are bit-identical: r = s + round(d·(255 − sα)/255), then round((r·m + d·(255 − m))/255).
// Valid premultiplied sources keep every lane ≤ 255 before the lerp (s ≤ sα), so no lane overflows.

// On CPUs with AVX2 the C kernel of RasterKernels (SpanKernels.swift) does the whole span with the same lane
// arithmetic and these lanes find nothing left to do.

/// Blends whole groups of eight pixels of `source` over `destination` with per-pixel weight
/// m = mulDiv255(coverage, alpha) (coverage 255 when nil) and returns how many pixels it did (a multiple of
/// 8, ≤ count); the caller finishes the rest with the scalar loop.
/// Invariant: `source`, `destination` (and `coverage` when given) hold `count` elements; each step touches
/// elements i..<i + 8 with i + 8 ≤ count.
@inline(__always)
func paintSourceOverLanes(
    _ source: UnsafePointer<UInt32>, _ coverage: UnsafePointer<UInt8>?, _ alpha: UInt8,
    _ destination: UnsafeMutablePointer<UInt32>, _ count: Int, kernels: SpanKernelChoice = .automatic
) -> Int {
    var i = SpanKernels.sourceRowOver(source, coverage, alpha, destination, count, kernels)
    let src = UnsafeRawPointer(source), dst = UnsafeMutableRawPointer(destination)
    let full = SIMD16<UInt16>(repeating: 255)
    let constantWeight = SIMD16<UInt16>(repeating: UInt16(alpha))
    let lerps = coverage != nil || alpha != 255
    while i &+ 8 <= count {
        let sv = src.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt32>.self)
        let dv = dst.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt32>.self)
        let s = FillSourceOver.lanes(sv), d = FillSourceOver.lanes(dv)
        // 255 − source alpha in both lanes of each pixel.
        let inverse = FillSourceOver.lanes((SIMD8<UInt32>(repeating: 255) &- (sv &>> 24)) &* 0x0001_0001)
        let dLow = FillSourceOver.lowBytes(d), dHigh = d &>> 8
        var low = FillSourceOver.lowBytes(s) &+ FillSourceOver.divide255(dLow &* inverse)
        var high = (s &>> 8) &+ FillSourceOver.divide255(dHigh &* inverse)
        if lerps {
            var weight = constantWeight
            if let coverage {
                var m = SIMD8<UInt32>()
                for k in 0..<8 { m[k] = UInt32(mulDiv255(coverage[i &+ k], alpha)) &* 0x0001_0001 }
                weight = FillSourceOver.lanes(m)
            }
            let rest = full &- weight
            low = FillSourceOver.divide255(low &* weight &+ dLow &* rest)
            high = FillSourceOver.divide255(high &* weight &+ dHigh &* rest)
        }
        dst.storeBytes(of: FillSourceOver.pixels(low | (high &<< 8)), toByteOffset: i &* 4, as: SIMD8<UInt32>.self)
        i &+= 8
    }
    return i
}
