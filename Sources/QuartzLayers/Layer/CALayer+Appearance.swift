// CALayer's transform, colour and path properties (types from QuartzMath and QuartzRaster).
import Foundation
import QuartzMath
import QuartzRaster

extension CALayer {
    /// Apple: the transform applied relative to the anchor point. Animatable. Default identity.
    /// A matrix with a NaN or infinite element is ignored.
    public var transform: CATransform3D {
        get { modelValues.transform }
        set {
            guard newValue.isFinite else { return }
            setModelValue(\.transform, newValue, forKey: "transform")
        }
    }

    /// Apple: the transform applied to the sublayers about the anchor point. Animatable. Default identity.
    public var sublayerTransform: CATransform3D {
        get { modelValues.sublayerTransform }
        set {
            guard newValue.isFinite else { return }
            setModelValue(\.sublayerTransform, newValue, forKey: "sublayerTransform")
        }
    }

    /// Apple: the transform as an affine transform; identity when the transform is not affine
    /// [V: GS-tests conversion.m "the affine part of the transform"].
    public func affineTransform() -> CGAffineTransform {
        CATransform3DIsAffine(modelValues.transform) ? CATransform3DGetAffineTransform(modelValues.transform) : .identity
    }

    /// Apple: replaces the whole transform by `m` (m33 = 1 afterwards) [V: GS-tests conversion.m].
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// Animatable. Default nil.
    public var backgroundColor: CGColor? {
        get { modelValues.backgroundColor }
        set { setModelValue(\.backgroundColor, newValue, forKey: "backgroundColor") }
    }

    /// Animatable. Default opaque black.
    public var borderColor: CGColor? {
        get { modelValues.borderColor }
        set { setModelValue(\.borderColor, newValue, forKey: "borderColor") }
    }

    /// Animatable. Default opaque black.
    public var shadowColor: CGColor? {
        get { modelValues.shadowColor }
        set { setModelValue(\.shadowColor, newValue, forKey: "shadowColor") }
    }

    /// Animatable. Default nil (the shadow follows the layer's composited alpha).
    public var shadowPath: CGPath? {
        get { modelValues.shadowPath }
        set { setModelValue(\.shadowPath, newValue, forKey: "shadowPath") }
    }
}
