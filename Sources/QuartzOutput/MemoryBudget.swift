// `--memory-limit`: the frames a render keeps in flight are counted before any is drawn, so a size and job
// count that cannot fit is a named error instead of an allocation failure hours into a farm job.
import Foundation

package struct MemoryBudget {
    /// The limit in bytes.
    package let bytes: UInt64

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

    /// Refuses a render whose frames in flight (each counted twice: its pixels and the compositor's or the
    /// writer's working copy of them) would pass the limit, naming both figures.
    package func check(width: Int, height: Int, jobs: Int) throws {
        let frameBytes = UInt64(width) * UInt64(height) * 4
        let needed = frameBytes * 2 * UInt64(Self.framesInFlight(jobs: jobs))
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
