// Glyph masks kept between frames, least recently used first out past a byte budget. Thread-safe: the
// preparation phase looks masks up from every worker. A mask is a pure function of its key, so what the cache
// holds changes the time a frame takes, never its pixels.
import Foundation
import QuartzRaster
import QuartzText

/// What identifies a glyph's device picture: face, glyph, device scale (font units → pixels) on each axis,
/// the pen's 1/16-pixel phase on each axis and the flattening tolerance.
struct GlyphMaskKey: Hashable {
    let face: ObjectIdentifier
    let glyph: UInt32
    let scaleX: UInt64
    let scaleY: UInt64
    let phaseX: UInt8
    let phaseY: UInt8
    let tolerance: UInt64
}

/// A glyph's coverage (nil when it covers no pixel) and where its top-left pixel lies from the pen's pixel.
struct GlyphMask: Sendable {
    let coverage: FillCoverageMask?
    let originX: Int
    let originY: Int

    /// Bytes held, with a fixed allowance for the entry itself.
    var cost: Int { (coverage?.byteCount ?? 0) + 96 }
}

final class GlyphMaskCache: @unchecked Sendable {
    /// The process's cache: 16 MiB holds every 1/16-pixel phase of about a hundred glyphs at 24 px.
    static let shared = GlyphMaskCache(budget: 16 << 20)

    private struct Entry {
        let mask: GlyphMask
        /// Keeps the face alive while its identifier is a key.
        let face: FontFace
        var lastUse: UInt64
    }

    let budget: Int
    // Invariant: every stored property below is only touched while `lock` is held; `bytes` is the sum of
    // the entries' costs.
    private let lock = NSLock()
    private var entries: [GlyphMaskKey: Entry] = [:]
    private var clock: UInt64 = 0
    private var bytes = 0
    private var hits = 0
    private var misses = 0

    init(budget: Int) { self.budget = max(0, budget) }

    /// The mask for `key`, made by `make()` (outside the lock) when it is not held.
    func mask(for key: GlyphMaskKey, face: FontFace, make: () -> GlyphMask) -> GlyphMask {
        if let found = lock.withLock({ () -> GlyphMask? in
            clock += 1
            guard var entry = entries[key] else { return nil }
            hits += 1
            entry.lastUse = clock
            entries[key] = entry
            return entry.mask
        }) {
            return found
        }
        let made = make()
        return lock.withLock {
            misses += 1
            if let raced = entries[key] { return raced.mask }
            entries[key] = Entry(mask: made, face: face, lastUse: clock)
            bytes += made.cost
            if bytes > budget { evict() }
            return made
        }
    }

    /// Drops the least recently used entries until a quarter of the budget is free. Called with the lock held.
    private func evict() {
        let target = budget - budget / 4
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            if bytes <= target { break }
            entries[key] = nil
            bytes -= entry.mask.cost
        }
    }

    /// Masks held, their bytes, and lookups answered and missed since the cache was made.
    var statistics: (count: Int, bytes: Int, hits: Int, misses: Int) {
        lock.withLock { (entries.count, bytes, hits, misses) }
    }

    /// Forgets every mask (benchmarks measure the cold cost with it).
    func removeAll() {
        lock.withLock {
            entries.removeAll()
            bytes = 0
        }
    }
}
