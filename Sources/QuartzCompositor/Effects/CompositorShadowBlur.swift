// Gaussian blur of an 8-bit coverage mask, evaluated only over the pixels that will be drawn.
//
// Spaces: device pixels; the input mask covers `inputBounds`, zero outside; the output covers `outputBounds`,
// and output pixel p = Σ G(i) G(j) · input(p − shift − (i, j)), i.e. the blur of the input moved by `shift`.
// Numbers: PaintGaussianKernel's normalised Float weights (truncated at 3σ), Float sums in a fixed order,
// rounded to nearest once at the end, so results never depend on threads: the horizontal pass is split into
// bands of rows and the vertical pass into bands of columns, each pixel summed by one worker in the order a
// single thread uses. Cost is proportional to the output size × the kernel width, whatever σ is: unlike a
// padded whole-mask blur, a large σ never makes the work or memory grow with the blur's reach beyond what
// is shown.
import Foundation
import QuartzRaster

enum CompositorShadowBlur {
    /// The blurred, shifted mask over `outputBounds` (row-major, origin at its corner); nil when σ is invalid.
    /// Bit-identical for any `threads`.
    static func blur(
        _ input: PaintA8Mask, inputBounds: FillPixelBounds, outputBounds: FillPixelBounds, sigma: Double,
        shiftX: Int, shiftY: Int, threads: Int = 1
    ) -> PaintA8Mask? {
        guard let kernel = try? PaintGaussianKernel(sigma: sigma) else { return nil }
        let ow = outputBounds.width, oh = outputBounds.height
        guard ow > 0, oh > 0, input.width == inputBounds.width, input.height == inputBounds.height else {
            return PaintA8Mask(width: max(ow, 0), height: max(oh, 0))
        }
        let r = kernel.radius
        // The horizontal pass runs over output columns and every input row the vertical pass can reach.
        let rowLow = max(inputBounds.minY, outputBounds.minY - shiftY - r)
        let rowHigh = min(inputBounds.maxY, outputBounds.maxY - shiftY + r)
        var output = PaintA8Mask(width: ow, height: oh)
        if rowLow >= rowHigh { return output }
        let rows = rowHigh - rowLow
        var temp = [Float](repeating: 0, count: ow * rows)
        let rowBands = bands(count: rows, threads: threads), columnBands = bands(count: ow, threads: threads)
        input.bytes.withUnsafeBufferPointer { source in
            kernel.weights.withUnsafeBufferPointer { weights in
                temp.withUnsafeMutableBufferPointer { tempBuffer in
                    output.bytes.withUnsafeMutableBufferPointer { out in
                        let pass = CompositorBlurPass(
                            source: source.baseAddress!, weights: weights.baseAddress!, temp: tempBuffer.baseAddress!,
                            output: out.baseAddress!, inputWidth: input.width, outputWidth: ow, outputHeight: oh,
                            rows: rows, radius: r, inputMinY: inputBounds.minY, rowLow: rowLow,
                            base: outputBounds.minX - shiftX - inputBounds.minX,
                            firstCentre: outputBounds.minY - shiftY - rowLow)
                        Compositor.runWorkers(threads: threads, items: rowBands.count) { pass.horizontal(rowBands[$0]) }
                        Compositor.runWorkers(threads: threads, items: columnBands.count) { pass.vertical(columnBands[$0]) }
                    }
                }
            }
        }
        return output
    }

    /// `count` items cut into at most `threads` contiguous bands of at least 32 (fewer for small counts).
    static func bands(count: Int, threads: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let n = max(1, min(threads, count / 32))
        return (0..<n).map { (count * $0 / n)..<(count * ($0 + 1) / n) }
    }
}

/// One blur's buffers and geometry, shared by the band workers.
/// Invariants: `source` holds inputWidth × (input height) bytes; rows rowLow..<rowLow + rows lie inside the
/// input; `temp` holds rows × outputWidth floats, zero before the horizontal pass; `output` holds outputWidth ×
/// outputHeight bytes; `weights` holds 2·radius + 1 floats. Horizontal workers write disjoint temp rows,
/// vertical workers read all of temp (finished) and write disjoint output columns.
struct CompositorBlurPass: @unchecked Sendable {
    let source: UnsafePointer<UInt8>
    let weights: UnsafePointer<Float>
    let temp: UnsafeMutablePointer<Float>
    let output: UnsafeMutablePointer<UInt8>
    let inputWidth: Int
    let outputWidth: Int
    let outputHeight: Int
    let rows: Int
    let radius: Int
    let inputMinY: Int
    let rowLow: Int
    /// Input column read for output x and tap k: base + x + radius − k.
    let base: Int
    /// Temp row at the centre of output row y: firstCentre + y.
    let firstCentre: Int

    /// Temp rows `band` (0-based from rowLow). For each tap k the x range is cut so that every column read
    /// lies in 0..<inputWidth; loops over x are innermost (contiguous, vectorisable) and each pixel sums its
    /// taps in ascending k, so results do not depend on the loop shape or the bands.
    func horizontal(_ band: Range<Int>) {
        let iw = inputWidth, ow = outputWidth, r = radius
        let f = UnsafeMutablePointer<Float>.allocate(capacity: max(iw, 1))
        defer { f.deallocate() }
        for row in band {
            let inRow = source + (rowLow + row - inputMinY) * iw
            for c in 0..<iw { f[c] = Float(inRow[c]) }
            let tRow = temp + row * ow
            for k in 0...(2 * r) {
                let shift = base + r - k
                let x0 = max(0, -shift), x1 = min(ow, iw - shift)
                if x0 >= x1 { continue }
                let weight = weights[k], from = f + shift
                for x in x0..<x1 { tRow[x] += weight * from[x] }
            }
        }
    }

    /// Output columns `band`, every row: taps k whose temp row lies in 0..<rows, ascending.
    func vertical(_ band: Range<Int>) {
        let ow = outputWidth, r = radius, n = band.count
        if n == 0 { return }
        let acc = UnsafeMutablePointer<Float>.allocate(capacity: n)
        defer { acc.deallocate() }
        for y in 0..<outputHeight {
            let centre = firstCentre + y
            let kLow = max(0, centre + r - (rows - 1)), kHigh = min(2 * r, centre + r)
            if kLow > kHigh { continue }
            acc.update(repeating: 0, count: n)
            for k in kLow...kHigh {
                let weight = weights[k], from = temp + (centre + r - k) * ow + band.lowerBound
                for x in 0..<n { acc[x] += weight * from[x] }
            }
            let oRow = output + y * ow + band.lowerBound
            for x in 0..<n { oRow[x] = UInt8(min(255, max(0, Int(acc[x] + 0.5)))) }
        }
    }
}
