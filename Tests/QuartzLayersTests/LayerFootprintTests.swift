// What one layer costs in memory: a CALayer holds its model and committed properties, and every frame's
// snapshot holds one LayerProperties per layer, so their inline size is what a 100,000-layer scene pays per
// copy (README, "Safety": a tree of 100,000 layers fits in a few hundred MB). Out-of-line parts (transforms,
// decoration, subclass properties) are shared until written.
import Foundation
import QuartzMath
import Testing
@testable import QuartzLayers

@Suite struct LayerFootprintTests {
    @Test func layerPropertiesStayCompact() {
        let size = MemoryLayout<LayerProperties>.size
        // 272 and 728 bytes on 64-bit Linux (they were about 744 and 1,200 with everything inline).
        #expect(size <= 288, "LayerProperties grew to \(size) bytes inline")
        #expect(MemoryLayout<LayerSnapshot>.size <= 744, "LayerSnapshot grew to \(MemoryLayout<LayerSnapshot>.size) bytes")
    }

    @Test func freshLayersShareTheirOutOfLineParts() {
        let a = CALayer(), b = CALayer()
        // Unwritten parts are the shared defaults: equal values, no box of their own.
        #expect(a.modelValues.transform == CATransform3DIdentity && b.modelValues.shadowRadius == 3)
        b.shadowRadius = 10
        b.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(a.modelValues.shadowRadius == 3 && b.modelValues.shadowRadius == 10)
        #expect(a.modelValues.transform == CATransform3DIdentity)
        #expect(b.modelValues.transform.m11 == 2)
    }
}
