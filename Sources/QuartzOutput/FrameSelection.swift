// Which frames a command renders: `--frames` (ranges `0-99`, `0:100`, `a..<b`, `a...b`, single frames and
// comma-separated lists of them, in the order written) thinned by `--every-nth-frame`, or `--time t`, at the
// scene's frame rate or `--fps` (rational allowed), cut to a shard (`--shard i/n`) or chunk (`--chunk-size`).
// Frame i is at start + i · denominator / numerator seconds, computed from the index alone (never accumulated).
// A selection is a short list of arithmetic runs, never an array of frame numbers, so 100 million frames
// cost nothing up front.
import Foundation
import OpenQuartz

/// Frames `first, first + stride, …` (`count` of them).
package struct FrameRun: Sendable, Equatable {
    package let first: Int
    package let count: Int
    package let stride: Int

    package init(first: Int, count: Int, stride: Int = 1) {
        self.first = first
        self.count = count
        self.stride = count == 1 ? 1 : stride  // one frame has no stride: equal runs compare equal
    }

    package init(_ range: Range<Int>) { self.init(first: range.lowerBound, count: range.count) }

    package var last: Int { first + (count - 1) * stride }

    package func frame(at position: Int) -> Int { first + position * stride }

    package func contains(_ frame: Int) -> Bool {
        frame >= first && frame <= last && (frame - first) % stride == 0
    }
}

/// The selected frames in render order: runs one after another. Positions 0..<count index the sequence.
package struct FrameSequence: Sendable, Equatable, Sequence {
    /// Non-empty runs, in order.
    package let runs: [FrameRun]
    /// `starts[k]`: the position of `runs[k]`'s first frame.
    private let starts: [Int]
    package let count: Int

    package init(runs: [FrameRun]) {
        let kept = runs.filter { $0.count > 0 }
        self.runs = kept
        var starts: [Int] = []
        var position = 0
        for run in kept {
            starts.append(position)
            position += run.count
        }
        self.starts = starts
        count = position
    }

    package init(_ range: Range<Int>) { self.init(runs: [FrameRun(range)]) }

    package var isEmpty: Bool { count == 0 }
    package var first: Int? { runs.first?.first }
    /// The largest frame number (nil when empty).
    package var maximum: Int? { runs.map(\.last).max() }

    /// The frame at `position` (0..<count): a binary search over the runs.
    package func frame(at position: Int) -> Int {
        var low = 0, high = runs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return runs[low].frame(at: position - starts[low])
    }

    package func contains(_ frame: Int) -> Bool { runs.contains { $0.contains(frame) } }

    /// Every `n`th frame, starting with the first.
    package func everyNth(_ n: Int) -> FrameSequence {
        guard n > 1 else { return self }
        var thinned: [FrameRun] = []
        for (run, start) in zip(runs, starts) {
            // The first position of this run that is a multiple of n.
            let skip = (n - start % n) % n
            guard skip < run.count else { continue }
            thinned.append(FrameRun(first: run.frame(at: skip), count: (run.count - 1 - skip) / n + 1, stride: run.stride * n))
        }
        return FrameSequence(runs: thinned)
    }

    /// The frames at positions `range` (a shard's contiguous part).
    package func slice(positions range: Range<Int>) -> FrameSequence {
        var parts: [FrameRun] = []
        for (run, start) in zip(runs, starts) {
            let low = Swift.max(range.lowerBound, start), high = Swift.min(range.upperBound, start + run.count)
            guard low < high else { continue }
            parts.append(FrameRun(first: run.frame(at: low - start), count: high - low, stride: run.stride))
        }
        return FrameSequence(runs: parts)
    }

    /// The frames inside `window` (a chunk's frame numbers), in order.
    package func intersecting(_ window: Range<Int>) -> FrameSequence {
        var parts: [FrameRun] = []
        for run in runs {
            // Positions k with window.lowerBound ≤ first + k·stride < window.upperBound.
            let low = Swift.max(0, ceilingDivide(window.lowerBound - run.first, run.stride))
            let high = Swift.min(run.count - 1, floorDivide(window.upperBound - 1 - run.first, run.stride))
            guard low <= high else { continue }
            parts.append(FrameRun(first: run.frame(at: low), count: high - low + 1, stride: run.stride))
        }
        return FrameSequence(runs: parts)
    }

    package func makeIterator() -> AnyIterator<Int> {
        var runIndex = 0, position = 0
        return AnyIterator {
            while runIndex < runs.count {
                let run = runs[runIndex]
                if position < run.count {
                    defer { position += 1 }
                    return run.frame(at: position)
                }
                runIndex += 1
                position = 0
            }
            return nil
        }
    }

    /// For people: "frames 0–99 (100 frames)", "frame 7 (1 frame)", "12 frames: 1, 5, 10–20",
    /// "50 frames: 0, 2, …, 98"; more than `maximumItems` runs are elided with their count.
    package var summary: String {
        if count == 0 { return "no frames" }
        if runs.count == 1, runs[0].stride == 1 {
            let run = runs[0]
            return run.count == 1 ? "frame \(run.first) (1 frame)" : "frames \(run.first)–\(run.last) (\(run.count) frames)"
        }
        return "\(count) frames: " + items
    }

    /// The runs as "5", "10–20", "0, 2, …, 98", joined with commas.
    package var items: String {
        let maximumItems = 10
        func item(_ run: FrameRun) -> String {
            if run.count == 1 { return "\(run.first)" }
            if run.stride == 1 { return "\(run.first)–\(run.last)" }
            if run.count <= 3 { return (0..<run.count).map { "\(run.frame(at: $0))" }.joined(separator: ", ") }
            return "\(run.first), \(run.frame(at: 1)), …, \(run.last)"
        }
        var shown = runs.prefix(maximumItems).map(item)
        if runs.count > maximumItems { shown.append("… (\(runs.count - maximumItems) more ranges, last \(item(runs[runs.count - 1])))") }
        return shown.joined(separator: ", ")
    }
}

private func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
private func ceilingDivide(_ a: Int, _ b: Int) -> Int { -floorDivide(-a, b) }

/// `--frames`: comma-separated items, each a frame `n` or a range: `a-b` (inclusive, `a-` to the end), `a:b`
/// (half-open, `a:` to the end, `:b` from 0), `a..<b` (half-open) or `a...b` (inclusive). Items keep their
/// order; a frame selected by two items is refused, naming the frame.
package struct FrameListArgument {
    /// One item as written, with its bounds; `upper` nil means "to the scene's end".
    package struct Item {
        package let text: String
        package let lower: Int
        package let upper: Int?  // exclusive
    }

    package let text: String
    package let items: [Item]

    package init(parsing text: String) throws {
        self.text = text
        func index(_ part: Substring, in item: String) throws -> Int {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let value = Int(trimmed), value >= 0, trimmed.allSatisfy(\.isASCII) else {
                throw FrameOutputError(.usage, "--frames: '\(trimmed)' is not a frame index (a whole number ≥ 0) in '\(item)'")
            }
            return value
        }
        func inclusiveEnd(_ last: Int, in item: String) throws -> Int {
            guard last < Int.max else { throw FrameOutputError(.usage, "--frames: '\(item)' is too large") }
            return last + 1
        }
        var items: [Item] = []
        for raw in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = raw.trimmingCharacters(in: .whitespaces)
            guard !item.isEmpty else {
                throw FrameOutputError(.usage, "--frames '\(text)': an empty item; write frames and ranges separated by single commas, e.g. 1,5,10-20")
            }
            let lower: Int, upper: Int?
            var emptyHint = ""
            if let r = item.range(of: "..<") {
                lower = try index(item[..<r.lowerBound], in: item)
                upper = try index(item[r.upperBound...], in: item)
                emptyHint = "a..<b needs a < b"
            } else if let r = item.range(of: "...") {
                lower = try index(item[..<r.lowerBound], in: item)
                upper = try inclusiveEnd(try index(item[r.upperBound...], in: item), in: item)
                emptyHint = "a...b needs a ≤ b"
            } else if let r = item.range(of: ":") {
                let before = item[..<r.lowerBound], after = item[r.upperBound...]
                lower = before.isEmpty ? 0 : try index(before, in: item)
                upper = after.isEmpty ? nil : try index(after, in: item)
                emptyHint = "a:b is half-open and needs a < b"
            } else if let r = item.range(of: "-") {
                guard r.lowerBound != item.startIndex else {
                    throw FrameOutputError(.usage, "--frames: '\(item)' is not a frame index (a whole number ≥ 0); ranges are a-b")
                }
                lower = try index(item[..<r.lowerBound], in: item)
                let after = item[r.upperBound...]
                upper = after.isEmpty ? nil : try inclusiveEnd(try index(after, in: item), in: item)
                emptyHint = "a-b is inclusive and needs a ≤ b"
            } else {
                lower = try index(Substring(item), in: item)
                upper = try inclusiveEnd(lower, in: item)
            }
            if let upper, lower >= upper {
                throw FrameOutputError(.usage, "--frames: '\(item)' is empty; \(emptyHint)")
            }
            items.append(Item(text: item, lower: lower, upper: upper))
        }
        self.items = items
    }

    /// The items as runs within a scene of `total` frames; usage errors for frames outside it and for a frame
    /// selected twice.
    package func resolve(total: Int, rate: SceneFrameRate) throws -> FrameSequence {
        var ranges: [(range: Range<Int>, item: String)] = []
        for item in items {
            let upper = item.upper ?? total
            guard upper <= total, item.lower < upper else {
                let inScene = total == 0 ? "it has no frames" : "it has \(total) frames (0-\(total - 1), 0..<\(total))"
                let what = items.count == 1 ? "--frames \(text)" : "--frames '\(text)': '\(item.text)'"
                throw FrameOutputError(.usage, "\(what) is outside the scene: \(inScene) at \(rate) fps")
            }
            ranges.append((item.lower..<upper, item.text))
        }
        // A duplicate is found among the ranges sorted by their start: one that begins before the furthest end so far.
        let sorted = ranges.indices.sorted { (ranges[$0].range.lowerBound, $0) < (ranges[$1].range.lowerBound, $1) }.map { ranges[$0] }
        var furthest: (end: Int, item: String)?
        for entry in sorted {
            if let furthest, entry.range.lowerBound < furthest.end {
                throw FrameOutputError(.usage, """
                    --frames '\(text)': frame \(entry.range.lowerBound) is selected twice ('\(furthest.item)' and '\(entry.item)'); \
                    list each frame once
                    """)
            }
            if furthest == nil || entry.range.upperBound > furthest!.end { furthest = (entry.range.upperBound, entry.item) }
        }
        return FrameSequence(runs: ranges.map { FrameRun($0.range) })
    }
}

/// `--shard i/n`: shard i (0-based) of n contiguous parts.
package struct ShardArgument: Equatable {
    package let index: Int
    package let count: Int

    package static let maximumCount = 1_000_000

    package init(index: Int, count: Int) throws {
        guard count >= 1, count <= Self.maximumCount else {
            throw FrameOutputError(.usage, "shard count must be in 1...\(Self.maximumCount), got \(count)")
        }
        guard index >= 0, index < count else {
            throw FrameOutputError(.usage, "shard index must be in 0..<\(count) (0-based), got \(index)")
        }
        self.index = index
        self.count = count
    }

    package init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw FrameOutputError(.usage, "--shard must be INDEX/COUNT with a 0-based index, e.g. 0/4, got '\(text)'")
        }
        try self.init(index: i, count: n)
    }

    /// Reads the shard index from JOB_COMPLETION_INDEX (Kubernetes Indexed Jobs) or SLURM_ARRAY_TASK_ID.
    package static func fromEnvironment(_ environment: [String: String], count: Int?) throws -> ShardArgument {
        guard let count else { throw FrameOutputError(.usage, "--shard-from-env needs --shard-count N (or --chunk-size N)") }
        return try ShardArgument(index: try farmTaskIndex(from: environment), count: count)
    }

    /// The contiguous part of `range` this shard renders: [lo + ⌊c·i/n⌋, lo + ⌊c·(i+1)/n⌋).
    package func part(of range: Range<Int>) -> Range<Int> {
        // c ≤ 1e8 frames (the scene loader's limit) and n ≤ 1e6, so c · (i + 1) fits in 64 bits.
        let c = range.count
        let from = range.lowerBound + c * index / count
        let to = range.lowerBound + c * (index + 1) / count
        return from..<to
    }
}

extension FramePart {
    /// A shard: a contiguous part of the selection's positions. A chunk: the selected frames whose numbers lie
    /// in [i·N, (i+1)·N).
    package func part(of selection: FrameSequence) -> FrameSequence {
        switch self {
        case .shard(let shard): selection.slice(positions: shard.part(of: 0..<selection.count))
        case .chunk(let chunk):
            selection.intersecting(chunk.index * chunk.size..<chunk.index * chunk.size + chunk.size)
        }
    }

    /// "shard 2/4" or "chunk 3 (frames 75–99)".
    package var summary: String {
        switch self {
        case .shard(let shard): "shard \(shard.index)/\(shard.count)"
        case .chunk(let chunk): "chunk \(chunk.index) (frames \(chunk.index * chunk.size)–\(chunk.index * chunk.size + chunk.size - 1))"
        }
    }
}

/// "2nd", "3rd", "11th", "21st".
package func ordinal(_ n: Int) -> String {
    let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
    return "\(n)\(suffix)"
}

/// A number for people: integers without a fraction, others as Swift prints them (exact, shortest).
package func plainNumber(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
}

/// A number for people rounded to at most `digits` decimals, trailing zeros dropped ("0.5", "1", "1.333").
package func roundedNumber(_ x: Double, digits: Int = 3) -> String {
    var text = String(format: "%.\(digits)f", x)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}

/// The frames to render: indices with their scene times.
package struct FramePlan: Sendable {
    /// Frame indices (into the output numbering), in render order.
    package let frames: FrameSequence
    /// The output frame rate.
    package let rate: SceneFrameRate
    /// An explicit `--time` (one frame, numbered 0), else nil.
    package let explicitTime: Double?
    package let start: Double
    /// The shard or chunk cut from `selected`, if any.
    package var part: FramePart? = nil
    /// The selection before the shard or chunk was cut from it.
    package var selected = FrameSequence(runs: [])
    /// `--every-nth-frame` (1: every frame).
    package var everyNth = 1
    /// The selection before `--every-nth-frame` thinned it.
    package var unthinned = FrameSequence(runs: [])

    package init(frames: FrameSequence, rate: SceneFrameRate, explicitTime: Double?, start: Double, part: FramePart? = nil,
                 selected: FrameSequence = FrameSequence(runs: []), everyNth: Int = 1, unthinned: FrameSequence = FrameSequence(runs: [])) {
        self.frames = frames
        self.rate = rate
        self.explicitTime = explicitTime
        self.start = start
        self.part = part
        self.selected = selected
        self.everyNth = everyNth
        self.unthinned = unthinned
    }

    /// The file a video output goes to: `output` itself, or this shard's or chunk's segment beside it.
    package func segmentPath(for output: String) -> String {
        switch part {
        case nil: output
        case .shard(let shard): VideoSegmentName.path(for: output, shard: shard)
        case .chunk(let chunk):
            VideoSegmentName.path(for: output, kind: "chunk", index: chunk.index,
                                  count: chunk.count(covering: 0..<(selected.maximum.map { $0 + 1 } ?? 0)))
        }
    }

    /// Scene time of frame `index`.
    package func time(ofFrame index: Int) -> Double {
        explicitTime ?? start + rate.offset(ofFrame: index)
    }

    /// What was selected, for the log: "selected frames 0–99 (100 frames)", "selected 50 frames: 0, 2, …, 98
    /// (every 2nd of frames 0–99)", "selected the frame at t=2.500 s", then the shard's or chunk's part.
    package var summary: String {
        if let explicitTime { return "selected the frame at t=\(String(format: "%.3f", explicitTime)) s" }
        var text = "selected \(selected.summary)"
        if everyNth > 1 { text += " (every \(ordinal(everyNth)) of \(unthinned.items))" }
        if let part { text += "; \(part.summary) renders \(frames.summary)" }
        return text
    }

    /// `--time t` must lie within the scene: the same check (message and exit code) for every command.
    package static func checkTime(_ time: Double, in scene: Scene) throws {
        guard time.isFinite else { throw FrameOutputError(.usage, "--time must be a finite number of seconds") }
        let end = scene.start + scene.duration
        guard time >= scene.start, time <= end else {
            throw FrameOutputError(.usage, "--time \(plainNumber(time)) is outside the scene (\(plainNumber(scene.start)) to \(plainNumber(end)) s)")
        }
    }

    /// Resolves the selection flags against `scene`; usage errors for anything outside the scene.
    package static func resolve(scene: Scene, frames: String?, time: Double?, fps: String?, everyNth: Int? = nil,
                        part: FramePart?) throws -> FramePlan {
        var rate = scene.frameRate
        if let fps {
            guard let parsed = SceneFrameRate(parsing: fps) else {
                throw FrameOutputError(.usage, "--fps must be a positive rate up to 1000, as N, N.NNN or NUM/DEN (e.g. 30000/1001), got '\(fps)'")
            }
            rate = parsed
        }
        if let everyNth, !(1...FrameChunk.maximumSize).contains(everyNth) {
            throw FrameOutputError(.usage, "--every-nth-frame must be in 1...\(FrameChunk.maximumSize), got \(everyNth)")
        }
        let total = rate.frameCount(forDuration: scene.duration)
        if let time {
            guard frames == nil else { throw FrameOutputError(.usage, "--frames and --time cannot be combined") }
            guard everyNth == nil else { throw FrameOutputError(.usage, "--every-nth-frame goes with --frames (or the whole scene), not --time") }
            try checkTime(time, in: scene)
            switch part {
            case .shard(let shard) where shard.count != 1: throw FrameOutputError(.usage, "--shard needs --frames, not --time")
            case .chunk: throw FrameOutputError(.usage, "--chunk-size needs --frames, not --time")
            default: break
            }
            let one = FrameSequence(0..<1)
            return FramePlan(frames: one, rate: rate, explicitTime: time, start: scene.start, selected: one, unthinned: one)
        }
        var unthinned = FrameSequence(0..<total)
        if let frames { unthinned = try FrameListArgument(parsing: frames).resolve(total: total, rate: rate) }
        let selected = unthinned.everyNth(everyNth ?? 1)
        let rendered = part.map { $0.part(of: selected) } ?? selected
        return FramePlan(frames: rendered, rate: rate, explicitTime: nil, start: scene.start, part: part, selected: selected,
                         everyNth: everyNth ?? 1, unthinned: unthinned)
    }
}
