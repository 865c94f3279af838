import Foundation
import Testing
@testable import QuartzRaster

// The AVX2 span kernels (RasterKernels, chosen at run time) against the portable Swift SIMD path, byte for byte.
// Both implement Porter–Duff source-over on premultiplied colour (Apple: CGBlendMode.normal,
// "R = S + D·(1 − Sa)") with the 8-bit rounding documented in FillSourceOver.swift and PaintBlendSpan.swift;
// the AVX2 path is an optimisation only, so the contract is identical bytes (README.md, Determinism).
// Spans of every length 0…100 start at offsets 0…3 pixels into a buffer, so both aligned and misaligned vectors
// and every tail length (the Swift 8-lane steps and the scalar rest after the 16-pixel AVX2 steps) are covered.
@Suite(.enabled(if: SpanKernels.isAVX2Supported, "this CPU has no AVX2: nothing to compare"))
struct SpanKernelsAVX2Tests {
    static let lengths = Array(0...100)
    static let offsets = 0...3

    /// Premultiplied pixels biased towards the special alphas 0 and 255.
    static func pixel(_ random: inout FillTestRandom) -> UInt32 {
        let choice = random.next() % 4
        let a: UInt8 = choice == 0 ? 255 : choice == 1 ? 0 : random.byte()
        return PremultipliedRGBA8(straightR: random.byte(), g: random.byte(), b: random.byte(), a: a).packed
    }

    /// Coverage rows: all zero (the skipped groups), all full, edges (zero runs then random), or random.
    static func mask(_ random: inout FillTestRandom, count: Int) -> [UInt8] {
        switch random.next() % 4 {
        case 0: return [UInt8](repeating: 0, count: count)
        case 1: return [UInt8](repeating: 255, count: count)
        case 2:
            let zeros = Int(random.next() % UInt64(count + 1))
            return (0..<count).map { $0 < zeros ? 0 : random.byte() }
        default: return (0..<count).map { _ in random.byte() }
        }
    }

    static func alpha(_ random: inout FillTestRandom) -> UInt8 {
        switch random.next() % 4 {
        case 0: return 255
        case 1: return 0
        default: return random.byte()
        }
    }

    /// Runs `body` on a copy of `destination` placed `offset` pixels into a larger buffer, with sentinels
    /// around it, and returns the span; the sentinels must survive (no kernel writes outside its span).
    static func run(
        _ destination: [UInt32], offset: Int, _ body: (UnsafeMutablePointer<UInt32>) -> Void
    ) -> [UInt32] {
        let sentinel: UInt32 = 0xDEAD_BEEF
        var buffer = [UInt32](repeating: sentinel, count: destination.count + offset + 4)
        buffer.replaceSubrange(offset..<offset + destination.count, with: destination)
        buffer.withUnsafeMutableBufferPointer { body($0.baseAddress! + offset) }
        #expect(buffer[..<offset].allSatisfy { $0 == sentinel } && buffer[(offset + destination.count)...].allSatisfy { $0 == sentinel },
                "a kernel wrote outside its span")
        return Array(buffer[offset..<offset + destination.count])
    }

    /// The scalar reference of FillSourceOverTests: s' = round(color · m / 255), d' = s' + round(d · (255 − s'a) / 255).
    static func reference(_ color: UInt32, coverage: UInt8, over d: UInt32) -> UInt32 {
        FillSourceOver.blend(FillSourceOver.scale(color, by: UInt32(coverage)), over: d)
    }

    @Test(arguments: offsets)
    func solidConstantCoverageMatchesSwift(offset: Int) {
        var random = FillTestRandom(seed: 61 + UInt64(offset))
        for count in Self.lengths {
            for _ in 0..<6 {
                let color = Self.pixel(&random), alpha = Self.alpha(&random)
                let destination = (0..<count).map { _ in Self.pixel(&random) }
                let portable = Self.run(destination, offset: offset) {
                    FillSourceOver.blendSolid(color, alpha: alpha, into: $0, count: count, kernels: .portable)
                }
                let avx2 = Self.run(destination, offset: offset) {
                    FillSourceOver.blendSolid(color, alpha: alpha, into: $0, count: count, kernels: .avx2)
                }
                #expect(avx2 == portable, "color \(String(color, radix: 16)) alpha \(alpha) count \(count)")
                let expected = destination.map { Self.reference(color, coverage: alpha, over: $0) }
                #expect(portable == expected, "Swift path vs scalar reference, count \(count)")
            }
        }
    }

    @Test(arguments: offsets)
    func solidMaskCoverageMatchesSwift(offset: Int) {
        var random = FillTestRandom(seed: 71 + UInt64(offset))
        for count in Self.lengths {
            for _ in 0..<6 {
                let color = Self.pixel(&random)
                let mask = Self.mask(&random, count: count)
                let destination = (0..<count).map { _ in Self.pixel(&random) }
                let portable = Self.run(destination, offset: offset) { d in
                    mask.withUnsafeBufferPointer {
                        FillSourceOver.blendSolid(color, mask: $0.baseAddress!, into: d, count: count, kernels: .portable)
                    }
                }
                let avx2 = Self.run(destination, offset: offset) { d in
                    mask.withUnsafeBufferPointer {
                        FillSourceOver.blendSolid(color, mask: $0.baseAddress!, into: d, count: count, kernels: .avx2)
                    }
                }
                #expect(avx2 == portable, "color \(String(color, radix: 16)) count \(count)")
                let expected = zip(destination, mask).map { Self.reference(color, coverage: $1, over: $0) }
                #expect(portable == expected, "Swift path vs scalar reference, count \(count)")
            }
        }
    }

    /// The image/surface span: a premultiplied source row over the destination with a constant opacity, with
    /// and without a coverage mask (PaintBlendSpan.swift: lerp(d, s over d, round(coverage · alpha / 255))).
    @Test(arguments: offsets)
    func sourceRowMatchesSwift(offset: Int) {
        var random = FillTestRandom(seed: 81 + UInt64(offset))
        for count in Self.lengths {
            for trial in 0..<8 {
                let alpha = Self.alpha(&random)
                let source = (0..<count).map { _ in Self.pixel(&random) }
                let mask: [UInt8]? = trial % 2 == 0 ? nil : Self.mask(&random, count: count)
                let destination = (0..<count).map { _ in Self.pixel(&random) }
                func blend(_ kernels: SpanKernelChoice) -> [UInt32] {
                    Self.run(destination, offset: offset) { d in
                        source.withUnsafeBufferPointer { s in
                            if let mask {
                                mask.withUnsafeBufferPointer {
                                    paintBlendSourceOver(s.baseAddress!, $0.baseAddress!, alpha, d, count, kernels: kernels)
                                }
                            } else {
                                paintBlendSourceOver(s.baseAddress!, nil, alpha, d, count, kernels: kernels)
                            }
                        }
                    }
                }
                let portable = blend(.portable)
                #expect(blend(.avx2) == portable, "alpha \(alpha) mask \(mask != nil) count \(count)")
                // The scalar reference: r = s + round(d·(255 − sα)/255), then round((r·m + d·(255 − m))/255).
                let expected = (0..<count).map { i -> UInt32 in
                    let d = destination[i]
                    let r = FillSourceOver.blend(source[i], over: d)
                    let m = UInt32(mulDiv255(mask?[i] ?? 255, alpha))
                    return m == 255 ? r : paintLerpPixel(from: d, to: r, by: m)
                }
                if alpha > 0 { #expect(portable == expected, "Swift path vs scalar reference, count \(count)") }
            }
        }
    }

    /// Every destination byte pair against every coverage for one colour per alpha step: the AVX2 rounding
    /// (mulhi by 257) equals the Swift divide-by-255 on all products the kernels can form.
    @Test func solidMaskExhaustiveOverChannelValues() {
        // 256 destination grey levels × 256 coverages, premultiplied so channel ≤ alpha.
        let destination = (0..<256 * 256).map { i -> UInt32 in
            let a = UInt32(i & 0xFF), c = UInt32((i >> 8) & 0xFF) * a / 255
            return a << 24 | c << 16 | (a - c) << 8 | c
        }
        let mask = (0..<destination.count).map { UInt8(truncatingIfNeeded: $0 >> 8) }
        for color: UInt32 in [0xFF00_80FF, 0x8040_2010, 0x0100_0001, 0x7F7F_7F7F, 0xFFFF_FFFF] {
            let portable = Self.run(destination, offset: 1) { d in
                mask.withUnsafeBufferPointer {
                    FillSourceOver.blendSolid(color, mask: $0.baseAddress!, into: d, count: destination.count, kernels: .portable)
                }
            }
            let avx2 = Self.run(destination, offset: 1) { d in
                mask.withUnsafeBufferPointer {
                    FillSourceOver.blendSolid(color, mask: $0.baseAddress!, into: d, count: destination.count, kernels: .avx2)
                }
            }
            #expect(avx2 == portable, "color \(String(color, radix: 16))")
        }
    }

    /// The process's choice follows the CPU and OPENQUARTZ_DISABLE_AVX2 (the `withAVX2Disabled` switch is
    /// exercised by the serialized SpanKernelsSceneTests, the only place that flips it).
    @Test func processChoiceFollowsTheEnvironment() {
        let environment = ProcessInfo.processInfo.environment["OPENQUARTZ_DISABLE_AVX2"]
        #expect(SpanKernels.isAVX2Selected == (environment != "1"), "AVX2 is supported: only OPENQUARTZ_DISABLE_AVX2=1 deselects it")
    }
}
