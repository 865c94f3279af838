import Testing
@testable import QuartzRaster

// FillSurfaceRows.fill (FillSolidBlocks.swift) sets a block of pixels to one value, through the AVX2 kernel
// rk_fill_block when it is in use and update(repeating:) per row otherwise. It is a performance path with an
// exact definition (the block's pixels become the value, every other pixel keeps its own), and both paths
// must give the same bytes (SpanKernels.swift: the kernel choice only changes speed).
@Suite struct FillBlockFillTests {
    /// The block at every width around the kernel's 32- and 8-pixel steps and its masked tail, at a column
    /// offset, leaving the rows above and below and the columns either side untouched.
    @Test func fillSetsExactlyTheBlockOnBothPaths() {
        let (w, h) = (80, 6)
        let base = (0..<(w * h)).map { UInt32($0) &* 0x0101_0107 }
        let value: UInt32 = 0xFF20_4080
        for width in [1, 2, 7, 8, 9, 15, 16, 31, 32, 33, 39, 40, 41, 63, 64, 65, 75] {
            let x0 = 3, y0 = 1, height = 4
            var expected = base
            for y in y0..<(y0 + height) { for x in x0..<(x0 + width) { expected[y * w + x] = value } }
            for kernels: SpanKernelChoice in [.portable, .avx2, .automatic] {
                var pixels = base
                pixels.withUnsafeMutableBufferPointer { buffer in
                    guard let p = buffer.baseAddress else { return }
                    FillSurfaceRows(base: p, bounds: FillPixelBounds(width: w, height: h))
                        .fill(value, x: x0, y: y0, width: width, height: height, kernels: kernels)
                }
                #expect(pixels == expected, "width \(width) kernels \(kernels)")
            }
        }
    }

    /// An empty block writes nothing.
    @Test func emptyBlockWritesNothing() {
        let base = [UInt32](repeating: 7, count: 16)
        var pixels = base
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            let rows = FillSurfaceRows(base: p, bounds: FillPixelBounds(width: 4, height: 4))
            rows.fill(1, x: 0, y: 0, width: 0, height: 4, kernels: .avx2)
            rows.fill(1, x: 0, y: 0, width: 4, height: 0, kernels: .avx2)
        }
        #expect(pixels == base)
    }
}
