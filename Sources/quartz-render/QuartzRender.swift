import ArgumentParser
import Foundation
import OpenQuartz

@main
struct QuartzRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quartz-render",
        abstract: "Render Core Animation scenes offline with OpenQuartz.",
        subcommands: [Render.self, Info.self, Dump.self, ContactSheet.self, PlotStats.self, Demo.self])
}
