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

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the built-in demo frame to a PNG.",
        discussion: "An existing output file is replaced only with --overwrite.")

    @Option(name: .shortAndLong, help: "The PNG to write.")
    var output: String = "demo.png"

    @Option(help: "Frame size as WIDTHxHEIGHT.")
    var size: String = "960x540"

    @Flag(help: "Replace the output file if it exists (default: refuse).")
    var overwrite = false

    func run() throws {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (1...16384).contains($0) }) else {
            throw ValidationError("--size must be WIDTHxHEIGHT with each side in 1...16384, got '\(size)'")
        }
        if FileManager.default.fileExists(atPath: output) && !overwrite {
            throw ValidationError("'\(output)' exists; pass --overwrite to replace it")
        }
        let frame = RasterDemo.render(width: parts[0], height: parts[1])
        try PNGWriter.write(frame, to: output)
        print(output)
    }
}
