// Names of the video segments written by shards and chunks, beside the target, sorting in frame order.
import Foundation

/// Segment names for video shards: `out.mp4` with `--shard 3/8` → `out.shard-03-of-08.mp4` (at least two
/// digits, as many as the count needs), so the segments sort in frame order.
package enum VideoSegmentName {
    package static func path(for output: String, shard: ShardArgument) -> String {
        path(for: output, kind: "shard", index: shard.index, count: shard.count)
    }

    /// `out.mp4` with chunk 3 of 12 (`--chunk-size`) → `out.chunk-03-of-12.mp4`.
    package static func path(for output: String, kind: String, index: Int, count: Int) -> String {
        let url = URL(fileURLWithPath: output)
        let digits = max(2, String(count).count)
        func padded(_ n: Int) -> String {
            let text = String(n)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        let name = url.deletingPathExtension().lastPathComponent + ".\(kind)-\(padded(index))-of-\(padded(count))." + url.pathExtension
        let folder = (output as NSString).deletingLastPathComponent
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }
}

