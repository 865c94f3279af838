// Lottie files given to `render` and `info`: frames ip..<op at fr, Core Animation's own drawing of the file
// as the reference (fixtures/lottie/README.md), and load errors exiting 65 with their JSON path.
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLILottieTests {
    private let heart = fixturesDirectory.appendingPathComponent("lottie/ios_TwitterHeart.json").path

    @Test func infoShowsTheComposition() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["info", heart, "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        // TwitterHeart: 100 × 100, frames 0..<116 at 60 fps.
        #expect(json["frameCount"] as? Int == 116)
        #expect(json["frameRate"] as? String == "60")
        #expect(result.stderr.contains("Lottie feature not supported: per-dimension easing"))
    }

    @Test func renderedFrameMatchesCoreAnimation() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 50 % progress is frame 58 of 116; the snapshot is at 2×.
        let result = try CLI.run(["render", heart, "--output", "f-%04d.png", "--scale", "2", "--frames", "58"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try readPNG(folder.appendingPathComponent("f-0058.png").path)
        let reference = try readPNG(fixturesDirectory.appendingPathComponent("lottie/reference/ios_TwitterHeart-50.png").path)
        #expect(frame.width == reference.width && frame.height == reference.height)
        var total = 0
        for y in 0..<min(frame.height, reference.height) {
            for x in 0..<min(frame.width, reference.width) {
                let p = frame[x, y], q = reference[x, y]
                let wp = 255 - Int(p.a), wq = 255 - Int(q.a)
                total += abs(Int(p.r) + wp - Int(q.r) - wq) + abs(Int(p.g) + wp - Int(q.g) - wq) + abs(Int(p.b) + wp - Int(q.b) - wq)
            }
        }
        // Measured 0.02/255 mean absolute difference over white (as in LottieCorpusAgreementTests); bar 0.04.
        #expect(Double(total) / Double(3 * frame.width * frame.height) <= 0.04)
    }

    @Test func badLottieExits65WithThePath() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":4}]}"#.utf8).write(to: folder.appendingPathComponent("bad.json"))
        let result = try CLI.run(["info", "bad.json"], in: folder)
        #expect(result.status == 65)
        #expect(result.stderr.contains("layers[0]: missing required key 'ip'"))
    }

    @Test func imageFilesAreFoundBesideTheAnimationNotTheWorkingFolder() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let animationFolder = folder.appendingPathComponent("export/images")
        try FileManager.default.createDirectory(at: animationFolder, withIntermediateDirectories: true)
        let green = PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255)
        try PNGWriter.write(PremultipliedRGBA8Bitmap(width: 4, height: 4, filledWith: green), to: animationFolder.appendingPathComponent("img_0.png").path)
        let asset = #"{"id":"i","w":10,"h":10,"u":"images/","p":"img_0.png","e":0}"#
        let layer = #"{"ty":2,"refId":"i","ip":0,"op":10,"ks":{"p":{"a":0,"k":[5,5]}}}"#
        try Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":20,"h":20,"assets":[\#(asset)],"layers":[\#(layer)]}"#.utf8)
            .write(to: folder.appendingPathComponent("export/anim.json"))
        let result = try CLI.run(["render", "export/anim.json", "--output", "f-%02d.png", "--frames", "0"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try readPNG(folder.appendingPathComponent("f-00.png").path)
        #expect(frame[10, 10] == green && frame[2, 2].a == 0)

        // The image gone: exit 65 naming the asset and the file looked for.
        try FileManager.default.removeItem(at: animationFolder.appendingPathComponent("img_0.png"))
        let missing = try CLI.run(["render", "export/anim.json", "--output", "g-%02d.png", "--frames", "0"], in: folder)
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("assets[0].p: cannot read the image") && missing.stderr.contains("images/img_0.png"), "\(missing.stderr)")
    }
}
