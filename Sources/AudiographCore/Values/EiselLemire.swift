// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Turns a decimal significand and exponent (w × 10^q) into the nearest Double, exactly, with the
/// Eisel–Lemire method: one or two 64×64-bit multiplications by a 128-bit approximation of 10^q
/// (`PowersOfTenTable`), no big numbers. D. Lemire, "Number Parsing at a Gigabyte per Second" (2021); with
/// this table the result needs no fallback (N. Mushtak, D. Lemire, "Fast Number Parsing Without Fallback",
/// 2023). Nil for what it does not handle here (subnormal results, overflow), which the caller parses the
/// slow way.
enum EiselLemire {
    /// The Double nearest to w × 10^q (w at most 19 decimal digits, so exact in a UInt64), or nil.
    static func double(significand w: UInt64, exponent q: Int, negative: Bool) -> Double? {
        if w == 0 { return negative ? -0.0 : 0 }
        guard q >= PowersOfTenTable.smallestExponent, q <= PowersOfTenTable.largestExponent else { return nil }
        let leadingZeros = w.leadingZeroBitCount
        let normalized = w << UInt64(leadingZeros)
        let index = 2 * (q - PowersOfTenTable.smallestExponent)
        var (high, low) = normalized.multipliedFullWidth(by: PowersOfTenTable.halves[index])
        // 55 bits are needed (52 stored, the hidden one, one to round, one for the carry): when the bits below
        // them are all ones, the lower half of 10^q may carry into them.
        if high & 0x1FF == 0x1FF {
            let second = normalized.multipliedFullWidth(by: PowersOfTenTable.halves[index + 1]).high
            let (sum, carried) = low.addingReportingOverflow(second)
            low = sum
            if carried { high &+= 1 }
        }
        let upperBit = Int(high >> 63)
        let shift = UInt64(upperBit + 9)
        var mantissa = high >> shift
        // floor(log2(10^q)) + 63, as a fixed-point product that is exact over the table's range.
        var power2 = (((152_170 + 65_536) * q) >> 16) + 63 + upperBit - leadingZeros + 1_023
        guard power2 > 0 else { return nil }  // subnormal: left to the full parser
        // Halfway between two Doubles (possible only for small |q|): round to even, so do not round up.
        if low <= 1 && q >= -4 && q <= 23 && mantissa & 3 == 1 && mantissa << shift == high {
            mantissa &= ~1
        }
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >= 1 << 53 {
            mantissa = 1 << 52
            power2 += 1
        }
        mantissa &= ~(1 << 52)
        guard power2 < 0x7FF else { return nil }  // beyond the largest Double
        let bits = mantissa | UInt64(power2) << 52 | (negative ? 1 << 63 : 0)
        return Double(bitPattern: bits)
    }
}
