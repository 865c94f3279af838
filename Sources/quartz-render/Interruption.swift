// SIGINT and SIGTERM during a render: the first one asks the render to stop once the frames in flight are
// written (each frame is written atomically, so none is left truncated under its name, and a video in progress
// is abandoned); a second one ends the process at once. The render then exits with 128 + the signal's number
// (130 for SIGINT, 143 for SIGTERM), as a shell reports a process the signal ended, and a rerun with
// `--skip-existing` resumes it.
import Foundation
import Synchronization

enum Interruption {
    /// The first signal received, 0 while none has been.
    private static let received = Atomic<Int32>(0)

    /// Installs the handlers (touching the flag first, so the handler never runs its lazy initialisation) and
    /// unblocks both signals for this thread and the workers it starts later: a parent may have spawned us with
    /// them blocked. A SIGINT that was ignored when we started stays ignored, as for a shell's background job.
    static func install() {
        received.store(0, ordering: .relaxed)
        var unblock = sigset_t()
        unsafe sigemptyset(&unblock)
        for number in [SIGINT, SIGTERM] {
            if number == SIGINT, isIgnored(signal(number, SIG_IGN)) { continue }
            signal(number) { number in
                if Interruption.received.exchange(number, ordering: .relaxed) != 0 { _exit(128 + number) }
            }
            unsafe sigaddset(&unblock, number)
        }
        unsafe pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Whether a disposition `signal(2)` returned is SIG_IGN (C function pointers compare by address).
    private static func isIgnored(_ handler: __sighandler_t?) -> Bool {
        guard let handler else { return false }
        return unsafe unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// The signal that asked the render to stop, if one has.
    static var requested: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// The failure a stopped render reports: exit 128 + the signal, how far it got and how to resume.
    static func failure(signal number: Int32, done: Int, total: Int) -> CLIFailure {
        let name = number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
        return CLIFailure(number == SIGINT ? .interrupted : .terminated,
                          "stopped by \(name) after \(done) of \(total) frames; rerun with --skip-existing to resume")
    }
}
