// `--jobs` left out (docs/cli.md, "Parallel frames"): one frame per compositing thread, no more jobs than
// frames, and no more than the memory limit holds, each job past the first counting its own layer tree.
import QuartzOutput
import Testing

@Suite struct AutomaticJobsTests {
    let large = MemoryBudget(bytes: 64 << 30)

    @Test func oneFramePerThreadUpToTheFrameCount() {
        #expect(large.automaticJobs(threads: 2, frames: 300, width: 1920, height: 1080, layers: 50) == 2)
        #expect(large.automaticJobs(threads: 8, frames: 3, width: 1920, height: 1080, layers: 50) == 3)
        #expect(large.automaticJobs(threads: 8, frames: 1, width: 1920, height: 1080, layers: 50) == 1)
        #expect(large.automaticJobs(threads: 1, frames: 300, width: 1920, height: 1080, layers: 50) == 1)
        #expect(large.automaticJobs(threads: 4, frames: 0, width: 64, height: 64, layers: 1) == 1)
        #expect(large.automaticJobs(threads: 256, frames: 1000, width: 64, height: 64, layers: 1) == 64)
    }

    /// 1920x1080: 8,294,400 bytes a frame, counted twice, 3 frames in flight per job (one job: 3 in all).
    /// Three jobs need 18 frames: 149,299,200 bytes; two need 99,532,800.
    @Test func theMemoryLimitCapsTheCount() {
        let frames = 8_294_400 * 2
        let justTwo = MemoryBudget(bytes: UInt64(frames * 6))
        #expect(justTwo.automaticJobs(threads: 3, frames: 300, width: 1920, height: 1080, layers: 0) == 2)
        let justThree = MemoryBudget(bytes: UInt64(frames * 9))
        #expect(justThree.automaticJobs(threads: 3, frames: 300, width: 1920, height: 1080, layers: 0) == 3)
        // Below what even two jobs need, one job remains (its own limit is checked elsewhere).
        #expect(MemoryBudget(bytes: 1 << 20).automaticJobs(threads: 8, frames: 300, width: 1920, height: 1080, layers: 0) == 1)
    }

    /// Each job past the first holds a tree of `layers` × 4 KB: 100,000 layers cost 409.6 MB a job.
    @Test func largeTreesTakeFewerJobs() {
        let tree = UInt64(100_000) * MemoryBudget.treeBytesPerLayer
        let frameBytes = UInt64(640 * 360 * 4 * 2)
        let budget = MemoryBudget(bytes: frameBytes * 9 + 2 * tree)  // three jobs' frames and two extra trees
        #expect(budget.automaticJobs(threads: 4, frames: 300, width: 640, height: 360, layers: 100_000) == 3)
        #expect(budget.automaticJobs(threads: 4, frames: 300, width: 640, height: 360, layers: 0) == 4)
        #expect(MemoryBudget.treeBytesPerLayer == 4096)
    }
}
