// Drawing the layer's content into a bitmap (`draw(in:)`) needs the raster core's CGContext.
import Foundation

extension CALayer {
    /// Renders the layer's drawn content into `contents`.
    func drawContents() {}
}
