// Truncating one line to a width with "…" (U+2026), as CATextLayer's truncation modes do: `end` keeps the
// longest run of grapheme clusters from the start, `start` the longest from the end, `middle` clusters
// from both ends, taken alternately (start side first) while they fit. Spaces next to the ellipsis are
// dropped. When not even the ellipsis fits, the line is the ellipsis alone (clipped by the box).
import Foundation

package enum Truncator {
    package static let ellipsis = "\u{2026}"

    package static func truncate(_ line: StyledText, toWidth width: Double, mode: TextTruncation, quantum: Double?) -> StyledText {
        guard mode != .none, line.count > 0 else { return line }
        let shaped = TextShaper.shape(line, quantum: quantum)
        var end = line.count
        while end > 0, LineBreaker.isSpace(line.scalars[end - 1]) { end -= 1 }
        let visible = (0..<end).reduce(0.0) { $0 + shaped.scalarAdvances[$1] }
        guard visible > width + 1e-9 else { return line }
        // Grapheme clusters and their widths.
        var clusters: [(range: Range<Int>, width: Double)] = []
        var start = 0
        for i in 1...end where i == end || line.isGraphemeStart[i] {
            clusters.append((start..<i, (start..<i).reduce(0.0) { $0 + shaped.scalarAdvances[$1] }))
            start = i
        }
        func ellipsisPiece(at index: Int) -> StyledText { StyledText(ellipsis, style: line.style(at: min(index, line.count - 1))) }
        func ellipsisWidth(at index: Int) -> Double { TextShaper.shape(ellipsisPiece(at: index)).totalAdvance }
        func isSpace(_ c: Int) -> Bool { clusters[c].range.count == 1 && LineBreaker.isSpace(line.scalars[clusters[c].range.lowerBound]) }
        switch mode {
        case .end:
            let budget = width - ellipsisWidth(at: 0)
            var kept = 0, used = 0.0
            while kept < clusters.count, used + clusters[kept].width <= budget + 1e-9 {
                used += clusters[kept].width
                kept += 1
            }
            while kept > 0, isSpace(kept - 1) { kept -= 1 }
            let cut = kept > 0 ? clusters[kept - 1].range.upperBound : 0
            return StyledText.joined([line.slice(0..<cut), ellipsisPiece(at: max(cut - 1, 0))])
        case .start:
            let budget = width - ellipsisWidth(at: end - 1)
            var first = clusters.count, used = 0.0
            while first > 0, used + clusters[first - 1].width <= budget + 1e-9 {
                used += clusters[first - 1].width
                first -= 1
            }
            while first < clusters.count, isSpace(first) { first += 1 }
            let cut = first < clusters.count ? clusters[first].range.lowerBound : end
            return StyledText.joined([ellipsisPiece(at: cut), line.slice(cut..<end)])
        case .middle:
            var budget = width - ellipsisWidth(at: clusters.count / 2)
            var head = 0, tail = clusters.count
            var takeHead = true, headBlocked = false, tailBlocked = false
            while head < tail, !(headBlocked && tailBlocked) {
                if takeHead, !headBlocked {
                    if clusters[head].width <= budget + 1e-9 { budget -= clusters[head].width; head += 1 } else { headBlocked = true }
                } else if !tailBlocked {
                    if clusters[tail - 1].width <= budget + 1e-9 { budget -= clusters[tail - 1].width; tail -= 1 } else { tailBlocked = true }
                }
                takeHead.toggle()
            }
            while head > 0, isSpace(head - 1) { head -= 1 }
            while tail < clusters.count, isSpace(tail) { tail += 1 }
            let headCut = head > 0 ? clusters[head - 1].range.upperBound : 0
            let tailCut = tail < clusters.count ? clusters[tail].range.lowerBound : end
            return StyledText.joined([line.slice(0..<headCut), ellipsisPiece(at: headCut), line.slice(tailCut..<end)])
        case .none:
            return line
        }
    }
}
