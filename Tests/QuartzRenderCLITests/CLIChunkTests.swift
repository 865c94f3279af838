// Farm chunking (`--chunk-size N` with `--chunk i` or `--shard-from-env`, as render farm managers chunk
// frames): chunk i renders [i·N, (i+1)·N) ∩ the selected frames, and all
// chunks together equal a serial render, byte for byte. docs/cli.md, "Chunks".
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIChunkTests {
    static let scene = fixtureScene("ship-on-path.json")

    func frameNumbers(in folder: URL) throws -> [Int] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
            .compactMap { Int($0.dropLast(4)) }.sorted()
    }

    @Test func allChunksTogetherEqualASerialRender() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = [Self.scene, "--frames", "10..<24", "--size", "80x80", "--threads", "1", "--progress", "none"]
        let serial = try CLI.run(["render"] + common + ["-o", "serial/%03d.png"], in: folder)
        #expect(serial.status == 0, "\(serial.stderr)")
        // Chunks of 4 counted from frame 0: 0 and 1 lie before the selection, 2 is 10..<12, 3 is 12..<16,
        // 4 is 16..<20, 5 is 20..<24, 6 lies after it. Index by flag, by Kubernetes' and by Slurm's variable.
        var perChunk: [[Int]] = []
        for i in 0...6 {
            let sub = "chunk\(i)"
            let result: CLIResult
            switch i % 3 {
            case 0: result = try CLI.run(["render"] + common + ["--chunk-size", "4", "--chunk", "\(i)", "-o", "\(sub)/%03d.png"], in: folder)
            case 1: result = try CLI.run(["render"] + common + ["--chunk-size", "4", "--shard-from-env", "-o", "\(sub)/%03d.png"],
                                         environment: ["JOB_COMPLETION_INDEX": "\(i)"], in: folder)
            default: result = try CLI.run(["render"] + common + ["--chunk-size", "4", "--shard-from-env", "-o", "\(sub)/%03d.png"],
                                          environment: ["SLURM_ARRAY_TASK_ID": "\(i)"], in: folder)
            }
            #expect(result.status == 0, "chunk \(i): \(result.stderr)")
            perChunk.append(try frameNumbers(in: folder.appendingPathComponent(sub)))
            if perChunk[i].isEmpty { #expect(result.stderr.contains("this chunk has no frames"), "\(result.stderr)") }
        }
        #expect(perChunk == [[], [], [10, 11], [12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23], []])
        let serialNames = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("serial").path)
        #expect(serialNames.count == 14)
        for name in serialNames {
            let i = Int(name.dropLast(4))!
            let a = try Data(contentsOf: folder.appendingPathComponent("serial/\(name)"))
            let b = try Data(contentsOf: folder.appendingPathComponent("chunk\(i / 4)/\(name)"))
            #expect(a == b, "\(name)")
        }
    }

    @Test(arguments: [
        ["--chunk-size", "4", "--shard", "0/2"],
        ["--chunk-size", "4", "--chunk", "0", "--shard", "0/2"],
        ["--chunk-size", "4", "--shard-from-env", "--shard-count", "3"],
        ["--chunk-size", "4", "--chunk", "1", "--shard-from-env"],
        ["--chunk-size", "4"],
        ["--chunk", "2"],
        ["--chunk-size", "0", "--chunk", "0"],
        ["--chunk-size", "4", "--chunk", "-1"],
        ["--chunk-size", "100000001", "--chunk", "0"],
    ])
    func conflictingOrBadChunkFlagsAreUsageErrors(flags: [String]) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", Self.scene, "--frames", "0..<8", "--size", "10x10", "-o", "f/%d.png"] + flags,
                                 environment: ["JOB_COMPLETION_INDEX": "1"], in: folder)
        #expect(result.status == 64, "\(flags): \(result.stderr)")
        #expect(result.stderr.contains("chunk"), "\(result.stderr)")
        #expect(try frameNumbers(in: folder.appendingPathComponent("f")).isEmpty)
    }

    @Test func chunksNeedFramesNotTime() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", Self.scene, "--time", "1", "--chunk-size", "4", "--chunk", "0", "-o", "f.png"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--chunk-size needs --frames"), "\(result.stderr)")
    }

    @Test(.enabled(if: FFmpegTools.available, FFmpegTools.skipMessage))
    func aVideoChunkWritesANumberedSegment() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 10 frames in chunks of 4: chunks 0, 1, 2, so chunk 1 is segment 01 of 03 with frames 4..<8.
        let result = try CLI.run(["render", Self.scene, "--frames", "0..<10", "--size", "32x32", "--chunk-size", "4", "--chunk", "1",
                                  "--progress", "none", "-o", "out.gif"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let segment = folder.appendingPathComponent("out.chunk-01-of-03.gif")
        #expect(FileManager.default.fileExists(atPath: segment.path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.gif").path))
        #expect(try FFmpegTools.frameHashes(segment).count == 4)
    }
}
