// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes the whole numbers of a message with the language's grouping ("2,000,000 categories", "point 1,204 of
/// 52,000"), as every other number Audiograph says is written.
///
/// `String(format:)` has no portable flag for grouping, so each plain `%d`/`%ld` (numbered or not, without a width,
/// flags or precision) becomes `%@` and its argument the grouped text. A conversion with a width ("%02ld", minutes)
/// keeps its number, and so does every use of an argument one such conversion reads. Years are never passed here:
/// messages that hold a date go through `Localization.trc` with a date context, which does not group.
enum GroupedCounts {
    /// `template` and `arguments` with each plain integer conversion turned into grouped text; unchanged when the
    /// template cannot be read as a format.
    static func apply(_ template: String, _ arguments: [CVarArg]) -> (template: String, arguments: [CVarArg]) {
        guard template.contains("%") else { return (template, arguments) }
        var conversions: [(range: Range<String.Index>, argument: Int, numbered: Bool, plain: Bool)] = []
        var next = 0
        var i = template.startIndex
        while let percent = template[i...].firstIndex(of: "%") {
            var j = template.index(after: percent)
            guard j < template.endIndex else { break }
            if template[j] == "%" { i = template.index(after: j); continue }
            let digitsEnd = template[j...].firstIndex { !$0.isASCII || !$0.isNumber } ?? template.endIndex
            var argument: Int?
            if digitsEnd > j, digitsEnd < template.endIndex, template[digitsEnd] == "$", let n = Int(template[j..<digitsEnd]) {
                argument = n - 1
                j = template.index(after: digitsEnd)
            }
            let specStart = j
            while j < template.endIndex, "-+ #0'.123456789".contains(template[j]) { j = template.index(after: j) }
            let hasSpec = j > specStart
            while j < template.endIndex, "hlqLzjt".contains(template[j]) { j = template.index(after: j) }
            guard j < template.endIndex else { return (template, arguments) }
            let conversion = template[j]
            let end = template.index(after: j)
            let index = argument ?? next
            if argument == nil { next += 1 }
            let integer = conversion == "d" || conversion == "i"
            conversions.append((percent..<end, index, argument != nil, integer && !hasSpec))
            i = end
        }
        // An argument is grouped only when every conversion that reads it is a plain integer one.
        var groupable = Set<Int>()
        for c in conversions where c.plain { groupable.insert(c.argument) }
        for c in conversions where !c.plain { groupable.remove(c.argument) }
        guard !groupable.isEmpty else { return (template, arguments) }
        var newArguments = arguments
        for index in groupable where index < arguments.count {
            guard let value = integerValue(arguments[index]) else { return (template, arguments) }
            newArguments[index] = ValueFormatter.format(Double(value), fractionDigits: 0, grouping: true)
        }
        var text = template
        for c in conversions.reversed() where c.plain && groupable.contains(c.argument) {
            text.replaceSubrange(c.range, with: c.numbered ? "%\(c.argument + 1)$@" : "%@")
        }
        return (text, newArguments)
    }

    /// The whole number an integer argument holds; nil for anything else.
    private static func integerValue(_ argument: CVarArg) -> Int64? {
        switch argument {
        case let v as Int: return Int64(v)
        case let v as Int32: return Int64(v)
        case let v as Int64: return v
        case let v as Int16: return Int64(v)
        case let v as UInt32: return Int64(v)
        case let v as UInt: return Int64(exactly: v)
        default: return nil
        }
    }
}
