// Peak resident memory of this process (getrusage's ru_maxrss, which Linux reports in kibibytes), for the
// `--stats` report and `bench`: memory must not grow with the animation's length.
import Foundation

package enum PeakMemory {
    /// The largest resident set size this process has had so far, in bytes; 0 if the OS does not say.
    package static func residentBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        guard unsafe getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) * 1024
        #else
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss)  // Darwin reports bytes
        #endif
    }
}
