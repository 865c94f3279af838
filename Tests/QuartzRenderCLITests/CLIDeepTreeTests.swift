// A layer tree deeper than any walk can take (scripted `add` entries each hang a layer under the last one):
// a named error at load for every command, never a stack overflow; the deepest tree allowed renders and
// dumps on the main thread and on `--jobs` workers.
import Foundation
import OpenQuartz
import Testing

@Suite struct CLIDeepTreeTests {
    /// A scene whose script adds a chain of `depth` layers, each inside the previous one.
    static func chain(depth: Int) -> String {
        let additions = (0..<depth).map { i in
            let parent = i == 0 ? "root" : "d\(i - 1)"
            return #"{"at": 0, "add": [{"parent": "\#(parent)", "layer": {"name": "d\#(i)", "frame": [0, 0, 8, 8], "backgroundColor": [1, 0, 0, 0.03]}}]}"#
        }
        return #"{"version": 1, "width": 16, "height": 16, "duration": 1, "frameRate": 4, "layers": [], "script": [\#(additions.joined(separator: ",\n"))]}"#
    }

    @Test func theDeepestAllowedChainRendersAndDumps() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The root is level 1, so 255 added layers reach the limit of 256 levels.
        try Self.chain(depth: 255).write(to: folder.appendingPathComponent("deep.json"), atomically: true, encoding: .utf8)
        let render = try CLI.run(["render", "deep.json", "--frames", "0..<4", "--jobs", "2", "-o", "f/%d.png", "--progress", "none"], in: folder)
        #expect(render.status == 0, "\(render.stderr)")
        let dump = try CLI.run(["dump", "deep.json", "--time", "0.5"], in: folder)
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.stdout.contains("d254"))
    }

    @Test(arguments: [["render", "deep.json", "-o", "f/%d.png", "--progress", "none"], ["dump", "deep.json"], ["info", "deep.json"]])
    func aDeeperChainIsANamedError(arguments: [String]) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.chain(depth: 600).write(to: folder.appendingPathComponent("deep.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(arguments, in: folder)
        #expect(result.status == 65, "\(arguments[0]): \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("script[255].add[0]: this addition makes the layer tree 257 levels deep; at most 256 are supported"),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f").path))
    }
}
