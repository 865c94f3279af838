// Farm chunking (`--chunk-size N` with `--chunk i` or `--shard-from-env`), the Flamenco / Deadline model:
// chunk i renders frames [i·N, (i+1)·N) of the scene's numbering, intersected with the selected range, so
// a farm runs ceil(frames / N) tasks (a Slurm `--array=0-K` with K = ceil(frames/N) − 1). A chunk past the
// end of the range is empty and renders nothing. Shards (`--shard i/n`) cut the range into n parts
// instead; the two are mutually exclusive.
import Foundation

/// `--chunk-size N` with a 0-based chunk index.
package struct FrameChunk: Equatable, Sendable {
    package let index: Int
    package let size: Int

    /// Scenes hold at most 1e8 frames, so larger chunks mean nothing; indices up to 1e9 keep
    /// index · size (≤ 1e17) inside 64 bits.
    package static let maximumSize = 100_000_000
    package static let maximumIndex = 1_000_000_000

    package init(index: Int, size: Int) throws {
        guard (1...Self.maximumSize).contains(size) else {
            throw FrameOutputError(.usage, "--chunk-size must be in 1...\(Self.maximumSize) frames, got \(size)")
        }
        guard (0...Self.maximumIndex).contains(index) else {
            throw FrameOutputError(.usage, "the chunk index must be in 0...\(Self.maximumIndex) (0-based), got \(index)")
        }
        self.index = index
        self.size = size
    }

    /// Frames [index·size, (index+1)·size) ∩ `range`; empty (at the range's end) when they do not meet.
    package func part(of range: Range<Int>) -> Range<Int> {
        let from = index * size, to = from + size
        let lower = min(max(from, range.lowerBound), range.upperBound)
        let upper = max(min(to, range.upperBound), lower)
        return lower..<upper
    }

    /// How many chunks cover `range` when chunks are counted from frame 0: the last useful index + 1.
    package func count(covering range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        return (range.upperBound - 1) / size + 1
    }
}

/// Where a render's frames come from within the selected range: one shard or one chunk.
package enum FramePart: Equatable, Sendable {
    case shard(ShardArgument)
    case chunk(FrameChunk)

    package var isChunk: Bool {
        if case .chunk = self { true } else { false }
    }

    package func part(of range: Range<Int>) -> Range<Int> {
        switch self {
        case .shard(let shard): shard.part(of: range)
        case .chunk(let chunk): chunk.part(of: range)
        }
    }
}

/// The array index a farm gives a task: JOB_COMPLETION_INDEX (Kubernetes Indexed Jobs) or
/// SLURM_ARRAY_TASK_ID (Slurm job arrays), the first one set.
package func farmTaskIndex(from environment: [String: String]) throws -> Int {
    for name in ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"] {
        guard let value = environment[name] else { continue }
        guard let index = Int(value.trimmingCharacters(in: .whitespaces)) else {
            throw FrameOutputError(.usage, "--shard-from-env: \(name)='\(value)' is not a whole number")
        }
        return index
    }
    throw FrameOutputError(.usage, "--shard-from-env: neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set")
}
