// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Values of one column that could not be read as its type: how many, the lines of the first few, and how
/// many numbers were infinite or too large.
struct UnreadableValues: Sendable, Equatable {
    /// How many line numbers are kept for the warning.
    static let linesKept = 5

    var count = 0
    /// Line numbers (1-based) of the first `linesKept` of them.
    var lines: [Int] = []
    var nonFinite = 0

    /// Adds what a later stretch of the same column could not read.
    mutating func add(_ later: UnreadableValues) {
        count += later.count
        lines += later.lines.prefix(max(0, Self.linesKept - lines.count))
        nonFinite += later.nonFinite
    }
}

/// The sentences that tell a person what a read skipped or could not read; the same after opening a file
/// and after reading rows appended to it.
public enum ReadWarnings {
    /// "Skipped 2 rows above the table, starting with "Data Source"."; `first` is the first one's text.
    public static func skippedAboveTable(count: Int, first: String) -> String {
        Localization.trn(
            "Skipped %ld row above the table: \"%@\".",
            "Skipped %ld rows above the table, starting with \"%@\".", count, count, first)
    }

    /// "Skipped 3 malformed rows: lines 4, 9, 12."; nil when none was skipped. `lines` are the first few.
    static func malformedRows(count: Int, lines: [Int]) -> String? {
        guard count > 0 else { return nil }
        return Localization.trn(
            "Skipped %ld malformed row: line %@.", "Skipped %ld malformed rows: lines %@.",
            count, count, lineList(lines, of: count))
    }

    /// What column `header` (of numbers when `isNumeric`, else of dates) could not read; empty when nothing.
    static func unreadableValues(column header: String, isNumeric: Bool, _ values: UnreadableValues) -> [String] {
        var warnings: [String] = []
        if values.count > 0 {
            let lines = lineList(values.lines, of: values.count)
            if isNumeric {
                warnings.append(
                    Localization.trn(
                        "Column \"%@\": %ld value is not a number (line %@); it is treated as missing.",
                        "Column \"%@\": %ld values are not numbers (lines %@); they are treated as missing.",
                        values.count, header, values.count, lines))
            } else {
                warnings.append(
                    Localization.trn(
                        "Column \"%@\": %ld value is not a date (line %@); it is treated as missing.",
                        "Column \"%@\": %ld values are not dates (lines %@); they are treated as missing.",
                        values.count, header, values.count, lines))
            }
        }
        if values.nonFinite > 0 {
            warnings.append(
                Localization.trn(
                    "Column \"%@\": %ld value is infinite or too large; it is treated as missing.",
                    "Column \"%@\": %ld values are infinite or too large; they are treated as missing.",
                    values.nonFinite, header, values.nonFinite))
        }
        return warnings
    }

    /// "4, 9, 12", with ", …" when `count` is more than the lines listed.
    private static func lineList(_ lines: [Int], of count: Int) -> String {
        lines.map(String.init).joined(separator: ", ") + (count > lines.count ? ", …" : "")
    }
}
