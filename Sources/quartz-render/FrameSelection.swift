// Which frames a command renders: `--frames a..<b | a...b | n` or `--time t`, at the scene's frame rate
// or `--fps` (rational allowed), cut to a contiguous shard (`--shard i/n`) or chunk (`--chunk-size`). Frame i is at
// start + i · denominator / numerator seconds, computed from the index alone (never accumulated).
import ArgumentParser
import Foundation
import OpenQuartz

/// Half-open frame index range parsed from "a..<b", "a...b" or "n".
struct FrameRangeArgument {
    let lower: Int
    let upper: Int  // exclusive

    init(parsing text: String) throws {
        func index(_ part: Substring) throws -> Int {
            guard let value = Int(part.trimmingCharacters(in: .whitespaces)), value >= 0 else {
                throw ValidationError("--frames: '\(part)' is not a frame index (a whole number ≥ 0) in '\(text)'")
            }
            return value
        }
        if let r = text.range(of: "..<") {
            lower = try index(text[..<r.lowerBound])
            upper = try index(text[r.upperBound...])
        } else if let r = text.range(of: "...") {
            lower = try index(text[..<r.lowerBound])
            let last = try index(text[r.upperBound...])
            guard last < Int.max else { throw ValidationError("--frames: '\(text)' is too large") }
            upper = last + 1
        } else {
            lower = try index(Substring(text))
            upper = lower + 1
        }
        guard lower < upper else {
            throw ValidationError("--frames: '\(text)' is empty; use a..<b with a < b, or a...b with a ≤ b")
        }
    }
}

/// `--shard i/n`: shard i (0-based) of n contiguous parts.
struct ShardArgument: Equatable {
    let index: Int
    let count: Int

    static let maximumCount = 1_000_000

    init(index: Int, count: Int) throws {
        guard count >= 1, count <= Self.maximumCount else {
            throw ValidationError("shard count must be in 1...\(Self.maximumCount), got \(count)")
        }
        guard index >= 0, index < count else {
            throw ValidationError("shard index must be in 0..<\(count) (0-based), got \(index)")
        }
        self.index = index
        self.count = count
    }

    init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw ValidationError("--shard must be INDEX/COUNT with a 0-based index, e.g. 0/4, got '\(text)'")
        }
        try self.init(index: i, count: n)
    }

    /// Reads the shard index from JOB_COMPLETION_INDEX (Kubernetes Indexed Jobs) or SLURM_ARRAY_TASK_ID.
    static func fromEnvironment(_ environment: [String: String], count: Int?) throws -> ShardArgument {
        guard let count else { throw ValidationError("--shard-from-env needs --shard-count N (or --chunk-size N)") }
        return try ShardArgument(index: try farmTaskIndex(from: environment), count: count)
    }

    /// The contiguous part of `range` this shard renders: [lo + ⌊c·i/n⌋, lo + ⌊c·(i+1)/n⌋).
    func part(of range: Range<Int>) -> Range<Int> {
        // c ≤ 1e8 frames (the scene loader's limit) and n ≤ 1e6, so c · (i + 1) fits in 64 bits.
        let c = range.count
        let from = range.lowerBound + c * index / count
        let to = range.lowerBound + c * (index + 1) / count
        return from..<to
    }
}

/// The frames to render: indices with their scene times.
struct FramePlan: Sendable {
    /// Frame indices (into the output numbering).
    let indices: Range<Int>
    /// The output frame rate.
    let rate: SceneFrameRate
    /// An explicit `--time` (one frame, numbered 0), else nil.
    let explicitTime: Double?
    let start: Double
    /// The shard or chunk cut from `selected`, if any.
    var part: FramePart? = nil
    /// The selected range before the shard or chunk was cut from it.
    var selected: Range<Int> = 0..<0

    /// The file a video output goes to: `output` itself, or this shard's or chunk's segment beside it.
    func segmentPath(for output: String) -> String {
        switch part {
        case nil: output
        case .shard(let shard): VideoSegmentName.path(for: output, shard: shard)
        case .chunk(let chunk):
            VideoSegmentName.path(for: output, kind: "chunk", index: chunk.index, count: chunk.count(covering: selected))
        }
    }

    /// Scene time of frame `index`.
    func time(ofFrame index: Int) -> Double {
        explicitTime ?? start + rate.offset(ofFrame: index)
    }

    /// Resolves the selection flags against `scene`; usage errors for anything outside the scene.
    static func resolve(scene: Scene, frames: String?, time: Double?, fps: String?, part: FramePart?) throws -> FramePlan {
        var rate = scene.frameRate
        if let fps {
            guard let parsed = SceneFrameRate(parsing: fps) else {
                throw ValidationError("--fps must be a positive rate up to 1000, as N, N.NNN or NUM/DEN (e.g. 30000/1001), got '\(fps)'")
            }
            rate = parsed
        }
        let total = rate.frameCount(forDuration: scene.duration)
        if let time {
            guard frames == nil else { throw ValidationError("--frames and --time cannot be combined") }
            guard time.isFinite else { throw ValidationError("--time must be a finite number of seconds") }
            let end = scene.start + scene.duration
            guard time >= scene.start, time <= end else {
                throw ValidationError("--time \(time) is outside the scene (\(scene.start) to \(end) s)")
            }
            switch part {
            case .shard(let shard) where shard.count != 1: throw ValidationError("--shard needs --frames, not --time")
            case .chunk: throw ValidationError("--chunk-size needs --frames, not --time")
            default: break
            }
            return FramePlan(indices: 0..<1, rate: rate, explicitTime: time, start: scene.start)
        }
        var range = 0..<total
        if let frames {
            let parsed = try FrameRangeArgument(parsing: frames)
            guard parsed.upper <= total else {
                throw ValidationError("--frames \(frames) is outside the scene: it has \(total) frames (0..<\(total)) at \(rate) fps")
            }
            range = parsed.lower..<parsed.upper
        }
        let selected = range
        if let part { range = part.part(of: range) }
        return FramePlan(indices: range, rate: rate, explicitTime: nil, start: scene.start, part: part, selected: selected)
    }
}
