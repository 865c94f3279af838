// `--memory-limit`: the frames a render keeps in flight are counted before any is drawn, so a size and job
// count that cannot fit is a named error instead of an allocation failure hours into a farm job.
import Foundation

package struct MemoryBudget {
    /// The limit in bytes.
    package let bytes: UInt64

    package init(bytes: UInt64) { self.bytes = bytes }

    /// Three quarters of the machine's memory: room for the process around the frames.
    package static var machineDefault: MemoryBudget { MemoryBudget(bytes: ProcessInfo.processInfo.physicalMemory / 4 * 3) }

    /// "8G", "512M", "64K" (powers of 1024) or a number of bytes.
    package static func parse(_ text: String) throws -> MemoryBudget {
        let units: [Character: UInt64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var number = Substring(text.uppercased())
        if number.hasSuffix("B") { number = number.dropLast() }
        var scale: UInt64 = 1
        if let last = number.last, let unit = units[last] {
            scale = unit
            number = number.dropLast()
        }
        guard let value = Double(number), value.isFinite, value > 0, value * Double(scale) < 1e18 else {
            throw FrameOutputError(.usage, "--memory-limit must be a size such as 8G, 512M or a number of bytes, got '\(text)'")
        }
        return MemoryBudget(bytes: UInt64(value * Double(scale)))
    }

    /// Frames held at once: with one job the frame being written and up to two drawn ahead; with N jobs,
    /// N being drawn and up to 2N waiting for the writer.
    package static func framesInFlight(jobs: Int) -> Int { jobs <= 1 ? 3 : 3 * jobs }

    /// A layer tree's share of a job's memory, per layer: 100,000 plain layers rendered with two jobs peak
    /// 320 MB above one job (3.2 KB a layer, rounded up).
    package static let treeBytesPerLayer: UInt64 = 4 << 10

    /// The job count when `--jobs` is left out: one frame per compositing thread, because frames drawn side by
    /// side scale better than the tiles of one frame (their evaluation runs in parallel too, no tile waits for
    /// another, and each worker encodes its own frame); no more jobs than `frames`, and no more than this
    /// budget holds, each job beyond the first holding its own layer tree of `layers` layers.
    package func automaticJobs(threads: Int, frames: Int, width: Int, height: Int, layers: Int) -> Int {
        var jobs = max(1, min(threads, frames, 64))
        while jobs > 1 && bytesNeeded(width: width, height: height, jobs: jobs) + UInt64(jobs - 1) * UInt64(max(0, layers)) * Self.treeBytesPerLayer > bytes {
            jobs -= 1
        }
        return jobs
    }

    /// The frames in flight, each counted twice: its pixels and the compositor's or the writer's working copy.
    private func bytesNeeded(width: Int, height: Int, jobs: Int) -> UInt64 {
        UInt64(width) * UInt64(height) * 4 * 2 * UInt64(Self.framesInFlight(jobs: jobs))
    }

    /// Refuses a render whose frames in flight (each counted twice: its pixels and the compositor's or the
    /// writer's working copy of them) would pass the limit, naming both figures.
    package func check(width: Int, height: Int, jobs: Int) throws {
        let frameBytes = UInt64(width) * UInt64(height) * 4
        let needed = bytesNeeded(width: width, height: height, jobs: jobs)
        guard needed > bytes else { return }
        func gigabytes(_ b: UInt64) -> String {
            b >= 1 << 30 ? String(format: "%.1f GB", Double(b) / Double(1 << 30))
                : b >= 10 << 20 ? String(format: "%.0f MB", Double(b) / Double(1 << 20))
                : String(format: "%.1f MB", Double(b) / Double(1 << 20))
        }
        throw FrameOutputError(.usage, """
            \(width)x\(height) frames with --jobs \(jobs) need about \(gigabytes(needed)) (\(Self.framesInFlight(jobs: jobs)) \
            frames of \(gigabytes(frameBytes)) in flight, twice over), over the memory limit of \(gigabytes(bytes)) \
            (--memory-limit; by default three quarters of this machine's memory): lower --jobs or --size, or raise --memory-limit
            """)
    }
}
