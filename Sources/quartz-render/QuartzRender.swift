import ArgumentParser
import Foundation
import OpenQuartz

/// quartz-render's version, the one place it is written (`--version` prints it).
enum QuartzRenderVersion {
    static let string = "0.1.0"
}

@main
struct QuartzRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quartz-render",
        abstract: "Render Core Animation scenes offline with OpenQuartz.",
        discussion: """
            Scenes are JSON files (docs/scene-format.md). Progress, statistics and log messages go to stderr \
            (--log-level, --quiet); stdout carries data only (info, dump, -o - frames). \
            Existing files are never replaced without --overwrite.
            """,
        version: QuartzRenderVersion.string,
        subcommands: [Render.self, Info.self, Dump.self, ContactSheet.self, PlotStats.self, StatsMerge.self, Bench.self, Demo.self])
}
