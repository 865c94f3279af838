// Where each kind of coverage can be non-zero, so compositing, shadows and layers only visit and allocate
// for the pixels a shape can touch. Coordinate space: raster pixels of the context (y down).

/// A coverage source that knows a pixel rectangle outside which it has no coverage.
protocol ContextCoverage: FillCoverageSource {
    var extent: FillPixelBounds { get }
}

extension FillRectCoverage: ContextCoverage {
    var extent: FillPixelBounds {
        guard minX < maxX, minY < maxY else { return FillPixelBounds(minX: 0, minY: 0, maxX: 0, maxY: 0) }
        // FillPixelBounds clamps to 0…fillMaximumDeviceCoordinate, so ±1e30 sides are safe once clamped here.
        let limit = Double(fillMaximumDeviceCoordinate)
        func clamp(_ v: Double) -> Int { Int(min(max(v, -1), limit + 1)) }
        return FillPixelBounds(
            minX: clamp(minX.rounded(.down)), minY: clamp(minY.rounded(.down)),
            maxX: clamp(maxX.rounded(.up)), maxY: clamp(maxY.rounded(.up)))
    }
}

extension FillPathCoverage: ContextCoverage {
    /// The occupied tiles (rows right of a path's edges carry winding, so whole occupied tiles count).
    var extent: FillPixelBounds {
        if occupiedColumns.isEmpty || occupiedRows.isEmpty { return FillPixelBounds(minX: 0, minY: 0, maxX: 0, maxY: 0) }
        let first = grid.pixelBounds(column: occupiedColumns.lowerBound, row: occupiedRows.lowerBound)
        let last = grid.pixelBounds(column: occupiedColumns.upperBound - 1, row: occupiedRows.upperBound - 1)
        return FillPixelBounds(minX: first.minX, minY: first.minY, maxX: last.maxX, maxY: last.maxY)
    }
}

extension ContextMaskCoverage: ContextCoverage {
    var extent: FillPixelBounds { footprint }
}

extension ContextShapeCoverage: ContextCoverage {
    var extent: FillPixelBounds {
        switch self {
        case .rect(let r): return r.extent
        case .path(let p): return p.extent
        case .aliased(let a): return a.extent
        }
    }
}
