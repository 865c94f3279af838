// Glyph outlines in font units, decoded once per (face, glyph), with their control-point boxes: every size,
// position and transform of a glyph reuses the same path and box, scaled when it is placed. Thread-safe; the
// first decoder of a glyph wins.
import Foundation
import QuartzRaster

/// Per-face cache of glyph outlines (font units, y up).
package final class GlyphOutlineCache: @unchecked Sendable {
    // Invariant: `outlines`, `hits` and `misses` are only touched while `lock` is held.
    private let lock = NSLock()
    private var outlines: [UInt32: (path: PathGeometry, box: CGRect)] = [:]
    private var hits = 0
    private var misses = 0

    package init() {}

    /// The cached outline, or `decode()`'s result stored for next time.
    package func outline(ofGlyph glyph: UInt32, decode: () -> PathGeometry) -> PathGeometry {
        entry(ofGlyph: glyph, decode: decode).path
    }

    /// The outline's control-point box (null for an empty outline), cached with it.
    package func box(ofGlyph glyph: UInt32, decode: () -> PathGeometry) -> CGRect {
        entry(ofGlyph: glyph, decode: decode).box
    }

    private func entry(ofGlyph glyph: UInt32, decode: () -> PathGeometry) -> (path: PathGeometry, box: CGRect) {
        if let cached = lock.withLock({ () -> (path: PathGeometry, box: CGRect)? in
            let found = outlines[glyph]
            if found != nil { hits += 1 }
            return found
        }) {
            return cached
        }
        let decoded = decode()
        let made = (path: decoded, box: decoded.isEmpty ? CGRect.null : decoded.controlPointBounds)
        return lock.withLock {
            misses += 1
            if let raced = outlines[glyph] { return raced }
            outlines[glyph] = made
            return made
        }
    }

    /// Lookups answered from the cache and outlines decoded, since the face was opened.
    package var statistics: (hits: Int, misses: Int) { lock.withLock { (hits, misses) } }

    /// Forgets every outline (benchmarks measure the cold cost with it).
    package func removeAll() {
        lock.withLock {
            outlines.removeAll()
            hits = 0
            misses = 0
        }
    }
}
