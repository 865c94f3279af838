// Core Text's glyph runs: a line's glyphs split where the face, size, colour or underline changes (a run of
// one font and one set of drawing attributes, as Core Text's CTRun is), with glyph positions relative to the
// line's origin in Core Graphics' y-up text space, so `showGlyphs(_:at:)` at the text position draws what
// CTLineDraw draws.
import Foundation
import QuartzMath
import QuartzRaster

/// Apple: "A glyph run": glyphs of one font and one set of attributes.
public final class CTRun: Sendable, CustomStringConvertible {
    /// The run's glyphs as the line placed them: x from the line's origin, y down from the baseline.
    package let glyphs: [PlacedGlyph]

    package init(glyphs: [PlacedGlyph]) { self.glyphs = glyphs }

    public var description: String { "CTRun(\(glyphs.count) glyphs)" }

    /// The indices a Core Text range selects: length 0 means to the end; out-of-range requests select nothing.
    func indices(_ range: CFRange) -> Range<Int> { range.resolved(inLength: glyphs.count) ?? 0..<0 }
}

extension CTLine {
    /// The line's runs, split where a glyph's face, size, colour or underline differs from the one before.
    package var runs: [CTRun] {
        var result: [CTRun] = []
        var start = 0
        while start < glyphs.count {
            let first = glyphs[start]
            var end = start + 1
            while end < glyphs.count, glyphs[end].face === first.face, glyphs[end].size == first.size,
                  glyphs[end].color == first.color, glyphs[end].underline == first.underline { end += 1 }
            result.append(CTRun(glyphs: Array(glyphs[start..<end])))
            start = end
        }
        return result
    }
}

/// Apple: `CTLineGetGlyphRuns(_:)`: the line's runs in visual order.
public func CTLineGetGlyphRuns(_ line: CTLine) -> [CTRun] { line.runs }

/// Apple: `CTRunGetGlyphCount(_:)`.
public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex { run.glyphs.count }

/// Apple: `CTRunGetGlyphs(_:_:_:)`: copies the glyphs of `range` (length 0: to the end) into `buffer`.
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>) {
    for (slot, index) in run.indices(range).enumerated() { buffer[slot] = CGGlyph(truncatingIfNeeded: run.glyphs[index].glyph) }
}

/// Apple: `CTRunGetPositions(_:_:_:)`: each glyph's position relative to the line's origin, y up (text space).
public func CTRunGetPositions(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>) {
    for (slot, index) in run.indices(range).enumerated() {
        buffer[slot] = CGPoint(x: run.glyphs[index].x, y: -run.glyphs[index].y)
    }
}

/// Apple: `CTRunGetAdvances(_:_:_:)`: each glyph's advance (kern included), points.
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>) {
    for (slot, index) in run.indices(range).enumerated() { buffer[slot] = CGSize(width: run.glyphs[index].advance, height: 0) }
}

/// Apple: `CTRunGetTypographicBounds(_:_:_:_:_:)`: the advances of `range` summed, and the run's font's ascent,
/// descent (positive) and leading where the pointers are non-nil.
public func CTRunGetTypographicBounds(
    _ run: CTRun, _ range: CFRange, _ ascent: UnsafeMutablePointer<CGFloat>?, _ descent: UnsafeMutablePointer<CGFloat>?,
    _ leading: UnsafeMutablePointer<CGFloat>?
) -> Double {
    guard let first = run.glyphs.first else { return 0 }
    ascent?.pointee = CGFloat(first.face.ascent(atSize: first.size))
    descent?.pointee = CGFloat(first.face.descent(atSize: first.size))
    leading?.pointee = CGFloat(first.face.leading(atSize: first.size))
    return run.indices(range).reduce(0) { $0 + run.glyphs[$1].advance }
}

/// Apple: `CTRunGetAttributes(_:)`: the run's font (`.font`, a CTFont at the run's size), colour
/// (`.foregroundColor`) and underline (`.underlineStyle`: single, thick or double) as NSAttributedString keys.
public func CTRunGetAttributes(_ run: CTRun) -> [NSAttributedString.Key: Any] {
    guard let first = run.glyphs.first else { return [:] }
    let resolution = FontResolution(requested: first.face.path, family: first.face.familyName, style: first.face.styleName,
                                    path: first.face.path, isSubstitution: false)
    var attributes: [NSAttributedString.Key: Any] = [.font: CTFont(cgFont: CGFont(face: first.face, resolution: resolution), size: first.size)]
    if let color = first.color { attributes[.foregroundColor] = color }
    if first.underline != .none { attributes[.underlineStyle] = NSNumber(value: first.underline.rawValue) }
    return attributes
}

/// Apple: `CTRunDraw(_:_:_:)`: draws the glyphs of `range` (length 0: all) as CTLineDraw draws them, with the
/// line's origin at the context's text position.
public func CTRunDraw(_ run: CTRun, _ context: CGContext, _ range: CFRange) {
    context.drawGlyphs(Array(run.glyphs[run.indices(range)]), lineOrigin: .zero)
}
