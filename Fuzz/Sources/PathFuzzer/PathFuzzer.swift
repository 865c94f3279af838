// libFuzzer entry point of the `path` target; the exercise itself is PathExercise (FuzzHarness), which the
// main package's fuzz smoke tests also run.
import Foundation
import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    PathExercise.run(data, size)
    return 0
}
