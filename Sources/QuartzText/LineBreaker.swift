// Line-break opportunities: the subset of UAX #14 (Unicode Line Breaking Algorithm) this layout implements.
//   LB4/LB5   mandatory breaks after BK (U+000B, U+000C, U+2028, U+2029), CR, LF, NL (U+0085); CR × LF.
//   LB7/LB18  no break before spaces; a break after a run of spaces (SP U+0020, and U+0009 tab).
//   LB8       a break after ZW (U+200B zero width space).
//   LB12      no break after GL (U+00A0 no-break space, U+2007, U+202F, U+2060 word joiner).
//   LB21      a break after HY (U+002D) and BA (U+2010 hyphen, U+00AD soft hyphen, U+2013 en dash), never before.
//   LB25      (subset) no break between HY and a digit ("-5" stays together).
// Everything else (ideographs, numbers and punctuation pairs, the East Asian classes) is "no break",
// and no break is ever placed inside a grapheme cluster (UAX #29).
import Foundation

package enum LineBreaker {
    /// Whether a mandatory break ends the scalar.
    package static func isMandatoryBreak(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whitespace that hangs at a line end and takes no width there.
    package static func isSpace(_ scalar: UInt32) -> Bool { scalar == 0x20 || scalar == 0x09 || scalar == 0x3000 }

    /// `opportunities[i]` is true when a line may break before scalar i (i in 1..<count); index 0 is false.
    package static func opportunities(in text: StyledText) -> [Bool] {
        let s = text.scalars
        var result = [Bool](repeating: false, count: s.count)
        guard s.count > 1 else { return result }
        for i in 1..<s.count {
            guard text.isGraphemeStart[i] else { continue }
            let before = s[i - 1]
            let after = s[i]
            if isSpace(after) { continue }  // LB7
            switch before {
            case 0x20, 0x09, 0x3000, 0x200B: result[i] = true  // LB18, LB8
            case 0x2D:  // LB21, LB25 subset
                result[i] = !(0x30...0x39).contains(after)
            case 0x2010, 0x00AD, 0x2013: result[i] = true  // LB21 (BA)
            default: break
            }
        }
        return result
    }

    /// The paragraphs of a text: ranges ending before each mandatory break (CR LF counts as one), and
    /// the break's length after each range.
    package static func paragraphs(in scalars: [UInt32]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < scalars.count {
            if isMandatoryBreak(scalars[i]) {
                result.append(start..<i)
                i += (scalars[i] == 0x0D && i + 1 < scalars.count && scalars[i + 1] == 0x0A) ? 2 : 1
                start = i
            } else {
                i += 1
            }
        }
        result.append(start..<scalars.count)
        return result
    }
}
