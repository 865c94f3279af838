// The hand-off between paints and the compositing loops.
//
// Coordinate space: device pixels, y down; a span covers pixels x..<x+count of row y and is shaded at
// the pixel centres (x + 0.5, y + 0.5). Output: premultiplied RGBA8 packed as 0xAABBGGRR.

/// Produces premultiplied source colours for one horizontal span of pixels.
/// Implementations are value types with no per-call allocation; `shade` may be called from several
/// threads at once on different spans, so it must not mutate shared state.
public protocol SpanShader: Sendable {
    /// Writes `count` premultiplied pixels for row `y`, columns `x..<x+count`, into `output`.
    func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>)
}
