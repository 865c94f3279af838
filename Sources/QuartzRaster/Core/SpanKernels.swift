// Run-time choice between the AVX-512 and AVX2 span kernels (C target RasterKernels) and the portable Swift
// SIMD code.
//
// Pixels are premultiplied RGBA8 (0xAABBGGRR) in row spans; all paths give identical bytes (the C kernels
// reproduce the Swift rounding exactly), so the choice only changes speed. AVX2 is used when the CPU has it
// and the environment variable OPENQUARTZ_DISABLE_AVX2 is not "1" (read once per process); AVX-512 (BW, VL)
// on top when the CPU has it and OPENQUARTZ_DISABLE_AVX512 is not "1" (SpanKernelsAVX512.swift). A kernel does the
// whole span (16 pixels per step, masked 8-pixel steps for the rest) and returns `count`, or 0 when it did not
// run; the Swift code then does whatever is left.

public import RasterKernels

/// Which implementation a source-over span uses.
package enum SpanKernelChoice: Sendable, Equatable {
    /// The best kernels the process allows: AVX-512 when the CPU has AVX-512BW/VL and neither
    /// OPENQUARTZ_DISABLE_AVX512 nor OPENQUARTZ_DISABLE_AVX2 is "1", else AVX2 when the CPU has it and
    /// OPENQUARTZ_DISABLE_AVX2 is not "1", else Swift.
    case automatic
    /// The portable Swift SIMD code only.
    case portable
    /// AVX2 whenever the CPU has it, ignoring the environment and the process switch (for comparisons).
    case avx2
}

/// Queries and the process-wide switch of the AVX2 span kernels.
package enum SpanKernels {
    /// Whether this CPU has AVX2.
    package static var isAVX2Supported: Bool { rk_avx2_supported() != 0 }

    /// Whether the process chose AVX2: the CPU has it and OPENQUARTZ_DISABLE_AVX2 is not "1".
    package static var isAVX2Selected: Bool { rk_avx2_selected() != 0 }

    /// Whether `.automatic` spans use AVX2 or AVX-512 now (selected, and no `withAVX2Disabled` call is running).
    package static var isAVX2Enabled: Bool { rk_avx2_enabled() != 0 }

    /// Runs `body` with `.automatic` spans on the Swift path (no AVX2, no AVX-512) in the whole process, for
    /// tests and benchmarks that compare the paths. Output bytes do not depend on it, so other threads rendering
    /// meanwhile are unaffected except in speed. Nested and concurrent calls are counted.
    package static func withAVX2Disabled<Result>(_ body: () throws -> Result) rethrows -> Result {
        rk_forbid_avx2(1)
        defer { rk_forbid_avx2(-1) }
        return try body()
    }

    /// Runs `body` with `.automatic` spans on one tier throughout: the process's selected tier, or with
    /// `avx512: false` AVX2 instead of AVX-512. The switches are process-wide and tests run in parallel, so the
    /// result is nil when another thread's `withAVX2Disabled` / `withAVX512Disabled` was active at the start or
    /// began or ended meanwhile (the caller retries): a differential test's "kernels on" side then never runs
    /// silently on another tier.
    package static func withKernelTierUninterrupted<Result>(
        avx512: Bool = true, _ body: () throws -> Result
    ) rethrows -> Result? {
        if !avx512 { rk_forbid_avx512(1) }
        defer { if !avx512 { rk_forbid_avx512(-1) } }
        let before = rk_kernel_switches()
        // Low 16 bits: "no AVX2" requests; next 16: "no AVX-512" requests (one of them ours when avx512 is false).
        let othersActive = avx512 ? before & 0xFFFF_FFFF != 0 : before & 0xFFFF != 0
        if othersActive { return nil }
        let result = try body()
        return rk_kernel_switches() == before ? result : nil
    }

    /// Spans shorter than this stay in Swift: for a few pixels a call into C costs more than it saves.
    @inlinable static var minimumCount: Int { 4 }

    /// Solid `source` (alpha < 255) over the first pixels of `destination`; returns how many were done.
    /// Invariant (caller): `destination` addresses `count` writable pixels.
    @inlinable @inline(__always)
    static func solidOver(
        _ source: UInt32, _ destination: UnsafeMutablePointer<UInt32>, _ count: Int, _ choice: SpanKernelChoice
    ) -> Int {
        if count < minimumCount { return 0 }
        switch choice {
        case .automatic: return Int(rk_solid_over(source, destination, count))
        case .portable: return 0
        case .avx2: return isAVX2Supported ? Int(rk_solid_over_avx2(source, destination, count)) : 0
        }
    }

    /// Solid `color` through per-pixel `mask` over `destination`; returns how many pixels were done.
    /// Invariant (caller): `mask` and `destination` address `count` elements.
    @inlinable @inline(__always)
    static func solidMaskOver(
        _ color: UInt32, _ mask: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt32>, _ count: Int,
        _ choice: SpanKernelChoice
    ) -> Int {
        if count < minimumCount { return 0 }
        switch choice {
        case .automatic: return Int(rk_solid_mask_over(color, mask, destination, count))
        case .portable: return 0
        case .avx2: return isAVX2Supported ? Int(rk_solid_mask_over_avx2(color, mask, destination, count)) : 0
        }
    }

    /// Premultiplied `source` pixels over `destination`, lerped by round(coverage · alpha / 255); returns how
    /// many pixels were done. Invariant (caller): every pointer addresses `count` elements.
    @inlinable @inline(__always)
    static func sourceRowOver(
        _ source: UnsafePointer<UInt32>, _ coverage: UnsafePointer<UInt8>?, _ alpha: UInt8,
        _ destination: UnsafeMutablePointer<UInt32>, _ count: Int, _ choice: SpanKernelChoice
    ) -> Int {
        if count < minimumCount { return 0 }
        switch choice {
        case .automatic: return Int(rk_source_row_over(source, coverage, alpha, destination, count))
        case .portable: return 0
        case .avx2:
            return isAVX2Supported ? Int(rk_source_row_over_avx2(source, coverage, alpha, destination, count)) : 0
        }
    }
}

extension SpanKernels {
    /// Solid `source` (alpha < 255) over `height` rows of `width` pixels, `stride` pixels apart; returns
    /// whether the AVX2 block kernel did them all (false: nothing was touched).
    /// Invariant (caller): each row addresses `width` writable pixels.
    @inlinable @inline(__always)
    static func solidBlockOver(
        _ source: UInt32, _ destination: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int,
        _ choice: SpanKernelChoice
    ) -> Bool {
        switch choice {
        case .automatic: return rk_solid_block_over(source, destination, stride, width, height) != 0
        case .portable: return false
        case .avx2:
            return isAVX2Supported && rk_solid_block_over_avx2(source, destination, stride, width, height) != 0
        }
    }

    /// Fills `height` rows of `width` pixels, `stride` pixels apart, with `value`; returns whether the AVX2
    /// kernel did them all (false: nothing was touched).
    /// Invariant (caller): each row addresses `width` writable pixels.
    @inlinable @inline(__always)
    static func fillBlock(
        _ value: UInt32, _ destination: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int,
        _ choice: SpanKernelChoice
    ) -> Bool {
        switch choice {
        case .automatic: return rk_fill_block(value, destination, stride, width, height) != 0
        case .portable: return false
        case .avx2: return isAVX2Supported && rk_fill_block_avx2(value, destination, stride, width, height) != 0
        }
    }
}
