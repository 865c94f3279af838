// A dashed stroke past the dash limits is drawn undashed (PathDashing.swift, PathDashCulling.swift); that
// is said once per process on standard error, so a render never changes silently.
import Foundation
import Synchronization

enum PathDashLimitReport {
    private static let reported = Atomic<Bool>(false)

    /// Writes `what` (why the stroke is undashed) the first time any limit is hit in this process.
    static func undashed(_ what: String) {
        guard !reported.exchange(true, ordering: .relaxed) else { return }
        let line = "OpenQuartz: \(what); the stroke is drawn undashed (reported once)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    static let tooManyDashes = "a dash pattern would lay out more than \(PathDashing.maximumDashCount) dashes"
    static let overBudget = "a dashed stroke would outline more than \(PathDashCulling.maximumOutlineVertices) vertices"
}
