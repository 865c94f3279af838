// The sample grids of wide box shadows kept from frame to frame. A grid depends on the shadow's device size,
// corner radius and σ alone (PaintBlurredRoundedRectGrid), so a found grid and one made afresh hold the same
// values: the cache changes speed, never a pixel, whatever the frame, thread count or tile size.
// Memory: at most `budgetBytes` (default 16 MiB, a few hundred wide card shadows); past it the least recently
// used grids go first. Each CompositorSurfacePool owns one, so nothing is global.
import Foundation
import QuartzRaster

final class CompositorShadowGrids: @unchecked Sendable {
    static let defaultBudgetBytes = 16 << 20

    private struct Entry {
        let grid: PaintBlurredRoundedRectGrid
        var lastUse: UInt64
    }

    // Invariant: the fields below are used only with `lock` held; `bytes` is the sum of the entries' sizes.
    private let lock = NSLock()
    private var entries: [PaintBlurredRoundedRectGrid.Key: Entry] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0
    let budgetBytes: Int

    init(budgetBytes: Int = CompositorShadowGrids.defaultBudgetBytes) {
        self.budgetBytes = max(0, budgetBytes)
    }

    var count: Int { lock.withLock { entries.count } }
    var storedBytes: Int { lock.withLock { bytes } }

    /// The grid of `shape`, kept or made now (outside the lock: two workers missing the same shape both make
    /// it, with the same values).
    func grid(for shape: PaintBlurredRoundedRect) -> PaintBlurredRoundedRectGrid {
        let key = PaintBlurredRoundedRectGrid.Key(shape)
        let found: PaintBlurredRoundedRectGrid? = lock.withLock {
            clock += 1
            guard var entry = entries[key] else { return nil }
            entry.lastUse = clock
            entries[key] = entry
            return entry.grid
        }
        if let found { return found }
        let grid = PaintBlurredRoundedRectGrid(shape: shape)
        lock.withLock {
            guard entries[key] == nil, grid.byteCount <= budgetBytes else { return }
            while bytes + grid.byteCount > budgetBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                bytes -= oldest.value.grid.byteCount
                entries[oldest.key] = nil
            }
            clock += 1
            entries[key] = Entry(grid: grid, lastUse: clock)
            bytes += grid.byteCount
        }
        return grid
    }

    func removeAll() {
        lock.withLock {
            entries = [:]
            bytes = 0
        }
    }
}
