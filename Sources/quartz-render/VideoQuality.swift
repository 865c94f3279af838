// Video quality flags (`--codec`, `--crf`, `--bitrate`, `--preset`, `--pixel-format`), checked against the installed ffmpeg
// before anything renders: the encoder must be one `ffmpeg -encoders` lists whose codec the container holds,
// and `ffmpeg -h encoder=NAME` must list the pixel format and a -crf / -preset option taking the value. Without
// these flags nothing is probed and the container's default arguments apply unchanged.
import ArgumentParser
import Foundation
import QuartzOutput

/// The flags, shared by commands that write a video.
struct VideoQualityOptions: ParsableArguments {
    @Option(help: "Video encoder for -o out.mp4|.mov|.webm: one the installed ffmpeg lists (ffmpeg -encoders) whose codec the container holds, e.g. libx265 or libsvtav1 for .mp4 (default: libx264 for .mp4, prores_ks for .mov, libvpx-vp9 for .webm).")
    var codec: String?

    @Option(parsing: .unconditional, help: "Constant rate factor, lower is better and larger; the range is the encoder's, e.g. 0...51 for libx264 and libx265, 0...63 for libvpx-vp9 (default: 18 for libx264, 30 for libvpx-vp9).")
    var crf: Double?

    @Option(help: "Average bitrate target instead of a constant rate factor: bits per second, with k (1,000) or M (1,000,000), e.g. 800k or 5M; 1k...2000M (not with --crf, nor for the fixed-rate ProRes, PNG and QuickTime RLE).")
    var bitrate: String?

    @Option(help: "Encoder preset, e.g. ultrafast ... veryslow for libx264 and libx265, 0...13 for libsvtav1 (default: medium for libx264).")
    var preset: String?

    @Option(help: "Pixel format to encode, one the encoder supports (ffmpeg -h encoder=NAME) (default: yuv420p for .mp4, yuva444p10le for .mov, yuva420p for .webm).")
    var pixelFormat: String?

    var isEmpty: Bool { codec == nil && crf == nil && bitrate == nil && preset == nil && pixelFormat == nil }
}

/// The encoder settings of one video output.
struct VideoEncoding: Equatable {
    /// ffmpeg's output options (codec, pixel format, quality, muxer).
    let arguments: [String]
    /// For the log: "libx264, yuv420p, crf 18, preset medium".
    let summary: String

    /// x264's and x265's presets, fastest first (their `-h encoder` output does not list them).
    static let x26xPresets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    /// The codecs (`ffmpeg -encoders`' "codec" names) each container holds.
    static func codecs(for container: VideoContainer) -> [String] {
        switch container {
        case .mp4: ["h264", "hevc", "av1", "vp9", "mpeg4"]
        case .mov: ["prores", "h264", "hevc", "dnxhd", "png", "qtrle", "mpeg4", "av1"]
        case .webm: ["vp8", "vp9", "av1"]
        case .gif: ["gif"]
        }
    }

    static func defaultEncoder(for container: VideoContainer) -> String {
        switch container {
        case .mp4: "libx264"
        case .mov: "prores_ks"
        case .webm: "libvpx-vp9"
        case .gif: "gif"
        }
    }

    /// The pixel formats tried in order when `--pixel-format` is not given.
    static func preferredPixelFormats(for container: VideoContainer, encoder: String) -> [String] {
        switch container {
        case .mp4: ["yuv420p"]
        case .mov: encoder == "prores_ks" ? ["yuva444p10le"] : ["yuv420p"]
        case .webm: ["yuva420p", "yuv420p"]
        case .gif: ["pal8"]
        }
    }

    /// The container's defaults, exactly the arguments used before these flags existed.
    static func defaults(for container: VideoContainer) -> VideoEncoding {
        let summary = switch container {
        case .mp4: "libx264, yuv420p, crf 18, preset medium"
        case .mov: "prores_ks (ProRes 4444), yuva444p10le"
        case .webm: "libvpx-vp9, yuva420p, crf 30"
        case .gif: "one palette for the whole clip"
        }
        return VideoEncoding(arguments: container.encoderArguments, summary: summary)
    }

    /// The pixel format an .mp4 will have, known without ffmpeg (for the even-size check before anything starts).
    static func plannedPixelFormat(_ options: VideoQualityOptions, container: VideoContainer) -> String {
        options.pixelFormat ?? preferredPixelFormats(for: container, encoder: options.codec ?? defaultEncoder(for: container))[0]
    }

    /// Whether `pixelFormat` stores chroma at half width or height, so the frame's sides must be even.
    static func needsEvenSize(_ pixelFormat: String) -> Bool {
        ["420", "422", "440", "411", "nv12", "nv21", "nv16", "p010", "p016"].contains { pixelFormat.contains($0) }
    }

    /// Encoders whose rate is fixed by their profile or that are lossless: `-b:v` means nothing to them.
    static let fixedRateEncoders = ["prores_ks", "prores", "prores_aw", "png", "qtrle", "dnxhd"]

    /// `--bitrate`: "800k", "5M", "2500000" → bits per second (k = 1,000, M = 1,000,000), 1k...2000M.
    static func bitsPerSecond(_ text: String) throws -> Int {
        var digits = Substring(text)
        var unit = 1
        if let last = digits.last, "kKmM".contains(last) {
            unit = last == "k" || last == "K" ? 1_000 : 1_000_000
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(digits), value.isFinite else {
            throw ValidationError("--bitrate must be bits per second such as 800k, 5M or 2500000, got '\(text)'")
        }
        let bits = value * Double(unit)
        guard bits >= 1_000, bits <= 2_000_000_000 else {
            throw ValidationError("--bitrate must be in 1k...2000M bits per second, got '\(text)'")
        }
        return Int(bits.rounded())
    }

    /// "5 Mb/s", "800 kb/s", "1500 b/s" for the log.
    static func bitrateSummary(_ bits: Int) -> String {
        if bits % 1_000_000 == 0 { return "bitrate \(bits / 1_000_000) Mb/s" }
        if bits % 1_000 == 0 { return "bitrate \(bits / 1_000) kb/s" }
        return "bitrate \(bits) b/s"
    }

    /// Checks the flags without ffmpeg: names are plain tokens and the flags go with a video output.
    static func validate(_ options: VideoQualityOptions, container: VideoContainer?) throws {
        guard !options.isEmpty else { return }
        guard let container else {
            throw ValidationError("--codec, --crf, --bitrate, --preset and --pixel-format go with a video output: -o out.mp4, .mov or .webm")
        }
        guard container != .gif else {
            throw ValidationError("--codec, --crf, --bitrate, --preset and --pixel-format do not apply to .gif (one palette for the whole clip)")
        }
        for (flag, value) in [("--codec", options.codec), ("--preset", options.preset), ("--pixel-format", options.pixelFormat)] {
            guard let value else { continue }
            guard !value.isEmpty, !value.hasPrefix("-"), value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) }) else {
                throw ValidationError("\(flag) '\(value)' is not a name ffmpeg uses (letters, digits, _ . -)")
            }
        }
        if let crf = options.crf, !crf.isFinite { throw ValidationError("--crf must be a number, got \(crf)") }
        if let bitrate = options.bitrate {
            _ = try bitsPerSecond(bitrate)
            if options.crf != nil {
                throw ValidationError("--bitrate and --crf cannot be combined: one sets an average rate, the other a constant quality")
            }
        }
    }

    /// The settings for `options`, checked against the ffmpeg at `ffmpeg`; the defaults when no flag is given.
    static func resolve(_ options: VideoQualityOptions, container: VideoContainer, ffmpeg: String) throws -> VideoEncoding {
        try validate(options, container: container)
        guard !options.isEmpty else { return defaults(for: container) }
        let encoders = try FFmpegProbe.videoEncoders(ffmpeg: ffmpeg)
        let accepted = codecs(for: container)
        let fitting = encoders.filter { accepted.contains($0.codec) }.map(\.name)
        let offer = fitting.isEmpty ? "it offers none for .\(container.rawValue)" : "for .\(container.rawValue) it offers \(fitting.joined(separator: ", "))"
        let encoder = options.codec ?? defaultEncoder(for: container)
        guard let codec = encoders.first(where: { $0.name == encoder })?.codec else {
            let what = options.codec == nil ? "\(encoder) (the .\(container.rawValue) default); choose one with --codec" : "video encoder named \(encoder)"
            throw ValidationError("--codec: the ffmpeg at \(ffmpeg) has no \(what); \(offer) (ffmpeg -encoders lists them)")
        }
        guard accepted.contains(codec) else {
            throw ValidationError("""
                --codec \(encoder) writes \(codec), which .\(container.rawValue) does not hold (it holds \(accepted.joined(separator: ", "))); \(offer)
                """)
        }
        let help = try FFmpegProbe.encoderHelp(ffmpeg: ffmpeg, encoder: encoder)
        var arguments = ["-c:v", encoder]
        var summary = [encoder]

        // Pixel format: the one asked for, which the encoder must list; else the container's preference.
        let pixelFormat: String
        if let asked = options.pixelFormat {
            if let supported = help.pixelFormats, !supported.contains(asked) {
                throw ValidationError("--pixel-format \(asked): \(encoder) supports \(supported.joined(separator: ", "))")
            }
            pixelFormat = asked
        } else {
            let preferred = preferredPixelFormats(for: container, encoder: encoder)
            pixelFormat = preferred.first { help.pixelFormats?.contains($0) ?? true } ?? help.pixelFormats?.first ?? preferred[0]
        }
        if encoder == "prores_ks" { arguments += ["-profile:v", pixelFormat.contains("444") ? "4444" : "3"] }
        arguments += ["-pix_fmt", pixelFormat]
        summary.append(pixelFormat)

        // Quality: an average bitrate, or --crf within the encoder's range (x264 and x265 print no useful bound:
        // 0...51 is theirs).
        if let bitrate = options.bitrate {
            guard !fixedRateEncoders.contains(encoder) else {
                throw ValidationError("--bitrate: \(encoder) has a rate fixed by its profile or is lossless; use it without --bitrate")
            }
            let bits = try bitsPerSecond(bitrate)
            arguments += ["-b:v", String(bits)]
            summary.append(bitrateSummary(bits))
        }
        let crf = options.crf ?? (options.bitrate != nil ? nil : encoder == "libx264" ? 18 : encoder == "libvpx-vp9" ? 30 : nil)  // the defaults above
        if let crf {
            guard let option = help.options["crf"] else {
                throw ValidationError("--crf: \(encoder) has no constant rate factor (ffmpeg -h encoder=\(encoder) lists no -crf)")
            }
            let known: ClosedRange<Double>? = ["libx264", "libx264rgb", "libx265"].contains(encoder) ? 0...51 : nil
            let range = known ?? option.range.map { max(0, $0.lowerBound)...$0.upperBound }
            if let range, !range.contains(crf) {
                throw ValidationError("--crf must be in \(plainNumber(range.lowerBound))...\(plainNumber(range.upperBound)) for \(encoder), got \(plainNumber(crf))")
            }
            if option.type == "int", crf != crf.rounded() {
                throw ValidationError("--crf must be a whole number for \(encoder), got \(plainNumber(crf))")
            }
            arguments += ["-crf", plainNumber(crf)]
            // libvpx and libaom reach constant quality only without a bitrate target.
            if ["libvpx", "libvpx-vp9", "libaom-av1"].contains(encoder) { arguments += ["-b:v", "0"] }
            summary.append("crf \(plainNumber(crf))")
        }

        // --preset: one of the encoder's named values, a number in its range, or x264's and x265's names.
        let preset = options.preset ?? (encoder == "libx264" ? "medium" : nil)
        if let preset {
            guard let option = help.options["preset"] else {
                throw ValidationError("--preset: \(encoder) has no presets (ffmpeg -h encoder=\(encoder) lists no -preset)")
            }
            let names = !option.constants.isEmpty ? option.constants
                : ["libx264", "libx264rgb", "libx265"].contains(encoder) ? x26xPresets : []
            let number = Double(preset)
            let inRange = option.type == "int" && number.map { n in n == n.rounded() && (option.range?.contains(n) ?? true) } == true
            if !names.contains(preset) && !inRange && !(names.isEmpty && option.type == "string") {
                var choices: [String] = []
                if !names.isEmpty { choices.append(names.joined(separator: ", ")) }
                if option.type == "int", let range = option.range { choices.append("\(plainNumber(range.lowerBound))...\(plainNumber(range.upperBound))") }
                throw ValidationError("--preset for \(encoder) must be \(choices.joined(separator: " or ")), got '\(preset)'")
            }
            arguments += ["-preset", preset]
            summary.append("preset \(preset)")
        }
        if encoder == "libvpx-vp9" { arguments += ["-row-mt", "1"] }
        arguments += ["-f", container.rawValue]
        return VideoEncoding(arguments: arguments, summary: summary.joined(separator: ", "))
    }
}

/// What the installed ffmpeg offers, read from its help output.
enum FFmpegProbe {
    /// One option of an encoder: its type ("int", "float", "string", …), its numeric range, its named values.
    struct Option {
        var type: String
        var range: ClosedRange<Double>?
        var constants: [String] = []
    }

    /// An encoder's pixel formats (nil when it prints none) and options by name.
    struct EncoderHelp {
        var pixelFormats: [String]?
        var options: [String: Option] = [:]
    }

    /// The video encoders of `ffmpeg -hide_banner -encoders`: name and codec, in its order.
    static func videoEncoders(ffmpeg: String) throws -> [(name: String, codec: String)] {
        let text = try run(ffmpeg, ["-hide_banner", "-encoders"])
        var encoders: [(name: String, codec: String)] = []
        var listing = false
        for line in text.split(separator: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("------") { listing = true; continue }
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            guard listing, fields.count >= 2, fields[0].hasPrefix("V") else { continue }
            let name = String(fields[1])
            // "… (codec h264)" names the codec; without it the encoder is named after its codec.
            var codec = name
            if let open = line.range(of: "(codec ", options: .backwards), let close = line[open.upperBound...].firstIndex(of: ")") {
                codec = String(line[open.upperBound..<close])
            }
            encoders.append((name, codec))
        }
        guard !encoders.isEmpty else {
            throw CLIFailure(.unavailable, "\(ffmpeg) -encoders listed no video encoders; is it ffmpeg?")
        }
        return encoders
    }

    /// `ffmpeg -hide_banner -h encoder=NAME`: "Supported pixel formats: …" and the option lines
    /// "  -crf <float> E..V… … (from -1 to 63)" with their named values indented below them.
    static func encoderHelp(ffmpeg: String, encoder: String) throws -> EncoderHelp {
        let text = try run(ffmpeg, ["-hide_banner", "-h", "encoder=\(encoder)"])
        var help = EncoderHelp()
        var current: String?
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("Supported pixel formats:") {
                help.pixelFormats = trimmed.dropFirst("Supported pixel formats:".count).split(separator: " ").map(String.init)
                continue
            }
            let fields = trimmed.split(separator: " ", omittingEmptySubsequences: true)
            if line.hasPrefix("  -"), fields.count >= 2, fields[1].hasPrefix("<") {
                let name = String(fields[0].dropFirst())
                var option = Option(type: String(fields[1].dropFirst().dropLast()))
                if let from = line.range(of: "(from "), let to = line[from.upperBound...].range(of: " to "),
                   let end = line[to.upperBound...].firstIndex(of: ")"),
                   let low = Double(line[from.upperBound..<to.lowerBound]), let high = Double(line[to.upperBound..<end]), low <= high {
                    option.range = low...high
                }
                help.options[name] = option
                current = name
            } else if line.hasPrefix("     "), let current, fields.count >= 2, fields.contains(where: { $0.hasPrefix("E..V") }) {
                help.options[current]?.constants.append(String(fields[0]))
            } else if !line.hasPrefix("     ") {
                current = nil
            }
        }
        return help
    }

    /// Runs ffmpeg with `arguments` and returns its stdout; a failure to start is exit 69.
    private static func run(_ ffmpeg: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CLIFailure(.unavailable, "cannot start \(ffmpeg) to read its encoders: \(error.localizedDescription)")
        }
        // The help is a few dozen kilobytes: read to the end, then reap.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
