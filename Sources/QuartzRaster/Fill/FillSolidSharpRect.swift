// A solid, sharp-cornered, axis-aligned rectangle (the compositor's plain layer backgrounds) made ready once per
// frame, so each tile it touches costs one blend call and no shape set-up.
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1). Colours: premultiplied RGBA8
// (0xAABBGGRR). The pixels are those of FillRoundedRectCoverage(rect:cornerRadius: 0, transform:).blendSolid for
// a translate-and-uniform-scale matrix (FillAxisAlignedRoundedRect.blendSharpBlocks): the caller passes the
// device rectangle that coverage maps its rect to (`rect.standardized.applying(transform)`).

import Foundation

/// A sharp axis-aligned solid rectangle in device pixels, blended tile by tile.
public struct FillSolidSharpRect: Sendable {
    /// The rectangle's coverage geometry (radius 0).
    let shape: FillAxisAlignedRoundedRect
    /// Premultiplied colour, opacity applied.
    public let color: UInt32

    /// The rectangle with sides `device.minX`…`device.maxX`, `device.minY`…`device.maxY`; nil when they are
    /// not finite, the rectangle is empty, or a side lies beyond ±`fillMaximumDeviceCoordinate`.
    public init?(device: CGRect, color: UInt32) {
        let x0 = Double(device.minX), y0 = Double(device.minY), x1 = Double(device.maxX), y1 = Double(device.maxY)
        let limit = Double(fillMaximumDeviceCoordinate)
        guard !device.isNull, abs(x0) < limit, abs(y0) < limit, abs(x1) < limit, abs(y1) < limit, x0 < x1, y0 < y1
        else { return nil }
        shape = FillAxisAlignedRoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, radius: 0)
        self.color = color
    }

    /// The pixels the rectangle touches.
    public var pixelBounds: FillPixelBounds {
        FillPixelBounds(minX: shape.outerColumns.lowerBound, minY: shape.rows.lowerBound,
                        maxX: shape.outerColumns.upperBound, maxY: shape.rows.upperBound)
    }

    /// Source-over of the rectangle's coverage inside `region` (which lies inside `surface.bounds`).
    public func blend(in region: FillPixelBounds, into surface: FillSurfaceRows) {
        shape.blendSharpBlocks(color, region: region, surface: surface)
    }
}
