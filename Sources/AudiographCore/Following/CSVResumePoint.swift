// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where a read of a growing file stopped and how the file is written, so that rows appended later are read
/// exactly as the first ones were: same delimiter, decimal style, encoding and column types.
struct CSVResumePoint: Sendable {
    /// The file that was read.
    var identity: FileIdentity
    /// Bytes of the file read so far: everything up to just past the line break of the last whole record.
    var offset: Int64
    /// Line number (1-based) of the next record.
    var line: Int
    /// How the file is written, with each column's settled type (day/month order decided) as its kinds.
    var format: CSVSniffer.Guess
    var encoding: TextEncodingName
    /// True for a UTF-16 file, whose text was transcoded: bytes of text are then not bytes of the file, so
    /// `offset` cannot be found from the text read and the file is read again whole when it grows.
    var isTranscoded: Bool
    /// For each column, how its numbers were turned into dates at opening (nil for most).
    var conversions: [TemporalColumns.Conversion?]
    /// For each column, what could not be read since opening.
    var unreadable: [UnreadableValues]
    /// The warnings about day/month order made at opening.
    var orderWarnings: [String]
    var limits: ImportLimits

    /// The sentences about everything skipped or unreadable since opening, for `Table.warnings`.
    func warnings(for table: Table) -> [String] {
        var warnings =
            ReadWarnings.malformedRows(count: table.malformedRowCount, lines: table.malformedLines)
            .map { [$0] } ?? []
        for (k, column) in table.columns.enumerated() {
            warnings += ReadWarnings.unreadableValues(
                column: column.header, isNumeric: format.kinds[k] == .numeric,
                unreadable[k])
        }
        return warnings + orderWarnings
    }
}
