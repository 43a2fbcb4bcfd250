// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Guesses how a CSV file is written from its first bytes: delimiter, header row, decimal style, column types.
enum CSVSniffer {
    /// What the first bytes say about the whole file.
    struct Guess: Sendable {
        var delimiter: UInt8
        var hasHeader: Bool
        var columnCount: Int
        var kinds: [ColumnBuilder.Kind]
        var decimalStyle: DecimalStyle
        /// Average bytes per record in the sample, for reserving memory.
        var averageRecordBytes: Double
        /// Lines above the table (a title, a source, a date) that the table starts after.
        var preamble = Preamble()
    }

    /// Short lines above a table's header ("Data Source","World Development Indicators"), skipped: where the
    /// table starts, in bytes after any byte-order mark and in lines, how many records were skipped and the
    /// first one's text.
    struct Preamble: Sendable {
        var bytes = 0
        var lines = 0
        var records = 0
        var firstText = ""
    }

    /// Most records a preamble may have.
    static let maxPreambleRecords = 20

    static let candidateDelimiters: [UInt8] = [0x2C, 0x3B, 0x09, 0x7C]  // , ; tab |
    static let maxSampleRecords = 1000

    /// Sniffs `sample`, the start of the file after any byte-order mark.
    /// With `knownLayout` (CSV Audiograph wrote: `CSVReadOptions.writtenByAudiograph`) the first record is the
    /// header, decimals use a point and nothing stands above the header; only the columns' kinds are sniffed.
    static func guess(
        sample: UnsafeBufferPointer<UInt8>, isWholeFile: Bool, forcedDelimiter: UInt8?,
        preferTab: Bool, limits: ImportLimits, knownLayout: Bool = false
    ) -> Guess {
        let delimiter = forcedDelimiter ?? chooseDelimiter(sample: sample, isWholeFile: isWholeFile, preferTab: preferTab)
        var tokenizer = CSVTokenizer(delimiter: delimiter, maxFieldBytes: limits.maxFieldBytes, maxFields: limits.maxColumns)
        var records: [[[UInt8]]] = []
        // Where each record ends, in bytes and in lines from the start of the sample.
        var ends: [(bytes: Int, lines: Int)] = []
        var consumed = 0
        var pos = 0
        var lines = 0
        while records.count < maxSampleRecords + 1 {
            guard case .record(let end, let lineBreaks) = tokenizer.nextRecord(in: sample, from: pos, atEndOfInput: isWholeFile)
            else { break }
            pos = end
            consumed = end
            lines += lineBreaks
            if tokenizer.isBlankRecord {
                if !ends.isEmpty { ends[ends.count - 1] = (end, lines) }
                if pos >= sample.count { break } else { continue }
            }
            records.append((0..<tokenizer.fieldCount).map { k in tokenizer.withField(k) { Array($0) } })
            ends.append((end, lines))
            if pos >= sample.count { break }
        }
        let preamble = knownLayout ? Preamble() : Self.preamble(records, ends: ends)
        if preamble.records > 0 { records.removeFirst(preamble.records) }
        guard let first = records.first else {
            return Guess(
                delimiter: delimiter, hasHeader: true, columnCount: 0, kinds: [], decimalStyle: .dot,
                averageRecordBytes: Double(max(sample.count, 1)))
        }
        let decimalStyle = knownLayout ? .dot : chooseDecimalStyle(records)
        let body = records.dropFirst()
        let headerLooksLikeData =
            !knownLayout && first.allSatisfy { isDataLike($0, style: decimalStyle) }
            && first.contains { !$0.withUnsafeBufferPointer(NumberParsing.isMissingToken) }
            && !body.isEmpty
            && !TimeHeaders.isHeaderOfYears(first.map(text), below: body.prefix(100).map { $0.map(text) })
        let hasHeader = !headerLooksLikeData
        let columnCount = hasHeader ? first.count : mostCommon(records.map(\.count))
        let dataRecords = hasHeader ? Array(body) : records
        let kinds = (0..<columnCount).map { column in
            classify(dataRecords.compactMap { $0.count > column ? $0[column] : nil }, style: decimalStyle)
        }
        return Guess(
            delimiter: delimiter, hasHeader: hasHeader, columnCount: columnCount, kinds: kinds,
            decimalStyle: decimalStyle, averageRecordBytes: Double(max(consumed, 1)) / Double(records.count),
            preamble: preamble)
    }

    /// The records above the table: when the first record has fewer fields than most, the records before the
    /// first one with that many, if they are few (`maxPreambleRecords`), each has at most half as many fields,
    /// and that record is a header (not data). R's tables whose header is one field short are not a preamble:
    /// the record after such a header is data. `ends` are where each record (with the blank ones after it)
    /// ends.
    static func preamble(_ records: [[[UInt8]]], ends: [(bytes: Int, lines: Int)]) -> Preamble {
        guard records.count >= 3 else { return Preamble() }
        let width = mostCommon(records.map(\.count))
        guard width >= 2, records[0].count < width,
            let k = records.prefix(maxPreambleRecords + 1).firstIndex(where: { $0.count == width }),
            records[..<k].allSatisfy({ $0.count * 2 <= width }),
            !records[k].allSatisfy({ isDataLike($0, style: .dot) || isDataLike($0, style: .comma) })
        else { return Preamble() }
        let firstText = records[0].map(text).filter { !$0.isEmpty }.joined(separator: ", ")
        return Preamble(bytes: ends[k - 1].bytes, lines: ends[k - 1].lines, records: k, firstText: firstText)
    }

    /// Picks the delimiter that splits the first records into the most consistent number (> 1) of fields.
    static func chooseDelimiter(sample: UnsafeBufferPointer<UInt8>, isWholeFile: Bool, preferTab: Bool) -> UInt8 {
        var best: (delimiter: UInt8, score: Double, fields: Int) = (0x2C, -1, 1)
        for delimiter in candidateDelimiters {
            var tokenizer = CSVTokenizer(delimiter: delimiter, maxFieldBytes: Int.max, maxFields: 100_000)
            var counts: [Int] = []
            var pos = 0
            while counts.count < 100 {
                guard case .record(let end, _) = tokenizer.nextRecord(in: sample, from: pos, atEndOfInput: isWholeFile)
                else { break }
                pos = end
                if !tokenizer.isBlankRecord { counts.append(tokenizer.fieldCount) }
                if pos >= sample.count { break }
            }
            let score: Double
            let fields: Int
            if counts.isEmpty {
                // Not even one whole record in the sample (a giant first line): count the candidate's bytes.
                fields = sample.reduce(0) { $0 + ($1 == delimiter ? 1 : 0) } + 1
                score = fields > 1 ? 0.5 : 0
            } else {
                fields = mostCommon(counts)
                let consistency = Double(counts.filter { $0 == fields }.count) / Double(counts.count)
                score = fields > 1 ? consistency + (delimiter == 0x09 && preferTab ? 0.01 : 0) : 0
            }
            if score > best.score + 1e-9 || (abs(score - best.score) < 1e-9 && fields > best.fields && score > 0) {
                best = (delimiter, score, fields)
            }
        }
        return best.delimiter
    }

    /// Comma-decimal ("3,5", "1.234,5") only when the sample shows it and never shows dot-decimal.
    static func chooseDecimalStyle(_ records: [[[UInt8]]]) -> DecimalStyle {
        var dotEvidence = 0, commaEvidence = 0
        for record in records.prefix(maxSampleRecords) {
            for field in record {
                field.withUnsafeBufferPointer { bytes in
                    let dot = NumberParsing.parse(bytes, style: .dot)
                    let comma = NumberParsing.parse(bytes, style: .comma)
                    if dot.isNumber && comma == .notANumber { dotEvidence += 1 }
                    if dot == .notANumber && comma.isNumber { commaEvidence += 1 }
                }
            }
        }
        return commaEvidence > dotEvidence ? .comma : .dot
    }

    /// A column is numeric when ≥ 90% of its non-missing sample values are numbers, else a date when ≥ 90%
    /// read in one date format (or one day/month family), else text. A column with no values in the sample is numeric.
    static func classify(_ values: [[UInt8]], style: DecimalStyle) -> ColumnBuilder.Kind {
        var nonMissing = 0, numbers = 0
        var dateCounts: [DateFormat: Int] = [:]
        for value in values {
            value.withUnsafeBufferPointer { bytes in
                if NumberParsing.isMissingToken(bytes) { return }
                nonMissing += 1
                switch NumberParsing.parse(bytes, style: style) {
                case .number, .numberWithUnit, .nonFinite: numbers += 1
                default:
                    if let format = DateParsing.detect(bytes) { dateCounts[format, default: 0] += 1 }
                }
            }
        }
        if nonMissing == 0 { return .numeric }
        let needed = Double(nonMissing) * 0.9
        if Double(numbers) >= needed { return .numeric }
        if let format = chooseDateFormat(dateCounts, needed: needed) { return .date(format) }
        return .text
    }

    /// The one date format at least `needed` sample values read in, counting "03/04/2000"-style values as one
    /// family whose order the values decide: month/day if some can only be that, day/month likewise, undecided
    /// (`.dayOrMonthFirst`) if all read both ways, and none when some show each order (a mixed column).
    static func chooseDateFormat(_ counts: [DateFormat: Int], needed: Double) -> DateFormat? {
        let monthFirst = counts[.monthDayYear] ?? 0, dayFirst = counts[.dayMonthYear] ?? 0
        let either = counts[.dayOrMonthFirst] ?? 0
        if Double(monthFirst + dayFirst + either) >= needed {
            if monthFirst > 0 && dayFirst > 0 { return nil }
            return monthFirst > 0 ? .monthDayYear : dayFirst > 0 ? .dayMonthYear : .dayOrMonthFirst
        }
        if let (format, count) = counts.max(by: { $0.value < $1.value }), Double(count) >= needed { return format }
        return nil
    }

    /// True when a field reads as a number, a date or a missing value, as data rows do and headers don't.
    static func isDataLike(_ field: [UInt8], style: DecimalStyle) -> Bool {
        field.withUnsafeBufferPointer { bytes in
            if NumberParsing.isMissingToken(bytes) { return true }
            switch NumberParsing.parse(bytes, style: style) {
            case .number, .numberWithUnit, .nonFinite: return true
            default: return DateParsing.detect(bytes) != nil
            }
        }
    }

    /// A field's bytes as text (invalid UTF-8 repaired), for rules written over strings.
    private static func text(_ field: [UInt8]) -> String { String(decoding: field, as: UTF8.self) }

    /// The most frequent value (the larger one on a tie), 1 for none.
    static func mostCommon(_ counts: [Int]) -> Int {
        var frequency: [Int: Int] = [:]
        for c in counts { frequency[c, default: 0] += 1 }
        return frequency.max { a, b in a.value < b.value || (a.value == b.value && a.key < b.key) }?.key ?? 1
    }
}
