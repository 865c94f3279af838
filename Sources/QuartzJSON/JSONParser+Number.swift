// JSON numbers, checked against the grammar and converted correctly rounded. Most literals in scene and
// Lottie files have at most 15 significant digits and a small exponent; those are exact as one
// multiplication or division of two exactly representable doubles (Clinger's fast path). The rest go to the
// standard library's correctly rounded conversion.

extension JSONParser {
    /// Powers of ten that a Double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { power in
        var value = 1.0
        for _ in 0..<power { value *= 10 }
        return value
    }

    /// The number that starts at the reader (a sign or a digit); leaves the reader after it.
    mutating func number() throws(JSONReadError) -> Double {
        let start = index
        let negative = consume(UInt8(ascii: "-"))
        var significand: UInt64 = 0, significantDigits = 0, decimalExponent = 0

        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        /// Adds the digit at the reader to the significand; past 19 digits only the exponent moves.
        func take(_ digit: UInt8, fractional: Bool, into significand: inout UInt64, _ digits: inout Int, _ exponent: inout Int) {
            let value = UInt64(digit &- 0x30)
            if significand == 0, value == 0 {
                if fractional { exponent -= 1 }
                return
            }
            if digits < 19 {
                significand = significand &* 10 &+ value
                digits += 1
                if fractional { exponent -= 1 }
            } else {
                digits += 1
                if !fractional { exponent += 1 }
            }
        }

        guard isDigit(index) else {
            throw fail(index < bytes.count ? .invalidNumber : .unexpectedEnd, "a number needs a digit after its sign, found \(describeByte())")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { throw fail(.invalidNumber, "a number may not have a leading zero", at: start) }
        } else {
            while isDigit(index) {
                take(bytes[index], fractional: false, into: &significand, &significantDigits, &decimalExponent)
                index += 1
            }
        }
        if consume(UInt8(ascii: ".")) {
            guard isDigit(index) else { throw fail(.invalidNumber, "a number needs a digit after its decimal point, found \(describeByte())") }
            while isDigit(index) {
                take(bytes[index], fractional: true, into: &significand, &significantDigits, &decimalExponent)
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            let negativeExponent = consume(UInt8(ascii: "-"))
            if !negativeExponent { _ = consume(UInt8(ascii: "+")) }
            guard isDigit(index) else { throw fail(.invalidNumber, "a number needs a digit in its exponent, found \(describeByte())") }
            var exponent = 0
            while isDigit(index) {
                exponent = min(exponent * 10 + Int(bytes[index] - 0x30), 1_000_000)
                index += 1
            }
            decimalExponent += negativeExponent ? -exponent : exponent
        }

        let magnitude: Double
        if significand == 0 {
            magnitude = 0
        } else if significantDigits <= 15, abs(decimalExponent) <= 22 {
            let exact = Double(significand)
            magnitude = decimalExponent >= 0 ? exact * Self.exactPowersOfTen[decimalExponent] : exact / Self.exactPowersOfTen[-decimalExponent]
        } else {
            let literal = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let converted = Double(literal) else {
                throw fail(.invalidNumber, "the number \(literal) cannot be read", at: start)
            }
            magnitude = abs(converted)
        }
        guard magnitude.isFinite else {
            throw fail(.numberOutOfRange, "the number \(String(decoding: bytes[start..<index], as: UTF8.self)) is beyond the range of a Double", at: start)
        }
        return negative ? -magnitude : magnitude
    }
}
