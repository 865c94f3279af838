// Output names: a printf-style frame number in the path ("frames/%05d.png", "%d", "%%" for a percent
// sign). A path without a number is allowed for a single frame only.
import Foundation

package struct OutputPattern: Sendable {
    private enum Piece: Sendable { case text(String), number(width: Int, zeroPad: Bool) }
    private let pieces: [Piece]
    package let source: String

    /// Whether the pattern contains a frame number.
    package var isNumbered: Bool { pieces.contains { if case .number = $0 { true } else { false } } }

    package init(_ text: String) throws {
        source = text
        var pieces: [Piece] = []
        var literal = ""
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            guard c == "%" else { literal.append(c); continue }
            if chars.first == "%" { chars.removeFirst(); literal.append("%"); continue }
            var spec = ""
            while let d = chars.first, d.isASCII, d.isNumber { spec.append(d); chars.removeFirst() }
            guard chars.popFirst() == "d" else {
                throw FrameOutputError(.usage, "-o '\(text)': only %d, %0Nd and %% are understood in output names")
            }
            let width = Int(spec) ?? 0
            guard width <= 12 else { throw FrameOutputError(.usage, "-o '\(text)': a frame number width above 12 is not useful") }
            if !literal.isEmpty { pieces.append(.text(literal)); literal = "" }
            pieces.append(.number(width: width, zeroPad: spec.hasPrefix("0")))
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        guard !text.isEmpty else { throw FrameOutputError(.usage, "-o needs a file name") }
        self.pieces = pieces
    }

    /// The frames of `selection` whose files exist. When the frame number is in the file name only, one listing
    /// of the folder answers, so time and memory grow with the files there, not with the selection (a selection
    /// of 100 million frames starts at once); a number in a folder name needs one check per frame.
    package func existingFrames(in selection: FrameSequence) -> Set<Int> {
        guard let firstFrame = selection.first else { return [] }
        guard isNumbered else {
            return FileManager.default.fileExists(atPath: path(forFrame: firstFrame)) ? [firstFrame] : []
        }
        guard let namePrefix = fileNamePrefix else {
            return Set(selection.lazy.filter { FileManager.default.fileExists(atPath: path(forFrame: $0)) })
        }
        let sample = path(forFrame: firstFrame) as NSString
        let folder = sample.deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        var found = Set<Int>()
        for name in names where name.hasPrefix(namePrefix) {
            // The digits after the prefix (past any space padding) name the only frame this file can be; it is
            // that frame's file when the pattern prints exactly this name for it.
            let digits = name.dropFirst(namePrefix.count).drop { $0 == " " }.prefix { $0.isASCII && $0.isNumber }
            guard let index = Int(digits), selection.contains(index),
                  (path(forFrame: index) as NSString).lastPathComponent == name else { continue }
            found.insert(index)
        }
        return found
    }

    /// The literal text before the first frame number when that number and every later one lie in the file
    /// name (no "/" after the first number); nil when a number is part of a folder name.
    private var fileNamePrefix: String? {
        guard let first = pieces.firstIndex(where: { if case .number = $0 { true } else { false } }) else { return nil }
        for piece in pieces[first...] {
            if case .text(let text) = piece, text.contains("/") { return nil }
        }
        var before = ""
        for piece in pieces[..<first] {
            if case .text(let text) = piece { before += text }
        }
        guard let slash = before.lastIndex(of: "/") else { return before }
        return String(before[before.index(after: slash)...])
    }

    /// The path of frame `index`.
    package func path(forFrame index: Int) -> String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case let .number(width, zeroPad):
                let digits = String(index)
                if digits.count < width { out += String(repeating: zeroPad ? "0" : " ", count: width - digits.count) }
                out += digits
            }
        }
        return out
    }
}

/// Output names whose extension promises a format quartz-render does not write are refused by name before
/// anything renders: frames are PNG, JPEG or WebP (FrameImageFormat), videos are the `VideoContainer`s. Other
/// extensions (or none) get PNG data.
package enum OutputExtension {
    /// Video containers ffmpeg could write but quartz-render does not choose codecs for.
    package static let unsupportedVideo: Set<String> = ["avi", "mkv", "flv", "wmv", "asf", "m4v", "mpg", "mpeg", "ts", "m2ts", "mts",
                                                "ogv", "ogg", "3gp", "mxf", "vob", "f4v", "y4m", "apng"]
    /// Still-image formats other than PNG, JPEG and WebP.
    package static let unsupportedImage: Set<String> = ["tif", "tiff", "bmp", "exr", "tga", "avif", "heic", "jxl", "ppm"]

    /// The supported containers for messages: ".mp4 (H.264), .mov (ProRes 4444), .webm (VP9), .gif".
    package static var supportedVideo: String { ".mp4 (H.264), .mov (ProRes 4444), .webm (VP9), .gif" }

    /// Usage error for an unsupported extension; `videoAllowed` is false for commands that write one PNG.
    package static func check(_ path: String, videoAllowed: Bool) throws {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if unsupportedVideo.contains(ext) {
            guard videoAllowed else {
                throw FrameOutputError(.usage, "-o '\(path)': this command writes one PNG image; name it .png")
            }
            throw FrameOutputError(.usage, """
                -o '\(path)': .\(ext) is not a supported video container; supported: \(supportedVideo). \
                Or write PNG frames (-o frames/%05d.png) or raw frames (-o - --format rgba) and encode them with ffmpeg
                """)
        }
        if unsupportedImage.contains(ext) {
            throw FrameOutputError(.usage, "-o '\(path)': .\(ext) is not written; images are PNG, JPEG or WebP, so name the file .png, .jpg or .webp"
                + (videoAllowed ? " (e.g. frames/%05d.png), or a video \(supportedVideo)" : ""))
        }
        if !videoAllowed, VideoContainer(path: path) != nil {
            throw FrameOutputError(.usage, "-o '\(path)': this command writes one PNG image; name it .png")
        }
    }
}
