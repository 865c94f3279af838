// How deeply a JSON document nests its objects and arrays, measured only when parsing has failed, so that a
// scene nested past the parser's limit is told the layer-tree limit instead of a parser message.
import Foundation

enum SceneJSONNesting {
    /// Foundation's JSON parser refuses documents nested deeper than this (objects and arrays together).
    static let parserLimit = 512

    /// The deepest nesting of `[` and `{` outside strings (escapes inside strings are skipped).
    static func depth(of data: Data) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// The message for a document that failed to parse because it nests too deeply, else nil.
    static func tooDeepMessage(_ data: Data) -> String? {
        let levels = depth(of: data)
        guard levels > parserLimit else { return nil }
        return "the document nests objects and arrays \(levels) levels deep; JSON scene files may nest at most "
            + "\(parserLimit) (a layer tree at most \(SceneTreeDepth.maximum) levels: each layer takes two, its "
            + "object and its sublayers array)"
    }
}
