// Decoding a peer scene's images (straight-alpha PNGs next to the scene file) into CGImages.
import Foundation
import QuartzPNG
import QuartzRaster

extension PeerScene {
    /// Every image of the scene by name; throws the PNG error that names a missing or unreadable file.
    public func loadImages() throws -> [String: CGImage] {
        var images: [String: CGImage] = [:]
        for (name, spec) in self.images {
            images[name] = try CGImage.loadPNG(atPath: directory.appendingPathComponent(spec.file).path)
        }
        return images
    }
}
