// The helper threads a kept CompositorSurfacePool runs multi-threaded frames on. README.md, Determinism
// (bit-identical pixels whatever the thread count): frames through the team equal one-thread
// frames; every participant runs every job exactly once; an idle team ends up asleep, not spinning.
import Foundation
import QuartzMath
import QuartzRaster
import Synchronization
import Testing
@testable import QuartzCompositor

@Suite struct CompositorWorkerTeamTests {
    /// One pool across thread counts 2, 3, 1, 2 (the team is replaced when the count changes) and every
    /// fixture scene: each frame equals the one-thread frame.
    @Test func keptPoolFramesEqualOneThreadFramesForEveryThreadCount() throws {
        let pool = CompositorSurfacePool()
        let w = CompositorTestScenes.width, h = CompositorTestScenes.height
        for scene in CompositorTestScenes.all {
            let list = RenderList(scene.nodes())
            let reference = try Compositor.render(list, width: w, height: h, options: CompositorOptions(threads: 1, tileSize: 32))
            for threads in [2, 3, 1, 2] {
                for _ in 0..<2 {
                    let frame = try Compositor.render(
                        list, width: w, height: h, options: CompositorOptions(threads: threads, tileSize: 32), pool: pool)
                    #expect(frame == reference, "\(scene.name), \(threads) threads")
                }
            }
        }
    }

    /// A team is held by one frame at a time; a second claim gets nil (that frame uses Dispatch) until release.
    @Test func oneFrameHoldsTheTeamAtATime() throws {
        let pool = CompositorSurfacePool()
        #expect(pool.claimWorkerTeam(threads: 1) == nil, "one thread needs no helpers")
        let team = try #require(pool.claimWorkerTeam(threads: 3))
        #expect(team.helperCount == 2)
        #expect(pool.claimWorkerTeam(threads: 3) == nil)
        team.release()
        let again = try #require(pool.claimWorkerTeam(threads: 3))
        #expect(again === team, "the same threads are kept for the next frame")
        again.release()
    }

    /// Every participant (caller 0, helpers 1…n) runs each job once, over many jobs in a row (no lost or
    /// doubled wake-ups, including jobs started after the helpers fell asleep).
    @Test func everyParticipantRunsEveryJobOnce() {
        let team = CompositorWorkerTeam(helpers: 3)
        let counts = Mutex([Int](repeating: 0, count: 4))
        let runs = 300
        for run in 0..<runs {
            team.run { participant in counts.withLock { $0[participant] += 1 } }
            if run % 100 == 99 { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(counts.withLock { $0 } == [Int](repeating: runs, count: 4))
    }

    /// After a job, idle helpers stop polling within a bounded time and sleep (CompositorTeamState.spinNanoseconds
    /// is 100 µs; a second is far beyond it even on a loaded machine).
    @Test func idleHelpersFallAsleep() {
        let team = CompositorWorkerTeam(helpers: 2)
        team.run { _ in }
        let deadline = Date().addingTimeInterval(1)
        while team.sleepingHelpers < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        #expect(team.sleepingHelpers == 2)
    }
}
