// CALayer defaults, geometry-derived frame, the tree, and key-value coding (spec §6.5, §9.2, §2.4 KVC rows).
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

@Suite("CALayer properties, tree and key-value coding")
struct LayerPropertyTests {
    /// Apple-verified defaults of a fresh layer [V: GS-tests geometry.m `defaults`], spec §6.5 table.
    @Test func freshLayerHasAppleDefaults() {
        let layer = CALayer()
        #expect(layer.bounds == .zero)
        #expect(layer.position == .zero)
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(layer.anchorPointZ == 0)
        #expect(layer.zPosition == 0)
        #expect(!layer.masksToBounds && !layer.isGeometryFlipped && !layer.isHidden)
        #expect(CATransform3DIsIdentity(layer.transform) && CATransform3DIsIdentity(layer.sublayerTransform))
        #expect(layer.superlayer == nil && layer.sublayers == nil)
        #expect(layer.opacity == 1)
        #expect(layer.isDoubleSided)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(layer.shadowRadius == 3 && layer.shadowOpacity == 0)
        #expect(layer.borderColor == CGColor.black && layer.shadowColor == CGColor.black)
        #expect(layer.backgroundColor == nil)
        #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.contentsGravity == .resize && layer.contentsScale == 1)
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
    }

    /// `+defaultValueForKey:` is non-nil for anchorPoint, nil for bounds/position/frame [V: GS-tests geometry.m].
    @Test func classDefaultValues() {
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "bounds") == nil)
        #expect(CALayer.defaultValue(forKey: "position") == nil)
        #expect(CALayer.defaultValue(forKey: "frame") == nil)
    }

    /// Frame from position/anchor/bounds and the setter's inverse (spec §9.2: frame (10,20,100,50) → position (60,45)).
    @Test func frameRoundTrip() {
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(layer.position == CGPoint(x: 60, y: 45))
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(layer.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        // With a transform the frame is the bounding box: scale (2,4) of 100×50 at (200,300) (spec §9.2).
        let scaled = CALayer()
        scaled.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        scaled.position = CGPoint(x: 200, y: 300)
        scaled.transform = CATransform3DMakeScale(2, 4, 1)
        #expect(scaled.frame == CGRect(x: 100, y: 200, width: 200, height: 200))
    }

    /// affineTransform() is the identity for a non-affine transform; setAffineTransform replaces it [V: GS-tests conversion.m].
    @Test func affineTransformAccessors() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeRotation(0.5, 1, 0, 0)
        #expect(layer.affineTransform() == .identity)
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 3))
        #expect(layer.transform.m11 == 2 && layer.transform.m22 == 3 && layer.transform.m33 == 1)
        #expect(layer.affineTransform() == CGAffineTransform(scaleX: 2, y: 3))
    }

    /// Non-finite input is ignored, never stored (house rule: bad input is skipped safely).
    @Test func nonFiniteValuesAreIgnored() {
        let layer = CALayer()
        layer.position = CGPoint(x: 1, y: 2)
        layer.position = CGPoint(x: CGFloat.nan, y: 0)
        layer.opacity = .infinity
        layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
        #expect(layer.position == CGPoint(x: 1, y: 2))
        #expect(layer.opacity == 1)
        #expect(layer.bounds == .zero)
    }

    /// Sublayers are back to front; insert/replace/remove keep superlayer links (SDK-CALayer).
    @Test func treeOperations() {
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, at: 0)
        #expect(root.sublayers?.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
        root.insertSublayer(d, above: c)
        #expect(root.sublayers?.map { ObjectIdentifier($0) } == [c, d, a, b].map { ObjectIdentifier($0) })
        root.insertSublayer(c, above: a)  // moving within the same parent
        #expect(root.sublayers?.map { ObjectIdentifier($0) } == [d, a, c, b].map { ObjectIdentifier($0) })
        root.insertSublayer(b, below: d)
        #expect(root.sublayers?.map { ObjectIdentifier($0) } == [b, d, a, c].map { ObjectIdentifier($0) })
        let e = CALayer()
        root.replaceSublayer(a, with: e)
        #expect(a.superlayer == nil && e.superlayer === root)
        #expect(root.sublayers?.map { ObjectIdentifier($0) } == [b, d, e, c].map { ObjectIdentifier($0) })
        c.removeFromSuperlayer()
        #expect(root.sublayers?.count == 3 && c.superlayer == nil)
        // Moving a layer to another parent detaches it first.
        let other = CALayer()
        other.addSublayer(b)
        #expect(b.superlayer === other && root.sublayers?.count == 2)
        root.sublayers = nil
        #expect(root.sublayers == nil && d.superlayer == nil)
    }

    /// A layer can never become its own ancestor: such edits are ignored instead of building a cycle.
    @Test func cyclesAreRefused() {
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        child.addSublayer(root)
        root.addSublayer(root)
        #expect(root.superlayer == nil && child.sublayers == nil)
        child.mask = root
        #expect(child.mask == nil)
    }

    /// A mask has no superlayer; a layer with a superlayer cannot be a mask (SDK-CALayer `mask`).
    @Test func maskRules() {
        let layer = CALayer(), maskLayer = CALayer(), sub = CALayer()
        layer.addSublayer(sub)
        layer.mask = sub
        #expect(layer.mask == nil)
        layer.mask = maskLayer
        #expect(layer.mask === maskLayer && maskLayer.superlayer == nil)
        maskLayer.removeFromSuperlayer()
        #expect(layer.mask == nil)
    }

    /// KVC by key and by structure key path (CAPG-KVC "Key Path Support for Structures").
    @Test func keyValueCodingStructures() {
        let layer = CALayer()
        layer.setValue(CGPoint(x: 3, y: 4), forKey: "position")
        #expect(layer.position == CGPoint(x: 3, y: 4))
        layer.setValue(7, forKeyPath: "position.x")
        #expect(layer.position == CGPoint(x: 7, y: 4))
        layer.setValue(CGFloat(120), forKeyPath: "bounds.size.width")
        layer.setValue(Float(30), forKeyPath: "bounds.origin.y")
        #expect(layer.bounds == CGRect(x: 0, y: 30, width: 120, height: 0))
        #expect(layer.value(forKeyPath: "bounds.size.width") as? CGFloat == 120)
        #expect(layer.value(forKeyPath: "bounds.origin") as? CGPoint == CGPoint(x: 0, y: 30))
        #expect(layer.value(forKey: "opacity") as? Float == 1)
        layer.setValue(0.5, forKey: "opacity")
        #expect(layer.opacity == 0.5)
        #expect(layer.value(forKey: "frame") as? CGRect == layer.frame)
    }

    /// Transform virtual key paths read and write one component (spec §4.1; vector key_path_read).
    @Test func keyValueCodingTransformPaths() throws {
        let layer = CALayer()
        layer.setValue(Double.pi / 2, forKeyPath: "transform.rotation.z")
        let angle = try #require(layer.value(forKeyPath: "transform.rotation") as? CGFloat)
        #expect(abs(angle - .pi / 2) < 1e-12)
        layer.setValue(2, forKeyPath: "transform.scale.x")
        let scaleX = try #require(layer.value(forKeyPath: "transform.scale.x") as? CGFloat)
        #expect(abs(scaleX - 2) < 1e-12)
        // Rotation kept while scale was written.
        let angleAfter = try #require(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(abs(angleAfter - .pi / 2) < 1e-12)
        layer.setValue(CGSize(width: 5, height: 6), forKeyPath: "transform.translation")
        #expect(layer.transform.m41 == 5 && layer.transform.m42 == 6)
    }

    /// Unknown keys are stored as custom keys (Apple's CALayer accepts any key); bad paths give clear errors.
    @Test func keyValueCodingDiagnostics() {
        let layer = CALayer()
        layer.setValue("tag", forKey: "myCustomKey")
        #expect(layer.value(forKey: "myCustomKey") as? String == "tag")
        #expect(layer.value(forKeyPath: "position.z") == nil)
        #expect(throws: LayerKeyPathError.noSuchField(keyPath: "position.z", property: "position")) {
            try layer.checkedValue(forKeyPath: "position.z")
        }
        #expect(throws: LayerKeyPathError.malformedKeyPath("position..x")) {
            try layer.checkedSetValue(1, forKeyPath: "position..x")
        }
        #expect(throws: LayerKeyPathError.notAStructure(keyPath: "unknown.x", key: "unknown")) {
            try layer.checkedSetValue(1, forKeyPath: "unknown.x")
        }
        #expect(throws: LayerKeyPathError.self) { try layer.checkedSetValue("a string", forKeyPath: "position") }
        #expect(throws: LayerKeyPathError.readOnly("superlayer")) { try layer.checkedSetValue(nil, forKeyPath: "superlayer") }
        layer.setValue("not a point", forKey: "position")
        #expect(layer.position == .zero)
        let error = LayerKeyPathError.noSuchField(keyPath: "position.z", property: "position")
        #expect(error.description.contains("position.z"))
    }
}
