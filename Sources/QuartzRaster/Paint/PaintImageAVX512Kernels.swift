// The AVX-512 affine bilinear kernels (RasterKernels/raster_kernels_images_avx512.c) called directly, so tests
// compare them with the AVX2 kernels and the Swift path while another test may hold `withAVX512Disabled`.
// Coordinate space and numbers: include/raster_kernels_images.h (fixed-point level coordinates, premultiplied
// 0xAABBGGRR texels). `.automatic` spans reach these kernels through rk_image_affine_plan_over and
// rk_image_affine_bilinear(_over) when SpanKernels.isAVX512Enabled.
import RasterKernels

enum PaintImageAVX512Kernels {
    /// rk_image_affine_bilinear_avx512: `count` samples into `output` (declined spans by the AVX2 kernel);
    /// 0 without AVX-512.
    static func affine(_ span: inout rk_image_affine_span, _ output: UnsafeMutablePointer<UInt32>, _ count: Int) -> Int {
        SpanKernels.isAVX512Supported ? rk_image_affine_bilinear_avx512(&span, output, count) : 0
    }

    /// rk_image_affine_bilinear_over_avx512: sample and blend `count` pixels (declined spans by the AVX2
    /// kernel); 0 without AVX-512.
    static func affineOver(
        _ span: inout rk_image_affine_span, _ coverage: UnsafePointer<UInt8>?, _ alpha: UInt8,
        _ destination: UnsafeMutablePointer<UInt32>, _ count: Int
    ) -> Int {
        SpanKernels.isAVX512Supported ? rk_image_affine_bilinear_over_avx512(&span, coverage, alpha, destination, count) : 0
    }

    /// rk_image_affine_over_at_avx512 at the span's own s, t: `count`, or 0 (nothing touched) for a span the
    /// 512-bit loop declines or without AVX-512.
    static func affineOverWithoutFallback(
        _ span: inout rk_image_affine_span, _ coverage: UnsafePointer<UInt8>?, _ alpha: UInt8,
        _ destination: UnsafeMutablePointer<UInt32>, _ count: Int
    ) -> Int {
        guard SpanKernels.isAVX512Supported else { return 0 }
        return rk_image_affine_over_at_avx512(&span, span.s, span.t, coverage, alpha, destination, count)
    }
}
