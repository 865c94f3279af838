// Output names: a printf-style frame number in the path ("frames/%05d.png", "%d", "%%" for a percent
// sign). A path without a number is allowed for a single frame only.
import ArgumentParser
import Foundation

struct OutputPattern: Sendable {
    private enum Piece: Sendable { case text(String), number(width: Int, zeroPad: Bool) }
    private let pieces: [Piece]
    let source: String

    /// Whether the pattern contains a frame number.
    var isNumbered: Bool { pieces.contains { if case .number = $0 { true } else { false } } }

    init(_ text: String) throws {
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
                throw ValidationError("-o '\(text)': only %d, %0Nd and %% are understood in output names")
            }
            let width = Int(spec) ?? 0
            guard width <= 12 else { throw ValidationError("-o '\(text)': a frame number width above 12 is not useful") }
            if !literal.isEmpty { pieces.append(.text(literal)); literal = "" }
            pieces.append(.number(width: width, zeroPad: spec.hasPrefix("0")))
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        guard !text.isEmpty else { throw ValidationError("-o needs a file name") }
        self.pieces = pieces
    }

    /// The path of frame `index`.
    func path(forFrame index: Int) -> String {
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
