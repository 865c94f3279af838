// libFuzzer entry point of the `lottie` target; the exercise itself is LottieExercise (FuzzHarness), which the
// main package's fuzz smoke tests also run.
import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    LottieExercise.run(data, size)
    return 0
}
