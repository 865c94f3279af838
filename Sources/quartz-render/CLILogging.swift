// Logging for every command: swift-log bootstrapped once per process with a handler that writes one line
// per message to stderr ("quartz-render: warning: …"), so stdout carries data only. `--log-level` picks the
// threshold (default info); `--quiet` means warning.
import ArgumentParser
import Foundation
import Logging

/// `--log-level` and `--quiet`, shared by every command.
struct LoggingOptions: ParsableArguments {
    @Option(help: "Messages on stderr from this level up: trace, debug, info, notice, warning, error, critical (default: info).")
    var logLevel: Logger.Level?

    @Flag(help: "Only warnings and errors on stderr (the same as --log-level warning).")
    var quiet = false

    func validate() throws {
        if quiet && logLevel != nil { throw ValidationError("--quiet and --log-level cannot be combined") }
    }

    /// The threshold these flags select.
    var level: Logger.Level { logLevel ?? (quiet ? .warning : .info) }

    /// Routes swift-log to stderr at the selected level. Call once, first thing in `run()`: before it,
    /// swift-log's default handler would print to stdout.
    func bootstrap() {
        let level = level
        LoggingSystem.bootstrap { label in StandardErrorLogHandler(label: label, logLevel: level) }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// The command-line tool's logger (cheap to make: it reads the bootstrapped factory).
var cliLog: Logger { Logger(label: "quartz-render") }

/// One unbuffered line per message on stderr: `quartz-render: LEVEL: message [key=value …]`, whichever
/// module logs it (the commands, or QuartzOutput for the frame pipeline).
struct StandardErrorLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, logLevel: Logger.Level) {
        self.label = label
        self.logLevel = logLevel
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        let suffix = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        writeToStandardError("quartz-render: \(event.level): \(event.message)\(suffix)\n")
    }
}
