// The commands agree with each other: a --time outside the scene is refused with one message and exit code
// by render, dump, bench and contact-sheet; contact-sheet's --count picks evenly spaced frames of any
// selection; an output extension quartz-render does not write is refused by name, listing what it writes.
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIConsistencyTests {
    static let scene = fixtureScene("ship-on-path.json")  // 5 s, 150 frames at 30 fps

    @Test func aTimeOutsideTheSceneIsRefusedAlikeEverywhere() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = "quartz-render: error: --time 99 is outside the scene (0 to 5 s)\n"
        for arguments in [["render", Self.scene, "--time", "99", "-o", "t.png"], ["dump", Self.scene, "--time", "99"],
                          ["bench", Self.scene, "--time", "99"], ["contact-sheet", Self.scene, "--time", "99", "-o", "s.png"]] {
            let result = try CLI.run(arguments, in: folder)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr == message, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        let fraction = try CLI.run(["dump", Self.scene, "--time", "5.25"], in: folder)
        #expect(fraction.status == 64 && fraction.stderr == "quartz-render: error: --time 5.25 is outside the scene (0 to 5 s)\n")
        let inside = try CLI.run(["dump", Self.scene, "--time", "5"], in: folder)
        #expect(inside.status == 0, "\(inside.stderr)")
    }

    @Test func contactSheetCountPicksEvenlySpacedFramesOfTheSelection() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // At 48 fps the scene has 240 frames; 12 of 0..<240 are ⌊k · 239 / 11⌋.
        let sheet = try CLI.run(["contact-sheet", Self.scene, "--fps", "48", "--frames", "0..<240", "--count", "12", "--cell-width", "16",
                                 "--columns", "12", "-o", "sheet.png"], in: folder)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(sheet.stderr == "quartz-render: info: contact sheet of 12 frames (evenly spaced over the 240 selected): "
                + "0, 21, 43, 65, 86, 108, 130, 152, 173, 195, 217, 239\n")
        let image = try readPNG(folder.appendingPathComponent("sheet.png").path)
        // 12 cells of 16 + 8 px in one row; 16 px frame + 14 px label + 8 + 4 tall; 8 px margin.
        #expect(image.width == 8 + 12 * 24 && image.height == 8 + 42)
        // The second cell holds frame 21, pixel for pixel.
        let frame = try CLI.run(["render", Self.scene, "--fps", "48", "--frames", "21", "--size", "16x16", "--progress", "none", "-o", "f21.png"], in: folder)
        #expect(frame.status == 0, "\(frame.stderr)")
        let single = try readPNG(folder.appendingPathComponent("f21.png").path)
        var mismatches = 0
        for y in 0..<16 { for x in 0..<16 where image[32 + x, 8 + y] != single[x, y] { mismatches += 1 } }
        #expect(mismatches == 0)
        // --count over a list and --every-nth-frame; more than selected shows every selected frame.
        let list = try CLI.run(["contact-sheet", Self.scene, "--frames", "100-109,0-9", "--count", "3", "--cell-width", "16", "-o", "list.png"], in: folder)
        // Positions ⌊k · 19 / 2⌋ = 0, 9, 19 of the list in its order.
        #expect(list.stderr == "quartz-render: info: contact sheet of 3 frames (evenly spaced over the 20 selected): 100, 109, 9\n", "\(list.stderr)")
        let thinned = try CLI.run(["contact-sheet", Self.scene, "--every-nth-frame", "30", "--count", "40", "--cell-width", "16", "-o", "n.png"], in: folder)
        #expect(thinned.stderr == "quartz-render: info: contact sheet of 5 frames (every selected frame): 0, 30, 60, 90, 120\n", "\(thinned.stderr)")
        // Without --count a long explicit selection is refused with the way out; the default is 12 over the scene.
        let tooMany = try CLI.run(["contact-sheet", Self.scene, "--fps", "90", "--frames", "0-449", "-o", "big.png"], in: folder)
        #expect(tooMany.status == 64)
        #expect(tooMany.stderr == "quartz-render: error: a contact sheet holds at most 400 frames; 450 selected: pass --count N to pick N of them evenly\n")
        let whole = try CLI.run(["contact-sheet", Self.scene, "--cell-width", "16", "-o", "whole.png"], in: folder)
        #expect(whole.stderr == "quartz-render: info: contact sheet of 12 frames (evenly spaced over the 150 selected): "
                + "0, 13, 27, 40, 54, 67, 81, 94, 108, 121, 135, 149\n", "\(whole.stderr)")
    }

    @Test(arguments: ["t.avi", "t.mkv", "T.MKV", "frames/%05d.flv"])
    func unsupportedContainersAreNamedWithTheSupportedOnes(output: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", Self.scene, "-o", output], in: folder)
        #expect(result.status == 64)
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        #expect(result.stderr == "quartz-render: error: -o '\(output)': .\(ext) is not a supported video container; "
                + "supported: .mp4 (H.264), .mov (ProRes 4444), .webm (VP9), .gif. Or write PNG frames (-o frames/%05d.png) "
                + "or raw frames (-o - --format rgba) and encode them with ffmpeg\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { $0.hasPrefix(".") })
    }

    @Test func otherImageFormatsAndSheetsAsVideosAreRefused() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tiff = try CLI.run(["render", Self.scene, "--frames", "0", "-o", "still.tiff"], in: folder)
        #expect(tiff.status == 64)
        #expect(tiff.stderr == "quartz-render: error: -o 'still.tiff': .tiff is not written; images are PNG, JPEG or WebP, so name "
                + "the file .png, .jpg or .webp (e.g. frames/%05d.png), or a video .mp4 (H.264), .mov (ProRes 4444), .webm (VP9), .gif\n")
        let sheet = try CLI.run(["contact-sheet", Self.scene, "-o", "sheet.mp4"], in: folder)
        #expect(sheet.status == 64)
        #expect(sheet.stderr == "quartz-render: error: -o 'sheet.mp4': this command writes one PNG image; name it .png\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { $0.hasPrefix(".") })
    }
}
