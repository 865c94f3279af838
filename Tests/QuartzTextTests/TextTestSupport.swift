// Fonts the text tests use: DejaVu from fonts-dejavu-core (installed by .ci/run), never committed.
import Foundation
import QuartzRaster
@testable import QuartzText

enum TestFonts {
    static let directory = "/usr/share/fonts/truetype/dejavu"
    static let sansPath = "\(directory)/DejaVuSans.ttf"
    static let sansBoldPath = "\(directory)/DejaVuSans-Bold.ttf"
    static let monoPath = "\(directory)/DejaVuSansMono.ttf"

    static var sans: FontFace { try! FontLibrary.shared.face(atPath: sansPath).0 }
    static var mono: FontFace { try! FontLibrary.shared.face(atPath: monoPath).0 }

    static func style(_ face: FontFace = sans, size: Double = 20, color: CGColor? = .black) -> TextRunStyle {
        TextRunStyle(face: face, size: size, color: color)
    }

    static func layout(_ string: String, size: Double = 20, face: FontFace = sans, width: Double = .infinity,
                       height: Double = .infinity, wrapped: Bool = false, truncation: TextTruncation = .none,
                       alignment: TextAlignment = .natural) -> TextLayout {
        TextLayout(text: StyledText(string, style: style(face, size: size)),
                   options: TextLayoutOptions(width: width, height: height, isWrapped: wrapped, truncation: truncation,
                                              alignment: alignment))
    }
}
