// Drawing the layer's content (`display()` without a delegate `display(_:)`): a bitmap CGContext of
// ceil(bounds.size × contentsScale) pixels, user space = the layer's bounds space with y down (iOS), whose
// image becomes `contents`. The raster CGContext's device space is y up, hence the flip in the CTM.
import Foundation
import QuartzRaster

extension CALayer {
    /// Renders `draw(in:)` into a new backing image and stores it as `contents` (no action runs: the
    /// backing store is not an animated property change). Empty or oversized bounds draw nothing and
    /// clear the contents.
    func drawContents() {
        let scale = modelValues.contentsScale > 0 ? modelValues.contentsScale : 1
        let bounds = modelValues.bounds.standardized
        let pixelWidth = (Double(bounds.width) * scale).rounded(.up)
        let pixelHeight = (Double(bounds.height) * scale).rounded(.up)
        guard pixelWidth >= 1, pixelHeight >= 1, pixelWidth * pixelHeight <= Double(CGContext.maximumPixelCount),
            let space = CGColorSpace(name: CGColorSpace.sRGB),
            // `unsafe`: only the nil `data` pointer is involved, so the context owns and bounds its memory.
            let ctx = unsafe CGContext(
                data: nil, width: Int(pixelWidth), height: Int(pixelHeight), bitsPerComponent: 8, bytesPerRow: 0,
                space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else {
            storeBackingImage(nil)
            return
        }
        ctx.translateBy(x: 0, y: CGFloat(pixelHeight))
        ctx.scaleBy(x: CGFloat(scale), y: CGFloat(-scale))
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        draw(in: ctx)
        storeBackingImage(ctx.makeImage())
    }

    private func storeBackingImage(_ image: CGImage?) {
        contentsObject = image
        modelValues.contentsImage = image
        noteStructuralChange()
    }
}
