// CALayer.compositingFilter names → CGBlendMode. Apple's layer takes a Core Image filter ("A CoreImage filter
// used to composite the layer and the content behind it", SDK-CALayer); on macOS the blend filters are
// named by CIFilter (Core Image Filter Reference, CICategoryCompositeOperation), which is what apps pass as
// strings. Unknown names composite normally [U: Apple ignores filters it cannot create].
import Foundation
import QuartzRaster

package enum LayerCompositingFilter {
    /// The blend mode a compositing-filter name stands for; `.normal` for nil or an unknown name.
    package static func blendMode(named name: String?) -> CGBlendMode {
        guard let name else { return .normal }
        return modes[name] ?? .normal
    }

    /// Core Image's composite-operation filter names (with or without the "CI" prefix apps often drop).
    static let modes: [String: CGBlendMode] = {
        let base: [String: CGBlendMode] = [
            "multiplyBlendMode": .multiply, "screenBlendMode": .screen, "overlayBlendMode": .overlay,
            "darkenBlendMode": .darken, "lightenBlendMode": .lighten, "colorDodgeBlendMode": .colorDodge,
            "colorBurnBlendMode": .colorBurn, "softLightBlendMode": .softLight, "hardLightBlendMode": .hardLight,
            "differenceBlendMode": .difference, "exclusionBlendMode": .exclusion, "hueBlendMode": .hue,
            "saturationBlendMode": .saturation, "colorBlendMode": .color, "luminosityBlendMode": .luminosity,
            "sourceOverCompositing": .normal, "sourceInCompositing": .sourceIn, "sourceOutCompositing": .sourceOut,
            "sourceAtopCompositing": .sourceAtop, "additionCompositing": .plusLighter,
            "minimumCompositing": .darken, "maximumCompositing": .lighten,
        ]
        var all = base
        for (name, mode) in base {
            all["CI" + name.prefix(1).uppercased() + name.dropFirst()] = mode
        }
        return all
    }()
}
