// A child program fed through a pipe (ffmpeg): spawned with posix_spawn so that it stays in our process group
// (a farm that kills the job's group stops both; Foundation's Process gives the child a group of its own),
// with default signal handling restored (we ignore SIGPIPE; the child must not inherit that). Writes to it and
// the wait for its exit are bounded: a child that stops reading, or never exits, fails after `stallTimeout`
// seconds without progress instead of hanging the render.
import Foundation

package final class ChildProcess {
    /// How a wait or a write ended when it did not succeed.
    package enum Failure: Error {
        /// The child exited (or was killed) before reading everything.
        case exited
        /// No progress for the stall timeout; the child has been killed.
        case stalled
        /// A write failed for another reason (strerror text).
        case writeFailed(String)
    }

    package let pid: pid_t
    private var input: Int32
    private var status: Int32?
    package let stallTimeout: Double

    /// Starts `executable` with `arguments`: stdin a pipe we write, stdout /dev/null, stderr appended to `logPath`.
    package init(executable: String, arguments: [String], logPath: String, stallTimeout: Double) throws {
        self.stallTimeout = stallTimeout
        var fds: [Int32] = [-1, -1]
        guard unsafe pipe(&fds) == 0 else { throw FrameOutputError(.unavailable, unsafe "cannot create a pipe for ffmpeg: \(String(cString: strerror(errno)))") }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let log = unsafe open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let null = unsafe open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer {
            close(readEnd)
            if log >= 0 { close(log) }
            if null >= 0 { close(null) }
        }
        guard log >= 0, null >= 0 else {
            close(writeEnd)
            throw FrameOutputError(.cannotCreate, unsafe "cannot create ffmpeg's log file \"\(logPath)\": \(String(cString: strerror(errno)))")
        }
        // Our write end must not leak into the child, or the child would never see end of input.
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        var actions = unsafe posix_spawn_file_actions_t()
        unsafe posix_spawn_file_actions_init(&actions)
        defer { unsafe posix_spawn_file_actions_destroy(&actions) }
        unsafe posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
        unsafe posix_spawn_file_actions_adddup2(&actions, null, 1)
        unsafe posix_spawn_file_actions_adddup2(&actions, log, 2)
        var attributes = posix_spawnattr_t()
        unsafe posix_spawnattr_init(&attributes)
        defer { unsafe posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        unsafe sigemptyset(&defaults)
        unsafe sigaddset(&defaults, SIGPIPE)
        unsafe posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        unsafe sigemptyset(&mask)
        unsafe posix_spawnattr_setsigmask(&attributes, &mask)
        unsafe posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = unsafe ([executable] + arguments).map { unsafe strdup($0) }
        defer { unsafe argv.forEach { unsafe free($0) } }
        var child: pid_t = 0
        let result = unsafe posix_spawn(&child, executable, &actions, &attributes, argv + [nil], environ)
        guard result == 0 else {
            close(writeEnd)
            throw FrameOutputError(.unavailable, unsafe "cannot start \"\(executable)\": \(String(cString: strerror(result)))")
        }
        pid = child
        input = writeEnd
        // Non-blocking, so a write waits in poll(2) with a timeout rather than in write(2) for ever.
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        if input >= 0 { close(input) }
        if status == nil {
            kill(pid, SIGKILL)
            _ = reap(blocking: true)
        }
    }

    /// Writes all of `bytes` to the child's stdin, waiting at most `stallTimeout` seconds for each bit of progress.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        var lastProgress = monotonicSeconds()
        while offset < bytes.count {
            let written = unsafe Foundation.write(input, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
                lastProgress = monotonicSeconds()
                continue
            }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && errno == EPIPE { throw .exited }
            guard written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else {
                throw unsafe .writeFailed(String(cString: strerror(errno)))
            }
            if reap(blocking: false) { throw .exited }
            let left = stallTimeout - (monotonicSeconds() - lastProgress)
            if left <= 0 {
                terminate()
                throw .stalled
            }
            var entry = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
            _ = unsafe poll(&entry, 1, Int32(min(left, 0.25) * 1000) + 1)
        }
    }

    /// Closes the child's stdin and waits for it to exit; `progress` (polled) reports whether it is still making
    /// output, which resets the stall clock. Returns the wait status.
    package func finish(progress: () -> Int64) throws(Failure) -> Int32 {
        closeInput()
        var lastProgress = monotonicSeconds()
        var lastMark = progress()
        while !reap(blocking: false) {
            let mark = progress()
            if mark != lastMark {
                lastMark = mark
                lastProgress = monotonicSeconds()
            } else if monotonicSeconds() - lastProgress > stallTimeout {
                terminate()
                throw .stalled
            }
            usleep(20_000)
        }
        return status ?? 0
    }

    /// The wait status after the child exited (waiting for it), for failure reports.
    package func waitStatus() -> Int32 {
        closeInput()
        if status == nil { _ = reap(blocking: true) }
        return status ?? 0
    }

    /// Kills the child (SIGKILL: it is being abandoned) and reaps it.
    package func terminate() {
        closeInput()
        if status == nil {
            kill(pid, SIGKILL)
            _ = reap(blocking: true)
        }
    }

    /// "exit status N" or "killed by signal N" for a wait status.
    package static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        return signal == 0 ? "exit status \((status >> 8) & 0xff)" : "killed by signal \(signal)"
    }

    /// Whether the wait status is a normal exit with status 0.
    package static func succeeded(_ status: Int32) -> Bool { status & 0x7f == 0 && (status >> 8) & 0xff == 0 }

    private func closeInput() {
        if input >= 0 {
            close(input)
            input = -1
        }
    }

    /// Reaps the child if it has exited; returns whether it has.
    private func reap(blocking: Bool) -> Bool {
        if status != nil { return true }
        var raw: Int32 = 0
        while true {
            let result = unsafe waitpid(pid, &raw, blocking ? 0 : WNOHANG)
            if result == pid {
                status = raw
                return true
            }
            if result == 0 { return false }
            if errno == EINTR { continue }
            status = raw  // ECHILD: already reaped elsewhere; nothing more to learn
            return true
        }
    }
}
