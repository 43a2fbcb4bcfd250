// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A table held in memory instead of a file: pasted from the clipboard, or piped in on standard input. Its
/// text is kept so the chart can be made again with other columns and the table saved as CSV; it is written
/// to disk only when the person saves it (Save Table As).
public final class HeldTable: Sendable {
    /// How the table is named in titles and messages: "Pasted table", "standard input".
    public let name: String
    /// The table's text: CSV, TSV or JSON as given, or CSV Audiograph wrote from a pasted HTML table.
    public let data: Data
    /// The text is CSV whatever its first bytes look like (a pasted HTML table whose first cell is "[1]" is not
    /// JSON).
    let isCSV: Bool

    public convenience init(name: String, data: Data) {
        self.init(name: name, data: data, isCSV: false)
    }

    init(name: String, data: Data, isCSV: Bool) {
        self.name = name
        self.data = data
        self.isCSV = isCSV
    }

    /// Charts the table with `settings` (no sidecar: it has no file), as a file of the same text would be.
    public func open(
        settings: ChartSettings = ChartSettings(), progress: ((ImportProgress) -> Void)? = nil,
        cancellation: CancellationFlag? = nil
    ) throws -> ChartDocument {
        let table =
            isCSV
            ? try CSVReader.read(data: data, name: name)
            : try TableFiles.read(data: data, name: name, progress: progress, cancellation: cancellation)
        return try ChartDocument.chartRead(table, settings: settings, fileName: name)
    }

    /// The table as CSV text, for Save Table As: CSV is kept as it is; JSON, tab- or semicolon-separated text
    /// and text in UTF-16 or Windows-1252 are written out as UTF-8 CSV. Throws as opening the table would
    /// (broken JSON).
    public func csvText() throws -> Data {
        let head = [UInt8](data.prefix(TableFiles.headBytes))
        if !isCSV, JSONTableReader.isJSON(head: head, path: name) { return try JSONTableReader.csvText(data, name: name) }
        return DelimitedText.csv(data)
    }
}

/// What the clipboard holds, as a table.
public enum PastedTable {
    /// The name a pasted table goes by until it is saved: the window's title, the chart's.
    public static var name: String { Localization.tr("Pasted table") }

    /// The table in what the clipboard offers: its HTML's table (from a browser or spreadsheet) when it holds one,
    /// else its plain text (tab-separated from spreadsheets, or CSV) when that has at least two lines; nil when
    /// neither holds a table. Plain text that is HTML with a table (an owner that answers every request with its
    /// HTML, as xclip does, asked before the toolkit has learnt that it offers HTML) is read as HTML.
    public static func held(html: Data?, text: Data?) -> HeldTable? {
        for markup in [html, text.flatMap { isHTMLWithATable($0) ? $0 : nil }] {
            if let markup, let rows = HTMLTableReader.rows(in: markup) {
                return HeldTable(name: name, data: CSVText.data(header: nil, rows: rows), isCSV: true)
            }
        }
        guard let text else { return nil }
        let lines = text.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D })
            .filter { line in line.contains { $0 != 0x20 && $0 != 0x09 } }
        guard lines.count >= 2 else { return nil }
        return HeldTable(name: name, data: text)
    }
}

extension PastedTable {
    /// Whether `text` starts with markup (after white space and a byte-order mark) and holds a `<table`: what no
    /// delimited text does.
    static func isHTMLWithATable(_ text: Data) -> Bool {
        let start = text.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        guard start.first == UInt8(ascii: "<") else { return false }
        return String(decoding: text, as: UTF8.self).range(of: "<table", options: .caseInsensitive) != nil  // l10n: not shown
    }
}

/// Delimited text of any kind turned into comma-separated UTF-8 CSV.
enum DelimitedText {
    /// `data` as CSV: unchanged when it is already comma-separated UTF-8, else every record re-written with
    /// commas (its delimiter guessed as the reader guesses it, UTF-16 and Windows-1252 transcoded).
    static func csv(_ data: Data) -> Data {
        var bytes: [UInt8]
        var encoding = TextEncodingName.utf8
        if var transcoder = UTF16Transcoder.byteOrderMark(data) {
            bytes = []
            transcoder.append(data.dropFirst(UTF16Transcoder.byteOrderMarkLength), isLast: true, to: &bytes)
            encoding = .utf16
        } else {
            bytes = [UInt8](data)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return bytes.withUnsafeBufferPointer { buffer -> Data in
            let isUTF8 = TextDecoding.isValidUTF8(buffer, allowTruncatedEnd: false)
            let delimiter = CSVSniffer.chooseDelimiter(sample: buffer, isWholeFile: true, preferTab: false)
            if delimiter == UInt8(ascii: ","), isUTF8, encoding == .utf8 { return data }
            var tokenizer = CSVTokenizer(delimiter: delimiter, maxFieldBytes: Int.max, maxFields: Int.max)
            var out: [UInt8] = []
            out.reserveCapacity(buffer.count + buffer.count / 8)
            var position = 0
            while position < buffer.count,
                case .record(let end, _) = tokenizer.nextRecord(in: buffer, from: position, atEndOfInput: true)
            {
                position = end
                for k in 0..<tokenizer.fieldCount {
                    if k > 0 { out.append(UInt8(ascii: ",")) }
                    tokenizer.withField(k) { field in
                        if isUTF8 {
                            CSVText.appendField(field, to: &out)
                        } else {
                            var text = TextDecoding.windows1252(field)
                            text.withUTF8 { CSVText.appendField($0, to: &out) }
                        }
                    }
                }
                out.append(0x0A)
            }
            return Data(out)
        }
    }
}
