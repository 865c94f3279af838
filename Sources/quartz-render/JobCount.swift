// `--jobs` for `render` and `demo`: the count given, checked against the memory budget, or, left out, the
// budget's automatic count (one frame per compositing thread), logged so a user sees how the threads are used.
import QuartzOutput

/// The frames rendered at once for `requested` (nil: automatic), refusing a count whose frames in flight
/// do not fit `budget` (the automatic count is at least 1).
func resolveJobs(_ requested: Int?, settings: FrameSettings, frames: Int, layers: Int, budget: MemoryBudget) throws -> Int {
    let jobs = requested ?? budget.automaticJobs(threads: settings.threads, frames: frames, width: settings.pixelWidth,
                                                 height: settings.pixelHeight, layers: layers)
    try budget.check(width: settings.pixelWidth, height: settings.pixelHeight, jobs: jobs)
    let threadsEach = settings.sharingThreads(amongJobs: jobs).threads
    let atOnce = jobs == 1 ? "1 frame" : "\(jobs) frames"
    let perJob = threadsEach == 1 ? "1 compositing thread" : "\(threadsEach) compositing threads"
    cliLog.info("\(atOnce) at once, \(perJob) each\(requested == nil ? " (--jobs to choose)" : "")")
    return jobs
}
