// Reading a `render --stats` report back, for the commands that take one (stats-merge, plot-stats).
import Foundation

extension RenderStatistics {
    /// A report; missing or unreadable → 66, not a report → 65.
    package static func load(_ path: String) throws -> RenderStatistics {
        var isFolder: ObjCBool = false
        guard unsafe FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw FrameOutputError(.noInput, "statistics file \"\(path)\" does not exist (a task that failed or was stopped writes none)")
        }
        guard !isFolder.boolValue else { throw FrameOutputError(.noInput, "\"\(path)\" is a folder, not a statistics file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FrameOutputError(.noInput, "statistics file \"\(path)\" is not readable")
        }
        do {
            return try JSONDecoder().decode(RenderStatistics.self, from: data)
        } catch {
            throw FrameOutputError(.dataError, "\(path) is not a `render --stats` file: \(describe(error))")
        }
    }

    /// A decoding error in a few words (the key or the place), not Foundation's long description.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong value at \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\""
        case DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty:
            "bad value at \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\""
        default: "not JSON"
        }
    }
}
