// Failures of the frame pipeline: a message naming the problem, and a sysexits(3) code so scripts can tell
// bad usage (64) from bad scene data (65), a missing input (66), an unwritable output (73) and a failed
// render (1, 70), a missing ffmpeg (69) or a failed encode (76). quartz-render exits with the code.
import Foundation
import Logging

/// A frame-pipeline failure with its exit code.
package struct FrameOutputError: Error, CustomStringConvertible {
    /// sysexits(3) codes.
    package enum Code: Int32 {
        case usage = 64        // EX_USAGE: bad flags or values
        case dataError = 65    // EX_DATAERR: the scene file is invalid
        case noInput = 66      // EX_NOINPUT: the scene file is missing or unreadable
        case unavailable = 69  // EX_UNAVAILABLE: ffmpeg (for video output) is missing or cannot start
        case software = 70     // EX_SOFTWARE: rendering failed
        case cannotCreate = 73 // EX_CANTCREAT: an output cannot be written
        case ioError = 74      // EX_IOERR: writing failed part-way (disk full, …)
        case encoderFailed = 76 // ffmpeg exited with an error or stopped reading frames (its stderr is printed)
        case interrupted = 130 // 128 + SIGINT: stopped by Ctrl-C after the frames in flight were written
        case terminated = 143  // 128 + SIGTERM: stopped by the scheduler after the frames in flight were written
    }

    package let code: Code
    package let message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}

/// The pipeline's log (notices such as a stale partial file removed); the application chooses the handler.
package let outputLog = Logger(label: "QuartzOutput")
