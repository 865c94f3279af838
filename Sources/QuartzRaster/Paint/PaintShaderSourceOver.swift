// The default fused shade-and-blend of a span shader: shade into a scratch row, then source-over.
//
// Coordinate space and numbers: SpanShader.swift (device pixels, centres at +0.5, premultiplied RGBA8);
// the blend is PaintBlendSpan.swift's normal mode, so overriding shaders must give the same bytes.

extension SpanShader {
    package func shadeSourceOver(
        x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>?, alpha: UInt8,
        destination: UnsafeMutablePointer<UInt32>, scratch: UnsafeMutablePointer<UInt32>
    ) {
        guard count > 0, alpha > 0 else { return }
        shade(x: x, y: y, count: count, into: scratch)
        paintBlendSourceOver(UnsafePointer(scratch), coverage, alpha, destination, count)
    }
}
