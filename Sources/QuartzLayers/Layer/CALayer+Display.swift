// Content by drawing and layout hooks. Both run when the transaction commits, layout before display
// (spec §11 step 1); `displayIfNeeded()` / `layoutIfNeeded()` run them at once.
import Foundation

extension CALayer {
    // MARK: Display

    /// The body of `display()`.
    func displayDefault() {
        if let delegate {
            delegate.display(self)
        } else {
            displayByDrawing()
        }
    }

    /// The body of `setNeedsDisplay()`.
    func markNeedsDisplay() {
        guard !isPresentationCopy else { return }
        needsDisplayFlag = true
        noteStructuralChange()
    }

    /// Apple: whether the layer is marked for redisplay.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Apple: redisplays now if marked.
    public func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }

    /// The drawing path of `display()`: `layerWillDraw(_:)` on the delegate, then `draw(in:)` into a
    /// bitmap context of `bounds.size × contentsScale` pixels whose image becomes `contents`.
    func displayByDrawing() {
        delegate?.layerWillDraw(self)
        drawContents()
    }

    // MARK: Layout

    /// The body of `setNeedsLayout()`.
    func markNeedsLayout() {
        guard !isPresentationCopy else { return }
        needsLayoutFlag = true
        noteStructuralChange()
    }

    /// Apple: whether the layer is marked for layout.
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// The body of `layoutIfNeeded()`.
    func layoutIfNeededDefault() {
        var marked: CALayer? = nil
        var node: CALayer? = self
        while let current = node {
            if current.needsLayoutFlag { marked = current }
            node = current.superlayerReference
        }
        (marked ?? self).layoutTreeIfNeeded()
    }
}
