// The key → property table behind key-value coding, actions and animation: for each Apple property
// name, how to read and write it in `LayerProperties`, how it is boxed, and whether Core Animation
// gives it a built-in implicit animation (CAPG-Animatable Table B-1, spec §6.5).
import Foundation
import QuartzMath
import QuartzRaster

/// Property tables per layer class. Subclasses add their keys to CALayer's.
enum LayerPropertyTable {
    /// CALayer's own value properties (object-valued ones such as `mask` and `sublayers` are handled by CALayer).
    static let base: [String: LayerPropertyAccessor] = [
        "bounds": .rect({ $0.bounds }, { $0.bounds = $1 }, animatable: true),
        "position": .point({ $0.position }, { $0.position = $1 }, animatable: true),
        "zPosition": .scalar({ $0.zPosition }, { $0.zPosition = $1 }, .cgFloat, animatable: true),
        "anchorPoint": .point({ $0.anchorPoint }, { $0.anchorPoint = $1 }, animatable: true),
        "anchorPointZ": .scalar({ $0.anchorPointZ }, { $0.anchorPointZ = $1 }, .cgFloat, animatable: true),
        "geometryFlipped": .flag({ $0.isGeometryFlipped }, { $0.isGeometryFlipped = $1 }, animatable: false),
        "transform": .transform({ $0.transform }, { $0.transform = $1 }, animatable: true),
        "sublayerTransform": .transform({ $0.sublayerTransform }, { $0.sublayerTransform = $1 }, animatable: true),
        "backgroundColor": .color({ $0.backgroundColor }, { $0.backgroundColor = $1 }, animatable: true),
        "borderColor": .color({ $0.borderColor }, { $0.borderColor = $1 }, animatable: true),
        "shadowColor": .color({ $0.shadowColor }, { $0.shadowColor = $1 }, animatable: true),
        "shadowPath": .cgPath({ $0.shadowPath }, { $0.shadowPath = $1 }, animatable: true),
        // KVC reads and writes `contents` as an object (CALayer+Contents); animations use this entry.
        "contents": .image({ $0.contentsImage }, { $0.contentsImage = $1 }, animatable: true),
        "hidden": .flag({ $0.isHidden }, { $0.isHidden = $1 }, animatable: true),
        // "doubleSided" has no implicit animation (CAPG-Animatable Table B-1).
        "doubleSided": .flag({ $0.isDoubleSided }, { $0.isDoubleSided = $1 }, animatable: false),
        "masksToBounds": .flag({ $0.masksToBounds }, { $0.masksToBounds = $1 }, animatable: true),
        "opacity": .scalar({ $0.opacity }, { $0.opacity = $1 }, .float, animatable: true),
        "opaque": .flag({ $0.isOpaque }, { $0.isOpaque = $1 }, animatable: false),
        "allowsGroupOpacity": .flag({ $0.allowsGroupOpacity }, { $0.allowsGroupOpacity = $1 }, animatable: false),
        "allowsEdgeAntialiasing": .flag({ $0.allowsEdgeAntialiasing }, { $0.allowsEdgeAntialiasing = $1 }, animatable: false),
        "cornerRadius": .scalar({ $0.cornerRadius }, { $0.cornerRadius = $1 }, .cgFloat, animatable: true),
        "borderWidth": .scalar({ $0.borderWidth }, { $0.borderWidth = $1 }, .cgFloat, animatable: true),
        "shadowOpacity": .scalar({ $0.shadowOpacity }, { $0.shadowOpacity = $1 }, .float, animatable: true),
        "shadowOffset": .size({ $0.shadowOffset }, { $0.shadowOffset = $1 }, animatable: true),
        "shadowRadius": .scalar({ $0.shadowRadius }, { $0.shadowRadius = $1 }, .cgFloat, animatable: true),
        "contentsRect": .rect({ $0.contentsRect }, { $0.contentsRect = $1 }, animatable: true),
        "contentsCenter": .rect({ $0.contentsCenter }, { $0.contentsCenter = $1 }, animatable: true),
        "contentsScale": .scalar({ $0.contentsScale }, { $0.contentsScale = $1 }, .cgFloat, animatable: true),
        "contentsGravity": .name({ $0.contentsGravityName }, { $0.contentsGravityName = $1 }),
        "rasterizationScale": .scalar({ $0.rasterizationScale }, { $0.rasterizationScale = $1 }, .cgFloat, animatable: true),
        "shouldRasterize": .flag({ $0.shouldRasterize }, { $0.shouldRasterize = $1 }, animatable: true),
        "magnificationFilter": .name({ $0.magnificationFilterName }, { $0.magnificationFilterName = $1 }),
        "minificationFilter": .name({ $0.minificationFilterName }, { $0.minificationFilterName = $1 }),
        "minificationFilterBias": .scalar({ $0.minificationFilterBias }, { $0.minificationFilterBias = $1 }, .float, animatable: true),
        // CAMediaTiming on layers: not animatable (spec §1.7, CAPG-Animatable).
        "beginTime": .scalar({ $0.timing.beginTime }, { $0.timing.beginTime = $1 }, .double, animatable: false),
        "duration": .scalar({ $0.timing.duration }, { $0.timing.duration = $1 }, .double, animatable: false),
        "speed": .float({ $0.timing.speed }, { $0.timing.speed = $1 }, animatable: false),
        "timeOffset": .scalar({ $0.timing.timeOffset }, { $0.timing.timeOffset = $1 }, .double, animatable: false),
        "repeatCount": .float({ $0.timing.repeatCount }, { $0.timing.repeatCount = $1 }, animatable: false),
        "repeatDuration": .scalar({ $0.timing.repeatDuration }, { $0.timing.repeatDuration = $1 }, .double, animatable: false),
        "autoreverses": .flag({ $0.timing.autoreverses }, { $0.timing.autoreverses = $1 }, animatable: false),
        "fillMode": .name({ $0.timing.fillModeName }, { $0.timing.fillModeName = $1 }),
    ]

    /// CAShapeLayer adds these (SDK-CAShapeLayer: fillRule, lineCap, lineJoin, lineDashPattern not animatable).
    static let shape: [String: LayerPropertyAccessor] = base.merging([
        "fillRule": .name({ $0.shape.fillRuleName }, { $0.shape.fillRuleName = $1 }),
        "lineCap": .name({ $0.shape.lineCapName }, { $0.shape.lineCapName = $1 }),
        "lineJoin": .name({ $0.shape.lineJoinName }, { $0.shape.lineJoinName = $1 }),
        "lineWidth": .scalar({ $0.shape.lineWidth }, { $0.shape.lineWidth = $1 }, .cgFloat, animatable: true),
        "miterLimit": .scalar({ $0.shape.miterLimit }, { $0.shape.miterLimit = $1 }, .cgFloat, animatable: true),
        "lineDashPhase": .scalar({ $0.shape.lineDashPhase }, { $0.shape.lineDashPhase = $1 }, .cgFloat, animatable: true),
        "lineDashPattern": .numbers({ $0.shape.lineDashPattern }, { $0.shape.lineDashPattern = $1 }, animatable: false),
        "strokeStart": .scalar({ $0.shape.strokeStart }, { $0.shape.strokeStart = $1 }, .cgFloat, animatable: true),
        "strokeEnd": .scalar({ $0.shape.strokeEnd }, { $0.shape.strokeEnd = $1 }, .cgFloat, animatable: true),
        // "although the path property is animatable, no implicit animation will be created" (SDK-CAShapeLayer).
        "path": .cgPath({ $0.shape.path }, { $0.shape.path = $1 }, animatable: false),
        "fillColor": .color({ $0.shape.fillColor }, { $0.shape.fillColor = $1 }, animatable: true),
        "strokeColor": .color({ $0.shape.strokeColor }, { $0.shape.strokeColor = $1 }, animatable: true),
    ]) { _, new in new }

    /// CAGradientLayer adds these (Apple: colors, locations, startPoint, endPoint animatable).
    static let gradient: [String: LayerPropertyAccessor] = base.merging([
        "locations": .numbers({ $0.gradient.locations }, { $0.gradient.locations = $1 }, animatable: true),
        "startPoint": .point({ $0.gradient.startPoint }, { $0.gradient.startPoint = $1 }, animatable: true),
        "endPoint": .point({ $0.gradient.endPoint }, { $0.gradient.endPoint = $1 }, animatable: true),
        "type": .name({ $0.gradient.typeName }, { $0.gradient.typeName = $1 }),
        "colors": .colors({ $0.gradient.colors }, { $0.gradient.colors = $1 }, animatable: true),
    ]) { _, new in new }

    /// CAReplicatorLayer adds these (Apple: instanceDelay and the offsets animatable; instanceCount not).
    static let replicator: [String: LayerPropertyAccessor] = base.merging([
        "instanceCount": .scalar({ $0.replicatorInstanceCountAsDouble }, { $0.replicatorInstanceCountAsDouble = $1 }, .int, animatable: false),
        "instanceDelay": .scalar({ $0.replicator.instanceDelay }, { $0.replicator.instanceDelay = $1 }, .double, animatable: true),
        "instanceRedOffset": .scalar({ $0.replicator.instanceRedOffset }, { $0.replicator.instanceRedOffset = $1 }, .float, animatable: true),
        "instanceGreenOffset": .scalar({ $0.replicator.instanceGreenOffset }, { $0.replicator.instanceGreenOffset = $1 }, .float, animatable: true),
        "instanceBlueOffset": .scalar({ $0.replicator.instanceBlueOffset }, { $0.replicator.instanceBlueOffset = $1 }, .float, animatable: true),
        "instanceAlphaOffset": .scalar({ $0.replicator.instanceAlphaOffset }, { $0.replicator.instanceAlphaOffset = $1 }, .float, animatable: true),
        "preservesDepth": .flag({ $0.replicator.preservesDepth }, { $0.replicator.preservesDepth = $1 }, animatable: false),
        "instanceTransform": .transform({ $0.replicator.instanceTransform }, { $0.replicator.instanceTransform = $1 }, animatable: true),
        "instanceColor": .color({ $0.replicator.instanceColor }, { $0.replicator.instanceColor = $1 }, animatable: true),
    ]) { _, new in new }
}

extension LayerPropertyTable {
    /// CATextLayer adds these (Apple: fontSize and foregroundColor animatable; `string` and `font` are
    /// object values handled by CALayer's KVC, CALayer+KeyValueCoding.swift).
    static let text: [String: LayerPropertyAccessor] = base.merging([
        "fontSize": .scalar({ $0.text.fontSize }, { $0.text.fontSize = $1 }, .cgFloat, animatable: true),
        "foregroundColor": .color({ $0.text.foregroundColor }, { $0.text.foregroundColor = $1 }, animatable: true),
        "wrapped": .flag({ $0.text.isWrapped }, { $0.text.isWrapped = $1 }, animatable: false),
        "truncationMode": .name({ $0.text.truncationModeName }, { $0.text.truncationModeName = $1 }),
        "alignmentMode": .name({ $0.text.alignmentModeName }, { $0.text.alignmentModeName = $1 }),
        "allowsFontSubpixelQuantization": .flag(
            { $0.text.allowsFontSubpixelQuantization }, { $0.text.allowsFontSubpixelQuantization = $1 }, animatable: false),
    ]) { _, new in new }
}

extension LayerProperties {
    /// `instanceCount` through the Double accessor; out-of-range values clamp instead of trapping.
    var replicatorInstanceCountAsDouble: Double {
        get { Double(replicator.instanceCount) }
        set { replicator.instanceCount = newValue >= 1e9 ? 1_000_000_000 : newValue <= -1e9 ? -1_000_000_000 : Int(newValue) }
    }
}
