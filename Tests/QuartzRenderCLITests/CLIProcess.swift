// Runs the built quartz-render binary: found next to the test bundle (SwiftPM builds it first because
// the test target depends on it), else in .build/debug of this checkout; a missing binary fails the test
// with a message saying how to build it.
import Foundation
import OpenQuartz
import Testing

struct CLIResult {
    let status: Int32
    let stdoutData: Data
    let stdout: String
    let stderr: String
}

enum CLI {
    /// The binary's path, or nil with the places looked at.
    static func binaryPath() -> (path: String?, searched: [String]) {
        var candidates: [String] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("quartz-render").path)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/quartz-render").path)
        return (candidates.first { FileManager.default.isExecutableFile(atPath: $0) }, candidates)
    }

    /// Starts the binary (or `executable`, e.g. a shell wrapping it) with `arguments`; stdout and stderr go
    /// to files in `folder`.
    static func start(_ arguments: [String], environment: [String: String] = [:], executable: String? = nil,
                      in folder: URL) throws -> (Process, URL, URL) {
        let found = binaryPath()
        guard let path = found.path else {
            Issue.record("quartz-render binary not found (looked at \(found.searched)); run `swift build --product quartz-render`")
            throw CLIError.missingBinary
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = folder
        let id = UUID().uuidString
        let out = folder.appendingPathComponent(".out-\(id)"), err = folder.appendingPathComponent(".err-\(id)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return (process, out, err)
    }

    /// Runs the binary to completion.
    static func run(_ arguments: [String], environment: [String: String] = [:], executable: String? = nil,
                    in folder: URL) throws -> CLIResult {
        let (process, out, err) = try start(arguments, environment: environment, executable: executable, in: folder)
        process.waitUntilExit()
        return collect(process, out, err)
    }

    static func collect(_ process: Process, _ out: URL, _ err: URL) -> CLIResult {
        let stdoutData = (try? Data(contentsOf: out)) ?? Data()
        let stdout = String(decoding: stdoutData, as: UTF8.self)
        let stderr = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: out)
        try? FileManager.default.removeItem(at: err)
        return CLIResult(status: process.terminationStatus, stdoutData: stdoutData, stdout: stdout, stderr: stderr)
    }
}

enum CLIError: Error { case missingBinary }

/// A fresh temporary folder, removed by the caller with `defer`.
func makeTemporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("quartz-render-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// FNV-1a 64 over the decoded premultiplied pixels and the size: independent of PNG encoding details.
func pixelHash(_ bitmap: PremultipliedRGBA8Bitmap) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) {
            hash ^= UInt64((value >> UInt32(shift)) & 0xFF)
            hash &*= 0x100_0000_01b3
        }
    }
    mix(UInt32(bitmap.width))
    mix(UInt32(bitmap.height))
    for pixel in bitmap.pixels { mix(pixel) }
    return hash
}

/// Decodes a PNG file written by the CLI.
func readPNG(_ path: String) throws -> PremultipliedRGBA8Bitmap {
    try PNGReader.read(contentsOf: path)
}
