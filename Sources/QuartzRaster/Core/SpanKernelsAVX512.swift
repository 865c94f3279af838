// The AVX-512 tier of the span kernels (RasterKernels/raster_kernels_avx512.c): queries, the process-wide
// switch, and direct calls for differential tests.
//
// Pixels are premultiplied RGBA8 (0xAABBGGRR); the 512-bit kernels give the bytes of the AVX2 kernels and of the
// Swift code. `.automatic` spans use them when the CPU has AVX-512F/BW/VL and neither OPENQUARTZ_DISABLE_AVX512
// nor OPENQUARTZ_DISABLE_AVX2 is "1" (read once per process); `.avx2` always means the AVX2 code and
// `.portable` the Swift code, so `SpanKernelChoice` needs no case of its own.

import RasterKernels

extension SpanKernels {
    /// Whether this CPU (and OS) runs AVX-512F, AVX-512BW and AVX-512VL.
    package static var isAVX512Supported: Bool { rk_avx512_supported() != 0 }

    /// Whether the process chose AVX-512: supported, AVX2 selected, and OPENQUARTZ_DISABLE_AVX512 is not "1".
    package static var isAVX512Selected: Bool { rk_avx512_selected() != 0 }

    /// Whether `.automatic` spans use AVX-512 now (selected, and no `withAVX512Disabled` or `withAVX2Disabled`
    /// call is running).
    package static var isAVX512Enabled: Bool { rk_avx512_enabled() != 0 }

    /// Runs `body` with `.automatic` spans on AVX2 instead of AVX-512 in the whole process (when AVX2 is in
    /// use), for tests and benchmarks that compare the tiers. Output bytes do not depend on it, so other threads
    /// rendering meanwhile are unaffected except in speed. Nested and concurrent calls are counted.
    package static func withAVX512Disabled<Result>(_ body: () throws -> Result) rethrows -> Result {
        rk_forbid_avx512(1)
        defer { rk_forbid_avx512(-1) }
        return try body()
    }
}

/// The AVX-512 kernels called directly, whatever the process chose: each returns how many pixels it did (or
/// whether it did the block), 0 / false without touching memory when the CPU lacks AVX-512. For tests that pin
/// them to the AVX2 and Swift paths while other tests may hold `withAVX512Disabled`.
/// Invariant (caller): every pointer addresses `count` elements (each block row `width` pixels).
enum SpanKernelsAVX512 {
    static func solidOver(_ source: UInt32, _ destination: UnsafeMutablePointer<UInt32>, _ count: Int) -> Int {
        SpanKernels.isAVX512Supported ? Int(rk_solid_over_avx512(source, destination, count)) : 0
    }

    static func solidMaskOver(
        _ color: UInt32, _ mask: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt32>, _ count: Int
    ) -> Int {
        SpanKernels.isAVX512Supported ? Int(rk_solid_mask_over_avx512(color, mask, destination, count)) : 0
    }

    static func sourceRowOver(
        _ source: UnsafePointer<UInt32>, _ coverage: UnsafePointer<UInt8>?, _ alpha: UInt8,
        _ destination: UnsafeMutablePointer<UInt32>, _ count: Int
    ) -> Int {
        SpanKernels.isAVX512Supported
            ? Int(rk_source_row_over_avx512(source, coverage, alpha, destination, count)) : 0
    }

    static func solidBlockOver(
        _ source: UInt32, _ destination: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int
    ) -> Bool {
        SpanKernels.isAVX512Supported && rk_solid_block_over_avx512(source, destination, stride, width, height) != 0
    }

    static func fillBlock(
        _ value: UInt32, _ destination: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int
    ) -> Bool {
        SpanKernels.isAVX512Supported && rk_fill_block_avx512(value, destination, stride, width, height) != 0
    }
}
