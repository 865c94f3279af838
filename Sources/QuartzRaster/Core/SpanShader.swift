// The hand-off between paints and the compositing loops.
//
// Coordinate space: device pixels, y down; a span covers pixels x..<x+count of row y and is shaded at
// the pixel centres (x + 0.5, y + 0.5). Output: premultiplied RGBA8 packed as 0xAABBGGRR.

/// Produces premultiplied source colours for one horizontal span of pixels.
/// Implementations are value types with no per-call allocation; `shade` may be called from several
/// threads at once on different spans, so it must not mutate shared state.
package protocol SpanShader: Sendable {
    /// Writes `count` premultiplied pixels for row `y`, columns `x..<x+count`, into `output`.
    func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>)

    /// Shades the span and composites it source-over (the normal blend) onto `destination`, each pixel lerped
    /// towards the old one by round(coverage · alpha / 255) (coverage 255 when nil): exactly `shade` into
    /// `scratch` followed by `blendSpan(.normal, …)`, which the default implementation does; shaders that can
    /// blend as they sample override it to skip the scratch row. Every pointer addresses `count` elements.
    func shadeSourceOver(
        x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>?, alpha: UInt8,
        destination: UnsafeMutablePointer<UInt32>, scratch: UnsafeMutablePointer<UInt32>)
}
