import Foundation
import Testing
@testable import QuartzRaster

// The AVX-512 kernels (RasterKernels/raster_kernels_avx512.c) against the AVX2 kernels and the portable Swift
// path, byte for byte. All three implement Porter–Duff source-over on premultiplied colour (Apple:
// CGBlendMode.normal, "R = S + D·(1 − Sa)") with the 8-bit rounding documented in FillSourceOver.swift and
// PaintBlendSpan.swift; AVX-512 is an optimisation only, so the contract is identical bytes (README.md,
// Determinism). Widths 0…300 cover every tail length (0…15 masked lanes after 0…18 whole
// 16-pixel groups) at offsets 0…3 pixels into a buffer (aligned and misaligned vectors); sentinels around the
// span (and between block rows) must survive, since masked lanes may neither be read past the span nor
// written. The kernels are called directly (SpanKernelsAVX512), so a `withAVX512Disabled` call running in
// another test cannot turn these comparisons into AVX2 against AVX2.
@Suite(.enabled(if: SpanKernels.isAVX512Supported, "this CPU has no AVX-512BW/VL: nothing to compare"))
struct SpanKernelsAVX512Tests {
    static let lengths = Array(0...300)
    static let offsets = 0...3
    typealias Shared = SpanKernelsAVX2Tests

    /// The first pixel where two results differ, as "index: a vs b" (hex), or nil when they are equal.
    static func firstDifference(_ a: [UInt32], _ b: [UInt32]) -> String? {
        if a.count != b.count { return "lengths \(a.count) vs \(b.count)" }
        guard let i = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
        return "pixel \(i): \(String(a[i], radix: 16)) vs \(String(b[i], radix: 16))"
    }

    @Test(arguments: offsets)
    func solidOverMatchesAVX2AndSwift(offset: Int) {
        var random = FillTestRandom(seed: 5_120 + UInt64(offset))
        for count in Self.lengths {
            for _ in 0..<3 {
                // Kernel contract: a premultiplied source; alpha 255 and 0 are the edge cases (inverse 0 and 255).
                let source = Shared.pixel(&random)
                let destination = (0..<count).map { _ in Shared.pixel(&random) }
                let avx512 = Shared.run(destination, offset: offset) {
                    #expect(SpanKernelsAVX512.solidOver(source, $0, count) == count)
                }
                let avx2 = Shared.run(destination, offset: offset) {
                    FillSourceOver.blendSolid(source, alpha: 255, into: $0, count: count, kernels: .avx2)
                }
                let portable = Shared.run(destination, offset: offset) {
                    FillSourceOver.blendSolid(source, alpha: 255, into: $0, count: count, kernels: .portable)
                }
                #expect(Self.firstDifference(avx512, avx2) == nil, "source \(String(source, radix: 16)) count \(count)")
                #expect(Self.firstDifference(avx512, portable) == nil, "source \(String(source, radix: 16)) count \(count)")
            }
        }
    }

    @Test(arguments: offsets)
    func solidMaskOverMatchesAVX2AndSwift(offset: Int) {
        var random = FillTestRandom(seed: 5_130 + UInt64(offset))
        for count in Self.lengths {
            for _ in 0..<3 {
                let color = Shared.pixel(&random)
                let mask = Shared.mask(&random, count: count)
                let destination = (0..<count).map { _ in Shared.pixel(&random) }
                func blend(_ kernels: SpanKernelChoice?) -> [UInt32] {
                    Shared.run(destination, offset: offset) { d in
                        mask.withUnsafeBufferPointer {
                            // An empty array may have no base address; a zero-length span reads nothing.
                            let m = $0.baseAddress ?? UnsafePointer(bitPattern: 1)!
                            if let kernels {
                                FillSourceOver.blendSolid(color, mask: m, into: d, count: count, kernels: kernels)
                            } else {
                                #expect(SpanKernelsAVX512.solidMaskOver(color, m, d, count) == count)
                            }
                        }
                    }
                }
                let avx512 = blend(nil)
                #expect(Self.firstDifference(avx512, blend(.avx2)) == nil, "color \(String(color, radix: 16)) count \(count)")
                #expect(Self.firstDifference(avx512, blend(.portable)) == nil, "color \(String(color, radix: 16)) count \(count)")
            }
        }
    }

    /// Source rows with and without a coverage mask, opacity 0, 255 or random (the lerp and no-lerp forms).
    @Test(arguments: offsets)
    func sourceRowOverMatchesAVX2AndSwift(offset: Int) {
        var random = FillTestRandom(seed: 5_140 + UInt64(offset))
        for count in Self.lengths {
            for trial in 0..<4 {
                let alpha = Shared.alpha(&random)
                let source = (0..<count).map { _ in Shared.pixel(&random) }
                let mask: [UInt8]? = trial % 2 == 0 ? nil : Shared.mask(&random, count: count)
                let destination = (0..<count).map { _ in Shared.pixel(&random) }
                func blend(_ kernels: SpanKernelChoice?) -> [UInt32] {
                    Shared.run(destination, offset: offset) { d in
                        source.withUnsafeBufferPointer { s in
                            let sp = s.baseAddress ?? UnsafePointer(bitPattern: 4)!
                            func go(_ m: UnsafePointer<UInt8>?) {
                                if let kernels {
                                    paintBlendSourceOver(sp, m, alpha, d, count, kernels: kernels)
                                } else {
                                    #expect(SpanKernelsAVX512.sourceRowOver(sp, m, alpha, d, count) == count)
                                }
                            }
                            if let mask {
                                mask.withUnsafeBufferPointer { go($0.baseAddress ?? UnsafePointer(bitPattern: 1)!) }
                            } else {
                                go(nil)
                            }
                        }
                    }
                }
                let avx512 = blend(nil)
                #expect(Self.firstDifference(avx512, blend(.avx2)) == nil, "alpha \(alpha) mask \(mask != nil) count \(count)")
                #expect(Self.firstDifference(avx512, blend(.portable)) == nil, "alpha \(alpha) mask \(mask != nil) count \(count)")
            }
        }
    }

    /// A block of `height` rows `stride` pixels apart in a buffer with sentinels before, after and between
    /// the rows (stride > width); returns the whole buffer and checks the sentinels.
    static func runBlock(
        _ base: [UInt32], offset: Int, stride: Int, width: Int, height: Int,
        _ body: (UnsafeMutablePointer<UInt32>) -> Void
    ) -> [UInt32] {
        let sentinel: UInt32 = 0xDEAD_BEEF
        var buffer = [UInt32](repeating: sentinel, count: offset + stride * height + 20)
        for row in 0..<height {
            for x in 0..<width { buffer[offset + row * stride + x] = base[row * width + x] }
        }
        buffer.withUnsafeMutableBufferPointer { body($0.baseAddress! + offset) }
        let outside = buffer.indices.filter { index in
            let k = index - offset
            return k < 0 || k >= stride * height || k % stride >= width
        }
        #expect(outside.allSatisfy { buffer[$0] == sentinel }, "a block kernel wrote outside its rows")
        return buffer
    }

    /// Every width 0…300 with 0…4 rows and gaps of 0…17 pixels between rows: the block kernels against the
    /// AVX2 block kernel and the Swift row path (FillSourceOver.blendSolid on each row).
    @Test(arguments: offsets)
    func solidBlockOverMatchesAVX2AndSwift(offset: Int) {
        var random = FillTestRandom(seed: 5_150 + UInt64(offset))
        for width in Self.lengths {
            let height = Int(random.next() % 5), stride = width + Int(random.next() % 18)
            let source = Shared.pixel(&random)
            let base = (0..<width * height).map { _ in Shared.pixel(&random) }
            let avx512 = Self.runBlock(base, offset: offset, stride: stride, width: width, height: height) {
                #expect(SpanKernelsAVX512.solidBlockOver(source, $0, stride: stride, width: width, height: height))
            }
            let avx2 = Self.runBlock(base, offset: offset, stride: stride, width: width, height: height) {
                #expect(SpanKernels.solidBlockOver(source, $0, stride: stride, width: width, height: height, .avx2))
            }
            let portable = Self.runBlock(base, offset: offset, stride: stride, width: width, height: height) { p in
                for row in 0..<height {
                    FillSourceOver.blendSolid(source, alpha: 255, into: p + row * stride, count: width, kernels: .portable)
                }
            }
            #expect(Self.firstDifference(avx512, avx2) == nil, "source \(String(source, radix: 16)) \(width)×\(height) stride \(stride)")
            #expect(Self.firstDifference(avx512, portable) == nil, "source \(String(source, radix: 16)) \(width)×\(height) stride \(stride)")
        }
    }

    @Test(arguments: offsets)
    func fillBlockMatchesAVX2AndSwift(offset: Int) {
        var random = FillTestRandom(seed: 5_160 + UInt64(offset))
        for width in Self.lengths {
            let height = Int(random.next() % 5), stride = width + Int(random.next() % 18)
            let value = Shared.pixel(&random)
            let base = (0..<width * height).map { _ in Shared.pixel(&random) }
            let avx512 = Self.runBlock(base, offset: offset, stride: stride, width: width, height: height) {
                #expect(SpanKernelsAVX512.fillBlock(value, $0, stride: stride, width: width, height: height))
            }
            let avx2 = Self.runBlock(base, offset: offset, stride: stride, width: width, height: height) {
                #expect(SpanKernels.fillBlock(value, $0, stride: stride, width: width, height: height, .avx2))
            }
            let portable = Self.runBlock(base, offset: offset, stride: stride, width: width, height: height) { p in
                for row in 0..<height { (p + row * stride).update(repeating: value, count: width) }
            }
            #expect(Self.firstDifference(avx512, avx2) == nil, "value \(String(value, radix: 16)) \(width)×\(height) stride \(stride)")
            #expect(Self.firstDifference(avx512, portable) == nil, "value \(String(value, radix: 16)) \(width)×\(height) stride \(stride)")
        }
    }

    /// Every destination byte pair against every coverage for a few colours (alpha 255, 128, 1, 127, 255 white),
    /// and every destination byte against every source alpha: the 512-bit rounding (mulhi by 257) and alpha
    /// broadcast (byte shuffles) equal the Swift divide-by-255 on all products the kernels can form.
    @Test func exhaustiveOverChannelValues() {
        let destination = (0..<256 * 256).map { i -> UInt32 in
            let a = UInt32(i & 0xFF), c = UInt32((i >> 8) & 0xFF) * a / 255
            return a << 24 | c << 16 | (a - c) << 8 | c
        }
        let mask = (0..<destination.count).map { UInt8(truncatingIfNeeded: $0 >> 8) }
        for color: UInt32 in [0xFF00_80FF, 0x8040_2010, 0x0100_0001, 0x7F7F_7F7F, 0xFFFF_FFFF] {
            let portable = Shared.run(destination, offset: 1) { d in
                mask.withUnsafeBufferPointer {
                    FillSourceOver.blendSolid(color, mask: $0.baseAddress!, into: d, count: destination.count, kernels: .portable)
                }
            }
            let avx512 = Shared.run(destination, offset: 1) { d in
                mask.withUnsafeBufferPointer {
                    #expect(SpanKernelsAVX512.solidMaskOver(color, $0.baseAddress!, d, destination.count) == destination.count)
                }
            }
            #expect(Self.firstDifference(avx512, portable) == nil, "color \(String(color, radix: 16))")
        }
        // Source alpha a = 0…255 (grey c ≤ a) over destinations holding every byte value in every channel
        // (v, v, v, v) and (v, v, v, 255): every inverse alpha times every byte in the solid kernel.
        let bytes = (0..<512).map { i -> UInt32 in
            let v = UInt32(i & 0xFF), a: UInt32 = i < 256 ? v : 255
            return a << 24 | v << 16 | v << 8 | v
        }
        for a: UInt32 in 0...255 {
            let c = a / 3, source = a << 24 | c << 16 | (a - c) << 8 | c
            let portable = Shared.run(bytes, offset: 2) {
                FillSourceOver.blendSolid(source, alpha: 255, into: $0, count: bytes.count, kernels: .portable)
            }
            let avx512 = Shared.run(bytes, offset: 2) {
                #expect(SpanKernelsAVX512.solidOver(source, $0, bytes.count) == bytes.count)
            }
            #expect(Self.firstDifference(avx512, portable) == nil, "source alpha \(a)")
        }
    }
}

/// The process's choice of tier (runs on every CPU).
@Suite struct SpanKernelsAVX512ChoiceTests {
    /// AVX-512 is chosen exactly when the CPU has it and neither OPENQUARTZ_DISABLE_AVX512 nor
    /// OPENQUARTZ_DISABLE_AVX2 is "1" (SpanKernelsAVX512.swift); without the CPU feature the direct kernels
    /// refuse (return 0) instead of running.
    @Test func processChoiceFollowsTheCPUAndTheEnvironment() {
        let environment = ProcessInfo.processInfo.environment
        let expected = SpanKernels.isAVX512Supported && SpanKernels.isAVX2Supported
            && environment["OPENQUARTZ_DISABLE_AVX512"] != "1" && environment["OPENQUARTZ_DISABLE_AVX2"] != "1"
        #expect(SpanKernels.isAVX512Selected == expected)
        if SpanKernels.isAVX512Selected { #expect(SpanKernels.isAVX2Selected) }
        if !SpanKernels.isAVX512Supported {
            var pixels: [UInt32] = [0x8000_0080, 0x4040_4040, 0, 0xFFFF_FFFF]
            let count = pixels.withUnsafeMutableBufferPointer { SpanKernelsAVX512.solidOver(0x8000_0080, $0.baseAddress!, 4) }
            #expect(count == 0 && pixels == [0x8000_0080, 0x4040_4040, 0, 0xFFFF_FFFF], "no AVX-512: nothing touched")
        }
    }

    /// Inside `withAVX512Disabled` AVX-512 is off whatever other tests do (the requests are counted), and
    /// inside `withAVX2Disabled` both tiers are off.
    @Test func switchesTurnTheTierOff() {
        SpanKernels.withAVX512Disabled {
            #expect(!SpanKernels.isAVX512Enabled)
            SpanKernels.withAVX512Disabled { #expect(!SpanKernels.isAVX512Enabled) }
            #expect(!SpanKernels.isAVX512Enabled, "nested requests are counted")
        }
        SpanKernels.withAVX2Disabled {
            #expect(!SpanKernels.isAVX512Enabled && !SpanKernels.isAVX2Enabled)
        }
    }

    /// A differential test's "kernels on" side (withKernelTierUninterrupted) reports nil whenever a switch was
    /// held at its start or moved during its body, so it never runs silently on another tier; with
    /// `avx512: false` its body runs on AVX2 (when selected). Other suites flip the switches in parallel, so the
    /// successful run is retried until it ran alone.
    @Test func uninterruptedTierRunsSeeEverySwitch() {
        SpanKernels.withAVX2Disabled { #expect(SpanKernels.withKernelTierUninterrupted { 1 } == nil) }
        SpanKernels.withAVX512Disabled { #expect(SpanKernels.withKernelTierUninterrupted { 1 } == nil) }
        SpanKernels.withAVX2Disabled {
            #expect(SpanKernels.withKernelTierUninterrupted(avx512: false) { 1 } == nil)
        }
        #expect(SpanKernels.withKernelTierUninterrupted { SpanKernels.withAVX512Disabled { 1 } } == nil)
        #expect(SpanKernels.withKernelTierUninterrupted(avx512: false) { SpanKernels.withAVX2Disabled { 1 } } == nil)
        var tiers: (avx512: Bool, avx2: Bool)?
        let deadline = Date().addingTimeInterval(60)
        while tiers == nil && Date() < deadline {
            tiers = SpanKernels.withKernelTierUninterrupted(avx512: false) {
                (SpanKernels.isAVX512Enabled, SpanKernels.isAVX2Enabled)
            }
            if tiers == nil { usleep(2_000) }
        }
        #expect(tiers?.avx512 == false)
        #expect(tiers?.avx2 == SpanKernels.isAVX2Selected)
    }
}
