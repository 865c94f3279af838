// The transforms and the decoration of a layer read and written as if they were stored inline: each forwards
// into its copy-on-write box (LayerProperties.transformStorage, .decorationStorage), so key paths, the property
// table and every caller keep using `properties.transform`, `properties.shadowRadius`, ….
import Foundation
import QuartzMath
import QuartzRaster

extension LayerProperties {
    var transform: CATransform3D {
        get { transformStorage.value.transform }
        _modify { yield &transformStorage.value.transform }
    }
    var sublayerTransform: CATransform3D {
        get { transformStorage.value.sublayerTransform }
        _modify { yield &transformStorage.value.sublayerTransform }
    }
    var allowsEdgeAntialiasing: Bool {
        get { decorationStorage.value.allowsEdgeAntialiasing }
        _modify { yield &decorationStorage.value.allowsEdgeAntialiasing }
    }
    var maskedCornersRawValue: UInt {
        get { decorationStorage.value.maskedCornersRawValue }
        _modify { yield &decorationStorage.value.maskedCornersRawValue }
    }
    var borderWidth: Double {
        get { decorationStorage.value.borderWidth }
        _modify { yield &decorationStorage.value.borderWidth }
    }
    var shadowOpacity: Double {
        get { decorationStorage.value.shadowOpacity }
        _modify { yield &decorationStorage.value.shadowOpacity }
    }
    var shadowOffset: CGSize {
        get { decorationStorage.value.shadowOffset }
        _modify { yield &decorationStorage.value.shadowOffset }
    }
    var shadowRadius: Double {
        get { decorationStorage.value.shadowRadius }
        _modify { yield &decorationStorage.value.shadowRadius }
    }
    var borderColor: CGColor? {
        get { decorationStorage.value.borderColor }
        _modify { yield &decorationStorage.value.borderColor }
    }
    var shadowColor: CGColor? {
        get { decorationStorage.value.shadowColor }
        _modify { yield &decorationStorage.value.shadowColor }
    }
    var shadowPath: CGPath? {
        get { decorationStorage.value.shadowPath }
        _modify { yield &decorationStorage.value.shadowPath }
    }
    var contentsRect: CGRect {
        get { decorationStorage.value.contentsRect }
        _modify { yield &decorationStorage.value.contentsRect }
    }
    var contentsCenter: CGRect {
        get { decorationStorage.value.contentsCenter }
        _modify { yield &decorationStorage.value.contentsCenter }
    }
    var contentsScale: Double {
        get { decorationStorage.value.contentsScale }
        _modify { yield &decorationStorage.value.contentsScale }
    }
    var contentsGravityName: String {
        get { decorationStorage.value.contentsGravityName }
        _modify { yield &decorationStorage.value.contentsGravityName }
    }
    var rasterizationScale: Double {
        get { decorationStorage.value.rasterizationScale }
        _modify { yield &decorationStorage.value.rasterizationScale }
    }
    var shouldRasterize: Bool {
        get { decorationStorage.value.shouldRasterize }
        _modify { yield &decorationStorage.value.shouldRasterize }
    }
    var minificationFilterBias: Double {
        get { decorationStorage.value.minificationFilterBias }
        _modify { yield &decorationStorage.value.minificationFilterBias }
    }
    var magnificationFilterName: String {
        get { decorationStorage.value.magnificationFilterName }
        _modify { yield &decorationStorage.value.magnificationFilterName }
    }
    var minificationFilterName: String {
        get { decorationStorage.value.minificationFilterName }
        _modify { yield &decorationStorage.value.minificationFilterName }
    }
}
