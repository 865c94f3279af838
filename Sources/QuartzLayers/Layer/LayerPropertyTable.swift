// The key → property table behind key-value coding, actions and animation: for each Apple property
// name, how to read and write it in `LayerProperties`, how it is boxed, and whether Core Animation
// gives it a built-in implicit animation (CAPG-Animatable Table B-1, spec §6.5).
import Foundation
import QuartzMath
import QuartzRaster

/// Reads and writes one property of `LayerProperties` in typed form.
struct LayerPropertyAccessor: Sendable {
    let kind: LayerValueKind
    /// True when Core Animation creates an implicit animation for a change (spec §6.5).
    let hasImplicitAnimation: Bool
    let read: @Sendable (LayerProperties) -> LayerValue
    /// Writes a value of the right case; returns false (and writes nothing) for a mismatched case.
    let write: @Sendable (inout LayerProperties, LayerValue) -> Bool

    static func scalar(
        _ path: WritableKeyPath<LayerProperties, Double> & Sendable, _ kind: LayerValueKind, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: kind, hasImplicitAnimation: animatable,
            read: { .number($0[keyPath: path]) },
            write: { properties, value in
                guard let number = value.doubleValue, number.isFinite else { return false }
                properties[keyPath: path] = number
                return true
            })
    }

    static func float(
        _ path: WritableKeyPath<LayerProperties, Float> & Sendable, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .float, hasImplicitAnimation: animatable,
            read: { .number(Double($0[keyPath: path])) },
            write: { properties, value in
                // Infinity is meaningful for repeatCount (spec §1.1); NaN never is.
                guard let number = value.doubleValue, !number.isNaN else { return false }
                properties[keyPath: path] = Float(number)
                return true
            })
    }

    static func flag(
        _ path: WritableKeyPath<LayerProperties, Bool> & Sendable, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .bool, hasImplicitAnimation: animatable,
            read: { .bool($0[keyPath: path]) },
            write: { properties, value in
                switch value {
                case .bool(let flag): properties[keyPath: path] = flag
                case .number(let number): properties[keyPath: path] = number != 0
                default: return false
                }
                return true
            })
    }

    static func point(
        _ path: WritableKeyPath<LayerProperties, CGPoint> & Sendable, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .point, hasImplicitAnimation: animatable,
            read: { .point($0[keyPath: path]) },
            write: { properties, value in
                guard case .point(let point) = value, point.x.isFinite, point.y.isFinite else { return false }
                properties[keyPath: path] = point
                return true
            })
    }

    static func size(
        _ path: WritableKeyPath<LayerProperties, CGSize> & Sendable, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .size, hasImplicitAnimation: animatable,
            read: { .size($0[keyPath: path]) },
            write: { properties, value in
                guard case .size(let size) = value, size.width.isFinite, size.height.isFinite else { return false }
                properties[keyPath: path] = size
                return true
            })
    }

    static func rect(
        _ path: WritableKeyPath<LayerProperties, CGRect> & Sendable, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .rect, hasImplicitAnimation: animatable,
            read: { .rect($0[keyPath: path]) },
            write: { properties, value in
                guard case .rect(let rect) = value, rect.origin.x.isFinite, rect.origin.y.isFinite,
                    rect.size.width.isFinite, rect.size.height.isFinite
                else { return false }
                properties[keyPath: path] = rect
                return true
            })
    }

    static func name(
        _ path: WritableKeyPath<LayerProperties, String> & Sendable
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .string, hasImplicitAnimation: false,
            read: { .string($0[keyPath: path]) },
            write: { properties, value in
                guard case .string(let string) = value else { return false }
                properties[keyPath: path] = string
                return true
            })
    }

    static func numbers(
        _ path: WritableKeyPath<LayerProperties, [Double]?> & Sendable, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .numbers, hasImplicitAnimation: animatable,
            read: { properties in properties[keyPath: path].map { .numbers($0) } ?? .null },
            write: { properties, value in
                switch value {
                case .numbers(let numbers) where numbers.allSatisfy(\.isFinite): properties[keyPath: path] = numbers
                case .null: properties[keyPath: path] = nil
                default: return false
                }
                return true
            })
    }
}

extension LayerPropertyAccessor {
    static func transform(
        _ path: WritableKeyPath<LayerProperties, CATransform3D> & Sendable, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .transform, hasImplicitAnimation: animatable,
            read: { .transform($0[keyPath: path]) },
            write: { properties, value in
                guard case .transform(let transform) = value, transform.isFinite else { return false }
                properties[keyPath: path] = transform
                return true
            })
    }

    static func color(
        _ path: WritableKeyPath<LayerProperties, CGColor?> & Sendable, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .color, hasImplicitAnimation: animatable,
            read: { properties in properties[keyPath: path].map { .color($0) } ?? .null },
            write: { properties, value in
                switch value {
                case .color(let color): properties[keyPath: path] = color
                case .null: properties[keyPath: path] = nil
                default: return false
                }
                return true
            })
    }

    static func colors(
        _ path: WritableKeyPath<LayerProperties, [CGColor]?> & Sendable, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .colors, hasImplicitAnimation: animatable,
            read: { properties in properties[keyPath: path].map { .colors($0) } ?? .null },
            write: { properties, value in
                switch value {
                case .colors(let colors): properties[keyPath: path] = colors
                case .null: properties[keyPath: path] = nil
                default: return false
                }
                return true
            })
    }

    static func cgPath(
        _ path: WritableKeyPath<LayerProperties, CGPath?> & Sendable, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .path, hasImplicitAnimation: animatable,
            read: { properties in properties[keyPath: path].map { .path($0) } ?? .null },
            write: { properties, value in
                switch value {
                case .path(let cgPath): properties[keyPath: path] = cgPath
                case .null: properties[keyPath: path] = nil
                default: return false
                }
                return true
            })
    }

    static func image(
        _ path: WritableKeyPath<LayerProperties, CGImage?> & Sendable, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .image, hasImplicitAnimation: animatable,
            read: { properties in properties[keyPath: path].map { .image($0) } ?? .null },
            write: { properties, value in
                switch value {
                case .image(let image): properties[keyPath: path] = image
                case .null: properties[keyPath: path] = nil
                default: return false
                }
                return true
            })
    }
}

/// Property tables per layer class. Subclasses add their keys to CALayer's.
enum LayerPropertyTable {
    /// CALayer's own value properties (object-valued ones such as `mask` and `sublayers` are handled by CALayer).
    static let base: [String: LayerPropertyAccessor] = [
        "bounds": .rect(\.bounds, animatable: true),
        "position": .point(\.position, animatable: true),
        "zPosition": .scalar(\.zPosition, .cgFloat, animatable: true),
        "anchorPoint": .point(\.anchorPoint, animatable: true),
        "anchorPointZ": .scalar(\.anchorPointZ, .cgFloat, animatable: true),
        "geometryFlipped": .flag(\.isGeometryFlipped, animatable: false),
        "transform": .transform(\.transform, animatable: true),
        "sublayerTransform": .transform(\.sublayerTransform, animatable: true),
        "backgroundColor": .color(\.backgroundColor, animatable: true),
        "borderColor": .color(\.borderColor, animatable: true),
        "shadowColor": .color(\.shadowColor, animatable: true),
        "shadowPath": .cgPath(\.shadowPath, animatable: true),
        // KVC reads and writes `contents` as an object (CALayer+Contents); animations use this entry.
        "contents": .image(\.contentsImage, animatable: true),
        "hidden": .flag(\.isHidden, animatable: true),
        // "doubleSided" has no implicit animation (CAPG-Animatable Table B-1).
        "doubleSided": .flag(\.isDoubleSided, animatable: false),
        "masksToBounds": .flag(\.masksToBounds, animatable: true),
        "opacity": .scalar(\.opacity, .float, animatable: true),
        "opaque": .flag(\.isOpaque, animatable: false),
        "allowsGroupOpacity": .flag(\.allowsGroupOpacity, animatable: false),
        "allowsEdgeAntialiasing": .flag(\.allowsEdgeAntialiasing, animatable: false),
        "cornerRadius": .scalar(\.cornerRadius, .cgFloat, animatable: true),
        "borderWidth": .scalar(\.borderWidth, .cgFloat, animatable: true),
        "shadowOpacity": .scalar(\.shadowOpacity, .float, animatable: true),
        "shadowOffset": .size(\.shadowOffset, animatable: true),
        "shadowRadius": .scalar(\.shadowRadius, .cgFloat, animatable: true),
        "contentsRect": .rect(\.contentsRect, animatable: true),
        "contentsCenter": .rect(\.contentsCenter, animatable: true),
        "contentsScale": .scalar(\.contentsScale, .cgFloat, animatable: true),
        "contentsGravity": .name(\.contentsGravityName),
        "rasterizationScale": .scalar(\.rasterizationScale, .cgFloat, animatable: true),
        "shouldRasterize": .flag(\.shouldRasterize, animatable: true),
        "minificationFilterBias": .scalar(\.minificationFilterBias, .float, animatable: true),
        // CAMediaTiming on layers: not animatable (spec §1.7, CAPG-Animatable).
        "beginTime": .scalar(\.timing.beginTime, .double, animatable: false),
        "duration": .scalar(\.timing.duration, .double, animatable: false),
        "speed": .float(\.timing.speed, animatable: false),
        "timeOffset": .scalar(\.timing.timeOffset, .double, animatable: false),
        "repeatCount": .float(\.timing.repeatCount, animatable: false),
        "repeatDuration": .scalar(\.timing.repeatDuration, .double, animatable: false),
        "autoreverses": .flag(\.timing.autoreverses, animatable: false),
        "fillMode": .name(\.timing.fillModeName),
    ]

    /// CAShapeLayer adds these (SDK-CAShapeLayer: fillRule, lineCap, lineJoin, lineDashPattern not animatable).
    static let shape: [String: LayerPropertyAccessor] = base.merging([
        "fillRule": .name(\.shape.fillRuleName),
        "lineCap": .name(\.shape.lineCapName),
        "lineJoin": .name(\.shape.lineJoinName),
        "lineWidth": .scalar(\.shape.lineWidth, .cgFloat, animatable: true),
        "miterLimit": .scalar(\.shape.miterLimit, .cgFloat, animatable: true),
        "lineDashPhase": .scalar(\.shape.lineDashPhase, .cgFloat, animatable: true),
        "lineDashPattern": .numbers(\.shape.lineDashPattern, animatable: false),
        "strokeStart": .scalar(\.shape.strokeStart, .cgFloat, animatable: true),
        "strokeEnd": .scalar(\.shape.strokeEnd, .cgFloat, animatable: true),
        // "although the path property is animatable, no implicit animation will be created" (SDK-CAShapeLayer).
        "path": .cgPath(\.shape.path, animatable: false),
        "fillColor": .color(\.shape.fillColor, animatable: true),
        "strokeColor": .color(\.shape.strokeColor, animatable: true),
    ]) { _, new in new }

    /// CAGradientLayer adds these (Apple: colors, locations, startPoint, endPoint animatable).
    static let gradient: [String: LayerPropertyAccessor] = base.merging([
        "locations": .numbers(\.gradient.locations, animatable: true),
        "startPoint": .point(\.gradient.startPoint, animatable: true),
        "endPoint": .point(\.gradient.endPoint, animatable: true),
        "type": .name(\.gradient.typeName),
        "colors": .colors(\.gradient.colors, animatable: true),
    ]) { _, new in new }

    /// CAReplicatorLayer adds these (Apple: instanceDelay and the offsets animatable; instanceCount not).
    static let replicator: [String: LayerPropertyAccessor] = base.merging([
        "instanceCount": .scalar(\.replicatorInstanceCountAsDouble, .int, animatable: false),
        "instanceDelay": .scalar(\.replicator.instanceDelay, .double, animatable: true),
        "instanceRedOffset": .scalar(\.replicator.instanceRedOffset, .float, animatable: true),
        "instanceGreenOffset": .scalar(\.replicator.instanceGreenOffset, .float, animatable: true),
        "instanceBlueOffset": .scalar(\.replicator.instanceBlueOffset, .float, animatable: true),
        "instanceAlphaOffset": .scalar(\.replicator.instanceAlphaOffset, .float, animatable: true),
        "preservesDepth": .flag(\.replicator.preservesDepth, animatable: false),
        "instanceTransform": .transform(\.replicator.instanceTransform, animatable: true),
        "instanceColor": .color(\.replicator.instanceColor, animatable: true),
    ]) { _, new in new }
}

extension LayerProperties {
    /// `instanceCount` through the Double accessor; out-of-range values clamp instead of trapping.
    var replicatorInstanceCountAsDouble: Double {
        get { Double(replicator.instanceCount) }
        set { replicator.instanceCount = newValue >= 1e9 ? 1_000_000_000 : newValue <= -1e9 ? -1_000_000_000 : Int(newValue) }
    }
}
