// Layouts of short plain strings shared by every text layer of the process. A layout is a pure function of
// (string, font, size, colour, options), so sharing it changes no pixel; it saves shaping the same string
// again when layer trees are rebuilt for every frame (as a scene file's are). Bounded: strings longer than
// `maximumStringLength` UTF-16 units are not kept, and a full cache is emptied before the next entry.
import Foundation
import QuartzRaster

package final class TextLayoutCache: @unchecked Sendable {
    package static let shared = TextLayoutCache(capacity: 2048)

    struct Key: Hashable {
        var string: String
        var layout: TextSource.LayoutKey
    }

    package static let maximumStringLength = 1024

    // Invariant: `layouts` is only touched while `lock` is held.
    private let lock = NSLock()
    private var layouts: [Key: TextLayout] = [:]
    private let capacity: Int

    package init(capacity: Int) { self.capacity = max(1, capacity) }

    func layout(of string: String, key: TextSource.LayoutKey, make: () -> TextLayout?) -> TextLayout? {
        guard string.utf16.count <= Self.maximumStringLength else { return make() }
        let cacheKey = Key(string: string, layout: key)
        if let hit = lock.withLock({ layouts[cacheKey] }) { return hit }
        guard let made = make() else { return nil }
        lock.withLock {
            if layouts.count >= capacity { layouts.removeAll(keepingCapacity: true) }
            layouts[cacheKey] = made
        }
        return made
    }

    /// How many layouts are kept (tests).
    package var count: Int { lock.withLock { layouts.count } }
}
