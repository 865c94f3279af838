// The one compositing loop every CGContext drawing call ends in: coverage spans × clip mask × global alpha,
// a span shader for the source colours, and `blendSpan` for the blend mode.
//
// Coordinate space: raster pixels of the context, origin top-left, y down (the bitmap's memory order);
// shaders are asked for pixel centres (x + 0.5, y + 0.5). Number format: premultiplied RGBA8 (0xAABBGGRR),
// 8-bit coverage. With anti-aliasing off, shapes arrive already sampled at pixel centres
// (ContextAliasedCoverage); any other partial coverage (image-mask clips) is snapped to 0/255 at one half.
// Everything runs on the calling thread in a fixed order, so the output is deterministic.

/// A destination the context draws into: its own bitmap, caller memory, a transparency layer or a scratch
/// buffer for shadows. It holds the raster pixels `bounds` (context coordinates); pixel (x, y) lives at
/// `pixels + (y − bounds.minY) · rowStride + (x − bounds.minX)`. Invariant: `pixels` addresses
/// `bounds.height` rows of `rowStride` ≥ `bounds.width` pixels that stay alive, and are touched by no one
/// else, while the target is in use.
struct ContextRasterTarget {
    let pixels: UnsafeMutablePointer<UInt32>
    let bounds: FillPixelBounds
    let rowStride: Int
    /// noneSkipLast memory: the alpha byte is ignored, so it is read and written as 255.
    let forcesOpaque: Bool

    /// The address of pixel (x, y), which must lie inside `bounds`.
    @inline(__always)
    func address(x: Int, y: Int) -> UnsafeMutablePointer<UInt32> {
        pixels + (y - bounds.minY) * rowStride + (x - bounds.minX)
    }
}

/// A zero-initialised pixel buffer for the raster pixels `bounds`, owned by the context (transparency
/// layers, shadow scratch). Invariant: `pixels` holds bounds.width · bounds.height initialised pixels from
/// init to deinit.
final class ContextPixelBuffer {
    let bounds: FillPixelBounds
    let pixels: UnsafeMutablePointer<UInt32>

    init(bounds: FillPixelBounds) {
        self.bounds = bounds
        let count = bounds.width * bounds.height
        pixels = .allocate(capacity: max(count, 1))
        pixels.initialize(repeating: 0, count: max(count, 1))
    }

    deinit { pixels.deallocate() }

    var target: ContextRasterTarget {
        ContextRasterTarget(pixels: pixels, bounds: bounds, rowStride: bounds.width, forcesOpaque: false)
    }

    /// Its pixels as a shader source.
    var shader: ContextBufferShader {
        ContextBufferShader(pixels: UnsafePointer(pixels), bounds: bounds, rowStride: bounds.width)
    }
}

/// How one draw is composited.
struct ContextCompositeMode {
    var blendMode: CGBlendMode
    var alpha: UInt8
    var antialias: Bool
    var clip: ContextClipMask?
}

enum ContextCompositor {
    /// Composites `shader` through `coverage` inside `region` onto `target`; returns the pixel bounds that
    /// received non-zero coverage (nil when nothing did).
    @discardableResult
    static func composite<Coverage: ContextCoverage, Shader: SpanShader>(
        _ coverage: Coverage, shader: Shader, region: FillPixelBounds, mode: ContextCompositeMode,
        target: ContextRasterTarget
    ) -> FillPixelBounds? {
        let area = region.intersection(target.bounds).intersection(coverage.extent)
        if area.isEmpty || mode.alpha == 0 { return nil }
        if let clip = mode.clip {
            return clip.bytes.withUnsafeBufferPointer { clipBytes in
                run(coverage, shader, area, mode, target, clipBytes.baseAddress, clip.width)
            }
        }
        return run(coverage, shader, area, mode, target, nil, 0)
    }

    private static func run<Coverage: FillCoverageSource, Shader: SpanShader>(
        _ coverage: Coverage, _ shader: Shader, _ area: FillPixelBounds, _ mode: ContextCompositeMode,
        _ target: ContextRasterTarget, _ clip: UnsafePointer<UInt8>?, _ clipStride: Int
    ) -> FillPixelBounds? {
        let tileSize = max(64, coverage.minimumScratchTileSize)
        let scratch = FillTileScratch(tileSize: tileSize)
        let capacity = scratch.rowCapacity
        // Invariant: both buffers hold `capacity` elements for the whole call; spans are cut to that length.
        let coverageBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        let sourceBuffer = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        defer {
            coverageBuffer.deallocate()
            sourceBuffer.deallocate()
        }
        let blend = mode.blendMode, alpha = mode.alpha, antialias = mode.antialias
        let opaque = target.forcesOpaque
        // Fully covered runs of a solid colour under source-over skip shading: FillSourceOver's constant-colour
        // kernel gives exactly blendSpan's normal result at full coverage and alpha (s + d·(255 − sα)/255).
        let solid = blend == .normal ? (shader as? PaintSolidColorShader)?.color.packed : nil
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        // Tiles aligned like FillPathCoverage's grid, so a binned path is asked for whole tiles (its fast case).
        let grid = FillTileGrid(bounds: area, tileSize: tileSize)
        for tile in 0..<grid.tileCount {
            let tileBounds = grid.pixelBounds(column: tile % grid.columnCount, row: tile / grid.columnCount)
            coverage.forEachCoverageSpan(in: tileBounds, scratch: scratch) { span in
                var constant = span.alpha
                if span.mask == nil {
                    if !antialias { constant = constant >= 128 ? 255 : 0 }
                    if constant == 0 { return }
                }
                var done = 0
                while done < span.count {
                    let n = min(capacity, span.count - done)
                    let x = span.x + done
                    var spanCoverage: UnsafePointer<UInt8>? = nil
                    var spanAlpha = alpha
                    if span.mask == nil && clip == nil {
                        spanAlpha = mulDiv255(constant, alpha)
                    } else {
                        if let mask = span.mask {
                            coverageBuffer.update(from: mask + done, count: n)
                            if !antialias {
                                for i in 0..<n { coverageBuffer[i] = coverageBuffer[i] >= 128 ? 255 : 0 }
                            }
                        } else {
                            coverageBuffer.update(repeating: constant, count: n)
                        }
                        if let clip {
                            let clipRow = clip + span.y * clipStride + x
                            for i in 0..<n { coverageBuffer[i] = mulDiv255(coverageBuffer[i], clipRow[i]) }
                        }
                        spanCoverage = UnsafePointer(coverageBuffer)
                    }
                    if spanAlpha == 255, spanCoverage == nil, let solid {
                        let row = target.address(x: x, y: span.y)
                        FillSourceOver.blendSolid(solid, alpha: 255, into: row, count: n)
                        if opaque { for i in 0..<n { row[i] |= 0xFF00_0000 } }
                        minX = min(minX, x)
                        maxX = max(maxX, x + n)
                        minY = min(minY, span.y)
                        maxY = max(maxY, span.y + 1)
                    } else if spanAlpha != 0 {
                        let row = target.address(x: x, y: span.y)
                        shader.shade(x: x, y: span.y, count: n, into: sourceBuffer)
                        if opaque { for i in 0..<n { row[i] |= 0xFF00_0000 } }
                        blendSpan(
                            blend, source: UnsafePointer(sourceBuffer), coverage: spanCoverage, alpha: spanAlpha,
                            destination: row, count: n)
                        if opaque { for i in 0..<n { row[i] |= 0xFF00_0000 } }
                        minX = min(minX, x)
                        maxX = max(maxX, x + n)
                        minY = min(minY, span.y)
                        maxY = max(maxY, span.y + 1)
                    }
                    done += n
                }
            }
        }
        if minX >= maxX || minY >= maxY { return nil }
        return FillPixelBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// The 8-bit coverage of `source` over a width × height raster (row-major), snapped to 0/255 when
    /// `antialias` is false. Used for clip masks.
    static func coverageMask(of source: some FillCoverageSource, width: Int, height: Int, antialias: Bool) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: width * height)
        let tileSize = max(64, source.minimumScratchTileSize)
        let scratch = FillTileScratch(tileSize: tileSize)
        let grid = FillTileGrid(bounds: FillPixelBounds(width: width, height: height), tileSize: tileSize)
        mask.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for tile in 0..<grid.tileCount {
                let tileBounds = grid.pixelBounds(column: tile % grid.columnCount, row: tile / grid.columnCount)
                source.forEachCoverageSpan(in: tileBounds, scratch: scratch) { span in
                    // Spans lie inside the requested tile, hence inside the mask.
                    let row = base + span.y * width + span.x
                    if let m = span.mask {
                        row.update(from: m, count: span.count)
                    } else {
                        row.update(repeating: span.alpha, count: span.count)
                    }
                    if !antialias {
                        for i in 0..<span.count { row[i] = row[i] >= 128 ? 255 : 0 }
                    }
                }
            }
        }
        return mask
    }
}

/// Source colours read from another pixel buffer at the same raster coordinates (transparency layers).
/// Spans must lie inside `bounds`. Invariant: `pixels` addresses `bounds.height` rows of `rowStride` pixels,
/// alive and unmodified while the shader is in use.
struct ContextBufferShader: SpanShader, @unchecked Sendable {
    let pixels: UnsafePointer<UInt32>
    let bounds: FillPixelBounds
    let rowStride: Int

    func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        output.update(from: pixels + (y - bounds.minY) * rowStride + (x - bounds.minX), count: count)
    }
}
