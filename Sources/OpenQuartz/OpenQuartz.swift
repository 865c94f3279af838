// The umbrella module users import: Apple's QuartzCore and Core Graphics names, one import.
@_exported import Foundation
@_exported import QuartzMath
@_exported import QuartzRaster
@_exported import QuartzPNG
@_exported import QuartzText
@_exported import QuartzLayers
@_exported import QuartzCompositor
@_exported import QuartzScene
@_exported import QuartzLottie
