// libFuzzer entry point of the `text` target; the exercise itself is TextExercise (FuzzHarness), which the
// main package's fuzz smoke tests also run.
import Foundation
import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    TextExercise.run(data, size)
    return 0
}
