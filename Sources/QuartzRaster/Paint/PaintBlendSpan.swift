// Compositing a span of premultiplied RGBA8 source pixels onto a destination span with a CGBlendMode.
//
// Coverage semantics: per pixel m = coverage · alpha / 255 (rounded; coverage 255 when there is no mask),
// and result = lerp(destination, blend(source, destination), m) — W3C Compositing §5.6's treatment of shape
// (coverage) and the context's global alpha. Rounding: blend results are rounded to nearest once per channel
// (PaintBlendFormulas.swift), then the lerp is rounded to nearest once: round((r·m + d·(255 − m)) / 255).
// Source-over (normal) is d' = s + d·(255 − sα)/255 rounded once (exact for opaque and transparent sources);
// copy and clear are direct lerps. The result is within ±1 of the exact
// value (½ from the blend, ½ from the lerp).
// Every channel stays ≤ its alpha, so output remains valid premultiplied RGBA8.

/// Blends `count` premultiplied source pixels onto `destination` with `mode`, an optional 8-bit coverage
/// mask (nil = full coverage) and a global `alpha` (255 = opaque). Both pointers must hold `count` pixels.
package func blendSpan(
    _ mode: CGBlendMode, source: UnsafePointer<UInt32>, coverage: UnsafePointer<UInt8>?, alpha: UInt8,
    destination: UnsafeMutablePointer<UInt32>, count: Int
) {
    guard count > 0, alpha > 0 else { return }
    switch mode {
    case .normal: paintBlendSourceOver(source, coverage, alpha, destination, count)
    case .copy: paintBlendCopy(source, coverage, alpha, destination, count)
    case .clear: paintBlendClear(coverage, alpha, destination, count)
    case .sourceIn: paintBlendLoop(PaintBlendSourceIn.self, source, coverage, alpha, destination, count)
    case .sourceOut: paintBlendLoop(PaintBlendSourceOut.self, source, coverage, alpha, destination, count)
    case .sourceAtop: paintBlendLoop(PaintBlendSourceAtop.self, source, coverage, alpha, destination, count)
    case .destinationOver: paintBlendLoop(PaintBlendDestinationOver.self, source, coverage, alpha, destination, count)
    case .destinationIn: paintBlendLoop(PaintBlendDestinationIn.self, source, coverage, alpha, destination, count)
    case .destinationOut: paintBlendLoop(PaintBlendDestinationOut.self, source, coverage, alpha, destination, count)
    case .destinationAtop: paintBlendLoop(PaintBlendDestinationAtop.self, source, coverage, alpha, destination, count)
    case .xor: paintBlendLoop(PaintBlendXor.self, source, coverage, alpha, destination, count)
    case .plusLighter: paintBlendLoop(PaintBlendPlusLighter.self, source, coverage, alpha, destination, count)
    case .plusDarker: paintBlendLoop(PaintBlendPlusDarker.self, source, coverage, alpha, destination, count)
    case .multiply: paintBlendLoop(PaintBlendMultiply.self, source, coverage, alpha, destination, count)
    case .screen: paintBlendLoop(PaintBlendScreen.self, source, coverage, alpha, destination, count)
    case .overlay: paintBlendLoop(PaintBlendOverlay.self, source, coverage, alpha, destination, count)
    case .darken: paintBlendLoop(PaintBlendDarken.self, source, coverage, alpha, destination, count)
    case .lighten: paintBlendLoop(PaintBlendLighten.self, source, coverage, alpha, destination, count)
    case .colorDodge: paintBlendLoop(PaintBlendColorDodge.self, source, coverage, alpha, destination, count)
    case .colorBurn: paintBlendLoop(PaintBlendColorBurn.self, source, coverage, alpha, destination, count)
    case .softLight: paintBlendLoop(PaintBlendSoftLight.self, source, coverage, alpha, destination, count)
    case .hardLight: paintBlendLoop(PaintBlendHardLight.self, source, coverage, alpha, destination, count)
    case .difference: paintBlendLoop(PaintBlendDifference.self, source, coverage, alpha, destination, count)
    case .exclusion: paintBlendLoop(PaintBlendExclusion.self, source, coverage, alpha, destination, count)
    case .hue: paintBlendLoop(PaintBlendHue.self, source, coverage, alpha, destination, count)
    case .saturation: paintBlendLoop(PaintBlendSaturation.self, source, coverage, alpha, destination, count)
    case .color: paintBlendLoop(PaintBlendColor.self, source, coverage, alpha, destination, count)
    case .luminosity: paintBlendLoop(PaintBlendLuminosity.self, source, coverage, alpha, destination, count)
    }
}

/// The blend of one pixel pair before coverage (for references and tests).
func paintBlendPixel(_ mode: CGBlendMode, source s: UInt32, destination d: UInt32) -> UInt32 {
    var out = d
    withUnsafePointer(to: s) { sp in blendSpan(mode, source: sp, coverage: nil, alpha: 255, destination: &out, count: 1) }
    return out
}

@inline(__always)
private func paintBlendLoop<Op: PaintPixelBlend>(
    _: Op.Type, _ source: UnsafePointer<UInt32>, _ coverage: UnsafePointer<UInt8>?, _ alpha: UInt8,
    _ destination: UnsafeMutablePointer<UInt32>, _ count: Int
) {
    if let coverage {
        for i in 0..<count {
            let m = UInt32(mulDiv255(coverage[i], alpha))
            if m == 0 { continue }
            let d = destination[i]
            let r = Op.blend(source: source[i], destination: d)
            destination[i] = m == 255 ? r : paintLerpPixel(from: d, to: r, by: m)
        }
    } else {
        let m = UInt32(alpha)
        for i in 0..<count {
            let d = destination[i]
            let r = Op.blend(source: source[i], destination: d)
            destination[i] = m == 255 ? r : paintLerpPixel(from: d, to: r, by: m)
        }
    }
}

@inline(__always)
private func paintSourceOverPixel(_ s: UInt32, _ d: UInt32) -> UInt32 {
    // Each channel: s + d·(255 − sα)/255 ≤ sα + (255 − sα) = 255, so the packed add cannot carry.
    s &+ paintScalePixel(d, by: 255 &- (s >> 24))
}

/// Source-over of a span; `kernels` picks AVX2 or Swift for the groups of pixels (identical bytes either way).
func paintBlendSourceOver(
    _ source: UnsafePointer<UInt32>, _ coverage: UnsafePointer<UInt8>?, _ alpha: UInt8,
    _ destination: UnsafeMutablePointer<UInt32>, _ count: Int, kernels: SpanKernelChoice = .automatic
) {
    // Partial coverage uses the lerp form (error ≤ 1) rather than pre-scaling the source, whose rounded
    // alpha would add a further half step. Groups of eight run in 16-bit lanes (the same arithmetic), the
    // tail in the scalar loops.
    let done = paintSourceOverLanes(source, coverage, alpha, destination, count, kernels: kernels)
    if done == count { return }
    if let coverage {
        if alpha == 255 {
            for i in done..<count {
                let d = destination[i]
                destination[i] = paintLerpPixel(from: d, to: paintSourceOverPixel(source[i], d), by: UInt32(coverage[i]))
            }
        } else {
            for i in done..<count {
                let d = destination[i]
                let m = UInt32(mulDiv255(coverage[i], alpha))
                destination[i] = paintLerpPixel(from: d, to: paintSourceOverPixel(source[i], d), by: m)
            }
        }
    } else if alpha == 255 {
        for i in done..<count { destination[i] = paintSourceOverPixel(source[i], destination[i]) }
    } else {
        let m = UInt32(alpha)
        for i in done..<count {
            let d = destination[i]
            destination[i] = paintLerpPixel(from: d, to: paintSourceOverPixel(source[i], d), by: m)
        }
    }
}

private func paintBlendCopy(
    _ source: UnsafePointer<UInt32>, _ coverage: UnsafePointer<UInt8>?, _ alpha: UInt8,
    _ destination: UnsafeMutablePointer<UInt32>, _ count: Int
) {
    if let coverage {
        for i in 0..<count {
            let m = UInt32(mulDiv255(coverage[i], alpha))
            if m == 0 { continue }
            destination[i] = m == 255 ? source[i] : paintLerpPixel(from: destination[i], to: source[i], by: m)
        }
    } else if alpha == 255 {
        destination.update(from: source, count: count)
    } else {
        let m = UInt32(alpha)
        for i in 0..<count { destination[i] = paintLerpPixel(from: destination[i], to: source[i], by: m) }
    }
}

private func paintBlendClear(
    _ coverage: UnsafePointer<UInt8>?, _ alpha: UInt8, _ destination: UnsafeMutablePointer<UInt32>, _ count: Int
) {
    if let coverage {
        for i in 0..<count {
            let m = UInt32(mulDiv255(coverage[i], alpha))
            if m != 0 { destination[i] = paintScalePixel(destination[i], by: 255 - m) }
        }
    } else {
        let keep = 255 - UInt32(alpha)
        for i in 0..<count { destination[i] = paintScalePixel(destination[i], by: keep) }
    }
}
