// How the commands report failures (FrameOutputError: a message and a sysexits(3) code): logged on stderr,
// then the exit code. Logs and messages go to stderr; stdout carries data only.
import ArgumentParser
import Foundation
import Logging
import OpenQuartz
import QuartzOutput

/// A command failure is a frame-pipeline failure: the same codes and messages.
typealias CLIFailure = FrameOutputError

/// Logs `failure` (error level, on stderr) and turns it into the process exit code.
func exitCode(reporting failure: CLIFailure) -> ExitCode {
    cliLog.error("\(failure.message)")
    return ExitCode(failure.code.rawValue)
}

/// Writes text to stderr without buffering (progress and messages must not mix with stdout data).
func writeToStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}

/// Bootstraps logging, then runs a command body, mapping CLIFailure to its exit code (ArgumentParser maps
/// ValidationError to 64).
func runReportingFailures(logging: LoggingOptions, _ body: () throws -> Void) throws {
    logging.bootstrap()
    // Past a file-size limit (ulimit -f) a write must fail with EFBIG and be reported, not kill the process.
    signal(SIGXFSZ, SIG_IGN)
    do {
        try body()
    } catch let failure as CLIFailure {
        throw exitCode(reporting: failure)
    } catch let usage as ValidationError {
        throw exitCode(reporting: CLIFailure(.usage, usage.message))
    }
}

/// Loads a scene, mapping load errors to exit codes: unreadable → 66, invalid → 65 (every error printed
/// with its JSON path). Warnings are printed to stderr, once. `lottieMotion` applies to Lottie files.
func loadScene(at path: String, strict: Bool, lottieMotion: LottieMotionPathTiming = .afterEffects) throws -> Scene {
    var isDirectory: ObjCBool = false
    guard unsafe FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CLIFailure(.noInput, "scene file \"\(path)\" does not exist")
    }
    guard !isDirectory.boolValue else { throw CLIFailure(.noInput, "\"\(path)\" is a folder, not a scene file") }
    // A FIFO, a device or a socket would block or never end; only regular files (or links to them) are read.
    let type = (try? FileManager.default.attributesOfItem(atPath: path)[.type]) as? FileAttributeType
    guard type == .typeRegular else {
        let what = type == .typeCharacterSpecial || type == .typeBlockSpecial ? "a device"
            : type == .typeSocket ? "a socket" : type == nil ? "unreadable" : "a pipe or other special file"
        throw CLIFailure(.noInput, "\"\(path)\" is \(what), not a regular scene file")
    }
    if let lottie = try loadLottieScene(at: path, motionPaths: lottieMotion) { return lottie }
    do {
        let scene = try Scene.load(contentsOf: URL(fileURLWithPath: path), options: SceneLoadOptions(strict: strict))
        for warning in scene.warnings { cliLog.warning("\(warning)") }
        cliLog.debug("loaded \(path): \(scene.counts.layers) layers, \(scene.counts.animations) animations, \(scene.frameCount) frames")
        return scene
    } catch {
        for warning in error.warnings { cliLog.warning("\(warning)") }
        let unreadable = error.errors.contains { $0.kind == .unreadableFile }
        let lines = error.errors.map { "  \($0)" }.joined(separator: "\n")
        throw CLIFailure(unreadable ? .noInput : .dataError,
                         "\(path): \(error.errors.count == 1 ? "1 error" : "\(error.errors.count) errors")\n\(lines)")
    }
}
