// Core Text's frame: the lines a framesetter placed in a rectangle, with their origins in Core Graphics'
// y-up space relative to the rectangle's bottom-left corner, and drawing them into a context.
import Foundation
import QuartzMath
import QuartzRaster

/// Apple: "A frame represents an area in which text is laid out."
public final class CTFrame: Sendable, CustomStringConvertible {
    /// The rectangle the lines were laid out in (the path's bounding box), user space, y up.
    package let box: CGRect
    /// The lines top to bottom, each with its origin (baseline start) from the box's bottom-left, y up.
    package let lines: [(line: CTLine, origin: CGPoint)]
    package let visibleRange: CFRange

    package init(box: CGRect, lines: [(line: CTLine, origin: CGPoint)], visibleRange: CFRange) {
        self.box = box
        self.lines = lines
        self.visibleRange = visibleRange
    }

    public var description: String { "CTFrame(\(lines.count) lines in \(box))" }
}

/// Apple: `CTFrameGetLines(_:)`: the frame's lines, top to bottom.
public func CTFrameGetLines(_ frame: CTFrame) -> [CTLine] { frame.lines.map(\.line) }

/// Apple: `CTFrameGetLineOrigins(_:_:_:)`: copies the origins of the lines in `range` (length 0: to the last
/// line) into `origins`, which must hold that many points. Out-of-range requests copy nothing.
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    guard let indices = range.resolved(inLength: frame.lines.count) else { return }
    for (slot, index) in indices.enumerated() { origins[slot] = frame.lines[index].origin }
}

/// Apple: `CTFrameGetVisibleStringRange(_:)`: the UTF-16 range of the string the frame's lines show.
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange { frame.visibleRange }

/// Apple: `CTFrameDraw(_:_:)`: draws every line at the box's origin plus its line origin, in text space
/// (through the text matrix and the CTM), as CTLineDraw draws a line. The text position is put back.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    let saved = context.textPosition
    for (line, origin) in frame.lines {
        context.textPosition = CGPoint(x: frame.box.minX + origin.x, y: frame.box.minY + origin.y)
        CTLineDraw(line, context)
    }
    context.textPosition = saved
}
