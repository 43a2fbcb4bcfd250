// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads clock times ("13:45", "13:45:10.5", "1:45 PM") with an optional zone ("Z", "+09:00", "UTC"), alone or
/// after a date.
enum TimesOfDay {
    /// A clock time: seconds after midnight as written (before any zone is applied), precision minute or second,
    /// and the zone's offset in seconds east of Greenwich when one was written.
    struct Clock {
        var seconds: Double
        var precision: DatePrecision
        var utcOffsetSeconds: Int?
    }

    /// A field that is only a time of day: seconds since midnight of 1970-01-01 UTC, precision `.timeOfDay`.
    static func parseTimeOfDay(_ b: UnsafeBufferPointer<UInt8>) -> DateParsing.Parsed? {
        var s = ByteScanner(b)
        guard let clock = clock(&s) else { return nil }
        return DateParsing.Parsed(
            seconds: clock.seconds - Double(clock.utcOffsetSeconds ?? 0), precision: .timeOfDay,
            utcOffsetSeconds: clock.utcOffsetSeconds)
    }

    /// Reads "H:MM[:SS[.fff]] [AM|PM] [zone]" from the scanner to the end of the field; nil when anything else
    /// is there. Minutes and seconds take two digits, so "3:1" is not a time.
    static func clock(_ s: inout ByteScanner) -> Clock? {
        guard let hour = s.number(maxDigits: 2), s.skip(UInt8(ascii: ":")), let minute = s.number(exactly: 2),
            minute < 60
        else { return nil }
        var seconds = Double(minute * 60)
        var precision = DatePrecision.minute
        if s.skip(UInt8(ascii: ":")) {
            guard let second = s.number(exactly: 2), second < 60 else { return nil }
            seconds += Double(second)
            precision = .second
            if s.skip(UInt8(ascii: ".")) || s.skip(UInt8(ascii: ",")) {
                var scale = 0.1
                let start = s.index
                while let c = s.current, DateParsing.isDigit(c) {
                    seconds += Double(c - 0x30) * scale
                    scale /= 10
                    s.index += 1
                }
                if s.index == start { return nil }
            }
        }
        let beforeMeridiem = s.index
        s.skipSpaces()
        if let isAfternoon = meridiem(&s) {
            guard (1...12).contains(hour.value) else { return nil }
            seconds += Double((hour.value % 12 + (isAfternoon ? 12 : 0)) * 3600)
        } else {
            s.index = beforeMeridiem
            guard hour.value < 24 else { return nil }
            seconds += Double(hour.value * 3600)
        }
        s.skipSpaces()
        if s.isAtEnd { return Clock(seconds: seconds, precision: precision, utcOffsetSeconds: nil) }
        guard let offset = zone(&s), s.isAtEnd else { return nil }
        return Clock(seconds: seconds, precision: precision, utcOffsetSeconds: offset)
    }

    /// "AM", "pm", "a.m.", "P.M." → false for morning, true for afternoon; nil (consuming nothing) otherwise.
    private static func meridiem(_ s: inout ByteScanner) -> Bool? {
        let start = s.index
        guard let first = s.current.map({ $0 | 0x20 }), first == 0x61 || first == 0x70 else { return nil }  // a, p
        s.index += 1
        let dotted = s.skip(UInt8(ascii: "."))
        guard let m = s.current, m | 0x20 == 0x6D else { s.index = start; return nil }  // m
        s.index += 1
        if dotted && !s.skip(UInt8(ascii: ".")) { s.index = start; return nil }
        if let c = s.current, DateParsing.isLetter(c) { s.index = start; return nil }
        return first == 0x70
    }

    /// "Z", "UTC", "GMT", "+09:00", "+0900", "+09", "UTC+9" → seconds east of Greenwich.
    private static func zone(_ s: inout ByteScanner) -> Int? {
        if s.skip(UInt8(ascii: "Z")) { return 0 }
        var named = false
        for name in ["UTC", "GMT"] {
            let bytes = Array(name.utf8)
            if s.index + bytes.count <= s.bytes.count, (0..<bytes.count).allSatisfy({ s.bytes[s.index + $0] == bytes[$0] }) {
                s.index += bytes.count
                named = true
                break
            }
        }
        if named && s.isAtEnd { return 0 }
        guard let signByte = s.current, signByte == UInt8(ascii: "+") || signByte == UInt8(ascii: "-") else { return nil }
        s.index += 1
        let sign = signByte == UInt8(ascii: "+") ? 1 : -1
        guard let hours = s.number(maxDigits: 4) else { return nil }
        var h = hours.value, m = 0
        if hours.digits == 4 {
            h = hours.value / 100; m = hours.value % 100
        } else if hours.digits == 3 {
            return nil
        } else if s.skip(UInt8(ascii: ":")) {
            guard let minutes = s.number(exactly: 2) else { return nil }
            m = minutes
        }
        if hours.digits == 1 && !named { return nil }
        guard h <= 14, m < 60 else { return nil }
        return sign * (h * 3600 + m * 60)
    }
}
