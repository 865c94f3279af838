import ArgumentParser
import OpenQuartz

@main
struct QuartzRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quartz-render",
        abstract: "Render Core Animation scenes offline with OpenQuartz.")
}
