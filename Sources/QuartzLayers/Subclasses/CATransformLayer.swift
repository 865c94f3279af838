// CATransformLayer and CAReplicatorLayer.
import Foundation
import QuartzMath
import QuartzRaster

/// Apple: a layer that does not flatten its sublayers into its plane; only its sublayers render
/// (SDK-CATransformLayer, spec §9.3). `hitTest(_:)` on it answers from its sublayers.
open class CATransformLayer: CALayer {
    override class var snapshotKind: LayerSnapshotKind { .transform }
}

/// Apple: a layer that draws `instanceCount` copies of its sublayers, each with `instanceTransform`,
/// colour offsets and a time delay applied once more than the previous one.
open class CAReplicatorLayer: CALayer {
    /// The most instances drawn per replicator (Apple sets no limit; this bounds the work for absurd
    /// counts). A larger `instanceCount` draws the first this many; scene files say so in a warning.
    public static let maximumDrawnInstanceCount = 4_096
    override class var snapshotKind: LayerSnapshotKind { .replicator }
    override class var propertyTable: [String: LayerPropertyAccessor] { LayerPropertyTable.replicator }


    /// Default 1; negative counts draw nothing.
    open var instanceCount: Int {
        get { modelValues.replicator.instanceCount }
        set { setModelValue(\.replicator.instanceCount, newValue, forKey: "instanceCount") }
    }
    /// Animatable. Default 0.
    open var instanceDelay: CFTimeInterval {
        get { modelValues.replicator.instanceDelay }
        set { setFiniteScalar(\.replicator.instanceDelay, newValue, forKey: "instanceDelay") }
    }
    /// Animatable. Default identity.
    open var instanceTransform: CATransform3D {
        get { modelValues.replicator.instanceTransform }
        set {
            guard newValue.isFinite else { return }
            setModelValue(\.replicator.instanceTransform, newValue, forKey: "instanceTransform")
        }
    }
    /// Animatable. Default opaque white.
    open var instanceColor: CGColor? {
        get { modelValues.replicator.instanceColor }
        set { setModelValue(\.replicator.instanceColor, newValue, forKey: "instanceColor") }
    }
    /// Animatable. Default 0.
    open var instanceRedOffset: Float {
        get { Float(modelValues.replicator.instanceRedOffset) }
        set { setFiniteScalar(\.replicator.instanceRedOffset, Double(newValue), forKey: "instanceRedOffset") }
    }
    open var instanceGreenOffset: Float {
        get { Float(modelValues.replicator.instanceGreenOffset) }
        set { setFiniteScalar(\.replicator.instanceGreenOffset, Double(newValue), forKey: "instanceGreenOffset") }
    }
    open var instanceBlueOffset: Float {
        get { Float(modelValues.replicator.instanceBlueOffset) }
        set { setFiniteScalar(\.replicator.instanceBlueOffset, Double(newValue), forKey: "instanceBlueOffset") }
    }
    open var instanceAlphaOffset: Float {
        get { Float(modelValues.replicator.instanceAlphaOffset) }
        set { setFiniteScalar(\.replicator.instanceAlphaOffset, Double(newValue), forKey: "instanceAlphaOffset") }
    }
    /// Default false.
    open var preservesDepth: Bool {
        get { modelValues.replicator.preservesDepth }
        set { setModelValue(\.replicator.preservesDepth, newValue, forKey: "preservesDepth") }
    }
}
