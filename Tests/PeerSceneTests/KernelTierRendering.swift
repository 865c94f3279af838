import Foundation
import QuartzRaster
import Testing

/// `body` on one kernel tier throughout (SpanKernels.withKernelTierUninterrupted): the kernel switches are
/// process-wide and other suites flip them in parallel, so this retries until a run was not interrupted, for at
/// most a minute (other suites' renders are short), then records an issue and returns nil.
func renderOnOneKernelTier<Frame>(avx512: Bool = true, _ body: () -> Frame) -> Frame? {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
        if let frame = SpanKernels.withKernelTierUninterrupted(avx512: avx512, body) { return frame }
        usleep(2_000)
    }
    Issue.record("other tests kept a kernel switch moving for a minute; the kernels-on render never ran alone")
    return nil
}
