// `-o -` (frames on stdout for the user's own encoder: raw straight-alpha RGBA or concatenated PNGs, the
// size and rate logged on stderr), `--version`, and the main command's help text (Tests: "help text").
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIStdoutAndHelpTests {
    static let scene = fixtureScene("ship-on-path.json")  // 30/1 fps
    static let common = ["render", scene, "--frames", "3..<6", "--size", "24x16", "--threads", "1", "--progress", "none"]

    /// Splits a stream of PNG files at their IEND chunks (PNG spec §5.3: length, type, data, CRC).
    func splitPNGs(_ data: Data) throws -> [Data] {
        let bytes = [UInt8](data), signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        var files: [Data] = [], start = 0
        while start < bytes.count {
            try #require(Array(bytes[start..<min(start + 8, bytes.count)]) == signature, "no PNG signature at byte \(start)")
            var p = start + 8
            while true {
                try #require(p + 12 <= bytes.count, "truncated PNG at byte \(p)")
                let length = bytes[p..<p + 4].reduce(0) { $0 << 8 | Int($1) }
                let type = String(decoding: bytes[p + 4..<p + 8], as: UTF8.self)
                p += 12 + length
                if type == "IEND" { break }
            }
            files.append(Data(bytes[start..<p]))
            start = p
        }
        return files
    }

    @Test func rawRGBAOnStdoutIsWidthTimesHeightTimesFourBytesPerFrame() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stream = try CLI.run(Self.common + ["-o", "-", "--format", "rgba"], in: folder)
        #expect(stream.status == 0, "\(stream.stderr)")
        let frameBytes = 24 * 16 * 4
        #expect(stream.stdoutData.count == 3 * frameBytes)
        // What the user needs for the ffmpeg command, on stderr.
        #expect(stream.stderr.contains("24x16") && stream.stderr.contains("1536 bytes per frame") && stream.stderr.contains("30/1 fps"),
                "\(stream.stderr)")
        #expect(stream.stderr.contains("ffmpeg -f rawvideo -pix_fmt rgba -s 24x16 -framerate 30/1 -i -"))
        // Frame k of the stream is the straight RGBA of the PNG frame 3 + k renders to.
        let files = try CLI.run(Self.common + ["-o", "f/%d.png"], in: folder)
        #expect(files.status == 0)
        let data = [UInt8](stream.stdoutData)
        for k in 0..<3 where data.count == 3 * frameBytes {
            let png = try readPNG(folder.appendingPathComponent("f/\(3 + k).png").path)
            #expect(Array(data[k * frameBytes..<(k + 1) * frameBytes]) == png.straightRGBA8Bytes(), "frame \(3 + k)")
        }
    }

    @Test func pngStreamOnStdoutDecodesFrameByFrame() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stream = try CLI.run(Self.common + ["-o", "-", "--format", "png"], in: folder)
        #expect(stream.status == 0, "\(stream.stderr)")
        #expect(stream.stderr.contains("ffmpeg -f image2pipe"), "\(stream.stderr)")
        let parts = try splitPNGs(stream.stdoutData)
        #expect(parts.count == 3)
        let files = try CLI.run(Self.common + ["-o", "f/%d.png"], in: folder)
        #expect(files.status == 0)
        for (k, part) in parts.enumerated() {
            let decoded = try PNGReader.read(data: part)
            let file = try readPNG(folder.appendingPathComponent("f/\(3 + k).png").path)
            #expect(decoded.width == 24 && decoded.height == 16)
            #expect(pixelHash(decoded) == pixelHash(file), "frame \(3 + k)")
        }
    }

    @Test func stdoutOutputNeedsAFormatAndRefusesFilePolicies() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [["-o", "-"], ["-o", "-", "--format", "rgba", "--overwrite"], ["-o", "f/%d.png", "--format", "png"]] {
            let result = try CLI.run(Self.common + arguments, in: folder)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stdoutData.isEmpty)
            #expect(result.stderr.contains("--format") || result.stderr.contains("-o -"), "\(result.stderr)")
        }
    }

    @Test func versionAndMainHelp() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let version = try CLI.run(["--version"], in: folder)
        #expect(version.status == 0)
        let text = version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text.split(separator: ".").count == 3 && text.split(separator: ".").allSatisfy { Int($0) != nil }, "\(text)")
        let help = try CLI.run(["--help"], in: folder)
        #expect(help.status == 0)
        let lines = help.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // Key lines, pinned: the overview, the usage, the version flag and one line per subcommand.
        let pinned = [
            "OVERVIEW: Render Core Animation scenes offline with OpenQuartz.",
            "USAGE: quartz-render <subcommand>",
            "--version               Show the version.",
            "render                  Render frames of a scene to PNG files or a video.",
            "info                    Describe a scene: size, duration, frame rate, frame",
            "dump                    Print the presentation tree at a time as sorted JSON.",
        ]
        for line in pinned { #expect(lines.contains(line), "help lacks \"\(line)\"") }
        for command in ["contact-sheet", "plot-stats", "demo"] {
            #expect(lines.contains { $0.hasPrefix(command + " ") }, "help lacks \(command)")
        }
        #expect(help.stdout.contains("stdout carries data only"))
    }
}
