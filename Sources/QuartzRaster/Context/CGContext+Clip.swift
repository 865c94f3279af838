// Clipping: each call intersects the clip with a new shape; the clip lives in the graphics state, so
// `restoreGState()` brings the previous one back.
//
// Spaces and format: shapes are rasterised like fills (raster pixels, exact-area coverage, snapped to 0/255
// when anti-aliasing is off) into a full-context 8-bit mask; the clip's bounding box is tracked in device
// space (y up) for `boundingBoxOfClipPath`.
import Foundation
import QuartzMath

extension CGContext {
    /// Intersects the clip with the current path under `rule`, then clears the path (Apple: `clip(using:)`;
    /// an empty path clips everything away).
    public func clip(using rule: CGPathFillRule = .winding) {
        let geometry = devicePath.geometry
        beginPath()
        intersectClip(with: pathCoverage(geometry, rule: rule, target: baseTarget), deviceBounds: geometry.tightBounds)
    }

    /// Intersects the clip with `rect` (user space) and clears the current path (Apple: `clip(to:)`).
    public func clip(to rect: CGRect) {
        beginPath()
        intersectClip(with: rectCoverage(rect), deviceBounds: rect.standardized.applying(state.ctm))
    }

    /// Intersects the clip with the union of `rects` and clears the current path (Apple: `clip(to:)` for
    /// rectangle arrays).
    public func clip(to rects: [CGRect]) {
        beginPath()
        let path = CGMutablePath()
        path.addRects(rects, transform: state.ctm)
        intersectClip(
            with: pathCoverage(path.geometry, rule: .winding, target: baseTarget), deviceBounds: path.geometry.tightBounds)
    }

    /// Apple: `clip(to:mask:)`: maps `mask` onto `rect` (user space, drawn like `draw(_:in:)`) and intersects
    /// the clip with it; outside `rect` everything is clipped away. Apple requires a DeviceGray image without
    /// alpha and uses its samples (white lets drawing through, black blocks it). Images here are RGBA, so an
    /// image whose every pixel is opaque is read as such a grey mask through its luminance
    /// (Rec. 709 weights 54/256, 183/256, 19/256, exact for grey), and any other image through its alpha.
    public func clip(to rect: CGRect, mask: CGImage) {
        beginPath()
        let deviceBounds = rect.standardized.applying(state.ctm)
        guard let shader = imageShader(mask, in: rect) else {
            intersectClip(with: [UInt8](repeating: 0, count: width * height), deviceBounds: .null)
            return
        }
        let coverage = rectCoverage(rect)
        let useLuminance = mask.bitmap.isOpaque
        var bytes = [UInt8](repeating: 0, count: width * height)
        let scratch = FillTileScratch(tileSize: 64)
        let shaded = UnsafeMutablePointer<UInt32>.allocate(capacity: scratch.rowCapacity)
        defer { shaded.deallocate() }
        let w = width
        let antialias = self.antialias
        bytes.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            let grid = FillTileGrid(bounds: FillPixelBounds(width: width, height: height), tileSize: 64)
            for tile in 0..<grid.tileCount {
                let tileBounds = grid.pixelBounds(column: tile % grid.columnCount, row: tile / grid.columnCount)
                coverage.forEachCoverageSpan(in: tileBounds, scratch: scratch) { span in
                    var done = 0
                    while done < span.count {
                        let n = min(scratch.rowCapacity, span.count - done)
                        shader.shade(x: span.x + done, y: span.y, count: n, into: shaded)
                        let row = base + span.y * w + span.x + done
                        for i in 0..<n {
                            let p = shaded[i]
                            let sample = useLuminance
                                ? UInt8(truncatingIfNeeded: (54 * (p & 0xFF) + 183 * ((p >> 8) & 0xFF) + 19 * ((p >> 16) & 0xFF) + 128) >> 8)
                                : UInt8(truncatingIfNeeded: p >> 24)
                            var cover = span.mask?[done + i] ?? span.alpha
                            if !antialias { cover = cover >= 128 ? 255 : 0 }
                            row[i] = mulDiv255(sample, cover)
                        }
                        done += n
                    }
                }
            }
        }
        intersectClip(with: bytes, deviceBounds: deviceBounds)
    }

    /// Removes the clip (Apple: `resetClip()`).
    public func resetClip() {
        state.clipMask = nil
        state.clipDeviceBounds = CGRect(x: 0, y: 0, width: width, height: height)
    }

    /// The clip's bounding box in user space (Apple: `boundingBoxOfClipPath`); the whole context when
    /// unclipped, `.null` when everything is clipped away.
    public var boundingBoxOfClipPath: CGRect {
        let r = state.clipDeviceBounds
        if r.isNull || r.isEmpty { return .null }
        return r.applying(state.ctm.inverted())
    }

    // MARK: Helpers

    func intersectClip(with coverage: some FillCoverageSource, deviceBounds: CGRect) {
        let mask = ContextCompositor.coverageMask(of: coverage, width: width, height: height, antialias: antialias)
        intersectClip(with: mask, deviceBounds: deviceBounds)
    }

    private func intersectClip(with mask: [UInt8], deviceBounds: CGRect) {
        if let current = state.clipMask {
            state.clipMask = current.intersected(with: mask)
        } else {
            state.clipMask = ContextClipMask(width: width, height: height, bytes: mask)
        }
        let finite = deviceBounds.isNull
            || (deviceBounds.minX.isFinite && deviceBounds.minY.isFinite && deviceBounds.maxX.isFinite
                && deviceBounds.maxY.isFinite)
        let bounds = finite ? deviceBounds : CGRect.null
        state.clipDeviceBounds = state.clipDeviceBounds.intersection(bounds)
    }
}
