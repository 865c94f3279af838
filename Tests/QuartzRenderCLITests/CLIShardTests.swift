// Shards and resume ("four shards run two at a time give byte-identical frames to a serial render",
// "a shard killed mid-way and rerun with --skip-existing leaves no truncated file").
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIShardTests {
    static let scene = fixtureScene("ship-on-path.json")

    func files(in folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            out[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return out
    }

    @Test func fourShardsTwoAtATimeEqualASerialRender() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = [Self.scene, "--frames", "10..<24", "--size", "100x100", "--threads", "1", "--progress", "none"]
        let serial = try CLI.run(["render"] + common + ["-o", "serial/%03d.png"], in: folder)
        #expect(serial.status == 0, "\(serial.stderr)")
        for pair in [[0, 1], [2, 3]] {
            // Shards 0 and 2 by flag; 1 and 3 through the Kubernetes and Slurm environment variables.
            var running: [(Process, URL, URL)] = []
            for i in pair {
                if i % 2 == 0 {
                    running.append(try CLI.start(["render"] + common + ["--shard", "\(i)/4", "-o", "sharded/%03d.png"], in: folder))
                } else {
                    let variable = i == 1 ? "JOB_COMPLETION_INDEX" : "SLURM_ARRAY_TASK_ID"
                    running.append(try CLI.start(["render"] + common + ["--shard-from-env", "--shard-count", "4", "-o", "sharded/%03d.png"],
                                                 environment: [variable: "\(i)"], in: folder))
                }
            }
            for (process, out, err) in running {
                process.waitUntilExit()
                let result = CLI.collect(process, out, err)
                #expect(result.status == 0, "\(result.stderr)")
            }
        }
        let a = try files(in: folder.appendingPathComponent("serial"))
        let b = try files(in: folder.appendingPathComponent("sharded"))
        #expect(a.count == 14)
        #expect(Set(a.keys) == Set(b.keys))
        for (name, data) in a { #expect(b[name] == data, "\(name)") }
    }

    @Test func shardsAreContiguousAndCoverTheRange() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var seen: [[Int]] = []
        for i in 0..<3 {
            let sub = "s\(i)"
            let result = try CLI.run(["render", Self.scene, "--frames", "0..<7", "--size", "10x10", "--shard", "\(i)/3",
                                      "--progress", "none", "-o", "\(sub)/%d.png"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path)
            seen.append(names.compactMap { Int($0.dropLast(4)) }.sorted())
        }
        // ⌊7·i/3⌋ boundaries: 0, 2, 4, 7.
        #expect(seen == [[0, 1], [2, 3], [4, 5, 6]])
    }
    // The killed-and-resumed shard test is CLIOutputSafetyTests.killedShardResumesToTheSerialFramesWithoutPartialFiles.
}
