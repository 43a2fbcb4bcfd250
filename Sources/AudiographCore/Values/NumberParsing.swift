// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How a file writes decimals and thousands: "1,234.5" (dot) or "1.234,5" (comma).
public enum DecimalStyle: String, Sendable, Codable {
    case dot, comma
}

/// What a single field holds, judged from its bytes alone.
enum FieldValue: Equatable {
    case missing
    case number(Double, fractionDigits: Int)
    /// A number written with a currency sign or a percent sign ("$1,234.50", "12.5%", "1.234,50 €"): the
    /// number, and the sign as the unit it names.
    case numberWithUnit(Double, fractionDigits: Int, unit: NumberSign)
    /// Infinity or an overflowing number: written as a number but not plottable.
    case nonFinite
    case notANumber

    /// Whether the field is a finite number, with a unit or without.
    var isNumber: Bool {
        switch self {
        case .number, .numberWithUnit: return true
        case .missing, .nonFinite, .notANumber: return false
        }
    }
}

/// A currency or percent sign written with a number; one byte, so that a parsed field stays a plain value.
enum NumberSign: UInt8, CaseIterable {
    case percent, dollar, euro, pound, yen, rupee, won

    /// The sign as written, and as the column's unit.
    var symbol: String {
        switch self {
        case .percent: return "%"
        case .dollar: return "$"
        case .euro: return "€"
        case .pound: return "£"
        case .yen: return "¥"
        case .rupee: return "₹"
        case .won: return "₩"
        }
    }

    /// The currency signs, which may stand before a number or, after a space, behind it.
    static let currencies: [NumberSign] = [.dollar, .euro, .pound, .yen, .rupee, .won]
}

/// Fast, exact parsing of decimal numbers straight from UTF-8 bytes, without making a String.
enum NumberParsing {
    /// Powers of ten that are exact in a Double (10^0 ... 10^22).
    private static let exactPowersOfTen: [Double] = (0...22).map { pow(10.0, Double($0)) }

    /// True for the usual spellings of "no value": empty, NA, N/A, NaN, null, None, "-".
    static func isMissingToken(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        if n == 0 { return true }
        if n > 4 { return false }
        var lowered: UInt32 = 0
        for b in bytes { lowered = lowered << 8 | UInt32(b | (b >= 65 && b <= 90 ? 0x20 : 0)) }
        switch (n, lowered) {
        case (2, 0x6E61),  // na
            (3, 0x6E2F61),  // n/a
            (4, 0x236E2F61),  // #n/a
            (3, 0x6E616E),  // nan
            (4, 0x6E756C6C),  // null
            (4, 0x6E6F6E65),  // none
            (1, 0x2D),  // -
            (1, 0x3F):  // ?
            return true
        default:
            return false
        }
    }

    /// Parses one trimmed field as a number in `style`; grouping separators must form groups of three.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, style: DecimalStyle) -> FieldValue {
        parsePlain(bytes, decimalMark: style == .dot ? 0x2E : 0x2C) ?? parseInFull(bytes, style: style)
    }

    /// `parse` without its shortcut for plain numbers: every spelling, the slow way (tests compare the two).
    static func parseInFull(_ bytes: UnsafeBufferPointer<UInt8>, style: DecimalStyle) -> FieldValue {
        if isMissingToken(bytes) { return .missing }
        if let affixed = parseAffixed(bytes, style: style) { return affixed }
        return parseUnsigned(bytes, style: style)
    }

    /// Bytes an affixed number starts or ends with: $ % ( ) - and the first and last bytes of £ ¥ € ₹ ₩ in UTF-8.
    private static let affixEdges: [Bool] = (0...255).map {
        [0x24, 0x25, 0x28, 0x29, 0x2D, 0xC2, 0xE2, 0xA3, 0xA5, 0xAC, 0xB9, 0xA9].contains($0)
    }

    /// A number with the affixes spreadsheets write when they save formatted cells as CSV: a currency sign,
    /// a percent sign, accountants' parentheses for a negative ("(3.2)"); nil for anything else.
    private static func parseAffixed(_ bytes: UnsafeBufferPointer<UInt8>, style: DecimalStyle) -> FieldValue? {
        // Cheap test first: every affix starts or ends the field with one of these bytes.
        guard bytes.count >= 2, affixEdges[Int(bytes[0])] || affixEdges[Int(bytes[bytes.count - 1])] else { return nil }
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        var negative = false
        if text.hasPrefix("("), text.hasSuffix(")") {
            negative = true
            text = text.dropFirst().dropLast()
        }
        if text.hasPrefix("-") {
            negative.toggle()
            text = text.dropFirst()
        }
        var unit: NumberSign?
        if text.hasSuffix("%") {
            unit = .percent
            text = text.dropLast()
        } else if let sign = NumberSign.currencies.first(where: { text.hasPrefix($0.symbol) }) {
            unit = sign
            text = text.dropFirst()
        } else if let sign = NumberSign.currencies.first(where: {
            text.hasSuffix(" " + $0.symbol) || text.hasSuffix("\u{A0}" + $0.symbol)
        }) {
            unit = sign
            text = text.dropLast(2)
        }
        guard unit != nil || negative && bytes[0] == 0x28 else { return nil }
        text = Substring(text.trimmingCharacters(in: .whitespaces))
        guard let first = text.utf8.first, first >= 0x30 && first <= 0x39 || first == 0x2E || first == 0x2C || first == 0x2D
        else { return nil }
        let inner = Array(text.utf8)
        let value = inner.withUnsafeBufferPointer { parseUnsigned($0, style: style) }
        guard case .number(let number, let digits) = value else { return nil }
        let signed = negative ? -number : number
        return unit.map { .numberWithUnit(signed, fractionDigits: digits, unit: $0) } ?? .number(signed, fractionDigits: digits)
    }

    /// A number with an optional sign and no other affix: digits, grouping, decimals and an exponent.
    private static func parseUnsigned(_ bytes: UnsafeBufferPointer<UInt8>, style: DecimalStyle) -> FieldValue {
        if bytes.isEmpty { return .notANumber }
        let decimalMark: UInt8 = style == .dot ? 0x2E : 0x2C
        let groupMark: UInt8 = style == .dot ? 0x2C : 0x2E
        var i = 0
        let n = bytes.count
        var negative = false
        if bytes[i] == 0x2D || bytes[i] == 0x2B { negative = bytes[i] == 0x2D; i += 1 }
        if i < n, bytes[i] | 0x20 == 0x69 { return isInfinity(bytes, from: i) ? .nonFinite : .notANumber }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var droppedIntegerDigits = 0
        var droppedDigits = false
        var fractionDigits = 0
        var sawDigit = false
        var sawDecimal = false
        var groupLength = -1  // digits since the last grouping mark, -1 before any mark
        var leadingGroupLength = 0
        while i < n {
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 {
                sawDigit = true
                if groupLength >= 0 && !sawDecimal { groupLength += 1 } else if !sawDecimal { leadingGroupLength += 1 }
                if significantDigits < 19 {
                    if mantissa != 0 || b != 0x30 { significantDigits += 1 }
                    mantissa = mantissa &* 10 &+ UInt64(b - 0x30)
                    if sawDecimal { fractionDigits += 1 }
                } else {
                    droppedDigits = true  // beyond 19 significant digits: handled by the slow path
                    if !sawDecimal { droppedIntegerDigits += 1 }
                }
                i += 1
            } else if b == groupMark && !sawDecimal && sawDigit {
                if groupLength >= 0 && groupLength != 3 { return .notANumber }
                if groupLength < 0 && leadingGroupLength > 3 { return .notANumber }
                groupLength = 0
                i += 1
            } else if b == decimalMark && !sawDecimal {
                if groupLength >= 0 && groupLength != 3 { return .notANumber }
                sawDecimal = true
                i += 1
            } else {
                break
            }
        }
        if !sawDigit { return .notANumber }
        if groupLength >= 0 && groupLength != 3 && !sawDecimal { return .notANumber }
        var exponent = 0
        if i < n && (bytes[i] == 0x65 || bytes[i] == 0x45) {
            i += 1
            var expNegative = false
            if i < n && (bytes[i] == 0x2D || bytes[i] == 0x2B) { expNegative = bytes[i] == 0x2D; i += 1 }
            var expDigits = 0
            while i < n, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[i] - 0x30) }
                expDigits += 1
                i += 1
            }
            if expDigits == 0 { return .notANumber }
            if expNegative { exponent = -exponent }
        }
        if i != n { return .notANumber }
        let displayDigits = max(0, fractionDigits - exponent)
        let scale = exponent - fractionDigits + droppedIntegerDigits
        var value: Double
        if significantDigits <= 15 && scale >= -22 && scale <= 22 {
            value = Double(mantissa)
            if scale < 0 { value /= exactPowersOfTen[-scale] } else { value *= exactPowersOfTen[scale] }
            if negative { value = -value }
        } else if !droppedDigits, let exact = EiselLemire.double(significand: mantissa, exponent: scale, negative: negative) {
            value = exact
        } else {
            guard let slow = slowParse(bytes, style: style) else { return .notANumber }
            value = slow
        }
        if !value.isFinite { return .nonFinite }
        return .number(value, fractionDigits: min(displayDigits, 12))
    }

    /// The common case in one tight loop: an optional sign, digits, an optional decimal mark and digits, at most 18
    /// digits in all, nothing else. Nil for anything else (grouping, exponents, long
    /// mantissas, missing-value words), which `parse` then reads in full; the result is the same either way.
    @inline(__always)
    private static func parsePlain(_ bytes: UnsafeBufferPointer<UInt8>, decimalMark: UInt8) -> FieldValue? {
        let n = bytes.count
        guard n > 0, n <= 20 else { return nil }
        var i = 0
        let negative = bytes[0] == 0x2D
        if negative || bytes[0] == 0x2B { i = 1 }
        // The whole digits, then the decimal mark and the fraction's digits, each in a loop of its own: one test
        // a byte (a loop over both with flags for the mark and the leading zeros took a fifth of reading a file
        // of two numeric columns).
        var mantissa: UInt64 = 0
        let wholeStart = i
        while i < n {
            let d = bytes[i] &- 0x30
            if d >= 10 { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            i += 1
        }
        var digits = i - wholeStart
        var fractionDigits = 0
        if i < n && bytes[i] == decimalMark {
            i += 1
            let fractionStart = i
            while i < n {
                let d = bytes[i] &- 0x30
                if d >= 10 { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                i += 1
            }
            fractionDigits = i - fractionStart
            digits += fractionDigits
        }
        guard i == n, digits > 0, digits <= 18 else { return nil }
        if digits > 15 || fractionDigits > 22 {
            // Zeros before the first significant digit do not count ("0.000…"); counted only when it matters.
            var leadingZeros = 0
            for k in wholeStart..<n where bytes[k] != decimalMark {
                if bytes[k] != 0x30 { break }
                leadingZeros += 1
            }
            if digits - leadingZeros > 15 || fractionDigits > 22 {
                // Too many digits for one exact division (Python writes 17): Eisel–Lemire, exact too.
                guard let value = EiselLemire.double(significand: mantissa, exponent: -fractionDigits, negative: negative)
                else { return nil }
                return .number(value, fractionDigits: min(fractionDigits, 12))
            }
        }
        var value = Double(mantissa)
        if fractionDigits > 0 { value /= exactPowersOfTen[fractionDigits] }
        return .number(negative ? -value : value, fractionDigits: min(fractionDigits, 12))
    }

    /// Correctly rounded fallback for long mantissas or large exponents: normalises the text and asks Swift.
    private static func slowParse(_ bytes: UnsafeBufferPointer<UInt8>, style: DecimalStyle) -> Double? {
        let decimalMark: UInt8 = style == .dot ? 0x2E : 0x2C
        let groupMark: UInt8 = style == .dot ? 0x2C : 0x2E
        var normalised = [UInt8]()
        normalised.reserveCapacity(bytes.count)
        for b in bytes where b != groupMark {
            normalised.append(b == decimalMark ? 0x2E : b)
        }
        return Double(String(decoding: normalised, as: UTF8.self))
    }

    private static func isInfinity(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self).lowercased()
        return word == "inf" || word == "infinity"
    }
}
