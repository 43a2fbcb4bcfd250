// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Finds the table in HTML as browsers and spreadsheets put it on the clipboard (`text/html`) and returns its
/// cells as text, row by row, ready to be written as CSV (`CSVText`).
///
/// Tolerant, as clipboard HTML needs: tags may be unclosed (`<td>` ends the cell before it), attributes may be
/// unquoted, and the fragment may sit in a whole document or in none. What a reader sees is kept: markup inside
/// a cell (`<b>`, `<span>`, `<a>`, `<p>`, `<br>`) becomes its text, entities are decoded and white space is
/// collapsed; what a reader does not see is left out (comments, `<script>`, `<style>`, `display:none` sort keys,
/// footnote marks such as "[1]"). A cell spanning columns or rows (`colspan`, `rowspan`) gives its text to
/// every cell it covers, as pandas' `read_html` does; several header rows (`<th>` only) are joined into one,
/// "Sales 2023". A table inside a cell is read as that cell's text. Of several tables, the one with the most
/// cells is taken.
public enum HTMLTableReader {
    /// The rows of the biggest table in `html` (UTF-8, or UTF-16 with or without its byte-order mark), the
    /// header first when the table marks one; nil when it holds no table of at least two rows.
    public static func rows(in html: Data) -> [[String]]? {
        var scanner = HTMLScanner(bytes: decodedBytes(html))
        var tables: [TableBuilder] = []
        var open: [TableBuilder] = []  // tables being read, innermost last
        var cellText = CellText()
        var skipping: (tag: String, depth: Int)?

        while let token = scanner.next() {
            switch token {
            case .text(let text):
                if skipping == nil, open.last(where: { !$0.nested })?.inCell == true { cellText.append(text) }
            case .start(let name, let attributes, let selfClosing):
                if let skip = skipping {
                    if skip.tag == "head", name == "body" {
                        skipping = nil  // a head left open ends where the body starts
                    } else {
                        if name == skip.tag && !selfClosing { skipping = (skip.tag, skip.depth + 1) }
                        continue
                    }
                }
                if Self.hidden(name, attributes), !selfClosing, !Self.voidElements.contains(name) {
                    skipping = (name, 1)
                    continue
                }
                switch name {
                case "table":
                    // A table inside a cell: its text joins the cell's; its rows are not the outer table's.
                    let insideCell = open.last.map { $0.nested || $0.inCell } ?? false
                    open.append(TableBuilder(nested: insideCell))
                case "tr":
                    guard let table = open.last, !table.nested else { cellText.breakWords(); break }
                    if table.inCell { table.endCell(cellText.take()) }
                    table.startRow()
                case "td", "th":
                    guard let table = open.last, !table.nested else { cellText.breakWords(); break }
                    if table.inCell { table.endCell(cellText.take()) }
                    table.startCell(
                        header: name == "th", colspan: Self.span(attributes["colspan"]),
                        rowspan: Self.span(attributes["rowspan"]))
                case "br", "p", "div", "li":
                    cellText.breakWords()
                default:
                    break
                }
            case .end(let name):
                if let skip = skipping {
                    if name == skip.tag { skipping = skip.depth > 1 ? (skip.tag, skip.depth - 1) : nil }
                    continue
                }
                switch name {
                case "table":
                    guard let table = open.popLast() else { break }
                    if table.nested { cellText.breakWords(); break }
                    if table.inCell { table.endCell(cellText.take()) }
                    table.endRow()
                    tables.append(table)
                case "tr":
                    guard let table = open.last, !table.nested else { break }
                    if table.inCell { table.endCell(cellText.take()) }
                    table.endRow()
                case "td", "th":
                    guard let table = open.last, !table.nested, table.inCell else { break }
                    table.endCell(cellText.take())
                case "p", "div", "li":
                    cellText.breakWords()
                default:
                    break
                }
            }
        }
        // A fragment cut short: its unclosed tables are taken as they are.
        for table in open.reversed() where !table.nested {
            if table.inCell { table.endCell(cellText.take()) }
            table.endRow()
            tables.append(table)
        }
        guard let biggest = tables.max(by: { $0.cellCount < $1.cellCount }) else { return nil }
        let rows = biggest.finishedRows()
        return rows.count >= 2 ? rows : nil
    }

    /// Elements that never have content or an end tag.
    static let voidElements: Set<String> = ["br", "img", "hr", "meta", "link", "input", "col", "wbr", "source", "base"]

    /// Whether an element's content is not seen by a reader: scripts, styles, the document's head, comments'
    /// kin, and anything styled `display:none` (Wikipedia's sort keys) or marked as a footnote reference.
    static func hidden(_ name: String, _ attributes: [String: String]) -> Bool {
        if ["script", "style", "head", "title", "template", "caption", "colgroup"].contains(name) { return true }
        if let style = attributes["style"]?.lowercased().replacingOccurrences(of: " ", with: ""),
            style.contains("display:none")
        {
            return true
        }
        if attributes["hidden"] != nil { return true }
        if name == "sup", let cls = attributes["class"], cls.contains("reference") { return true }
        return false
    }

    /// A `colspan` or `rowspan` value: 1 when missing or not a number, at most 1,000 (so a hostile span cannot
    /// make millions of cells).
    static func span(_ value: String?) -> Int {
        guard let value, let n = Int(value.trimmingCharacters(in: .whitespaces)), n > 1 else { return 1 }
        return min(n, 1_000)
    }

    /// The HTML's bytes as UTF-8: UTF-16 (with its byte-order mark, or without it when every other byte is
    /// zero, as some programs put HTML on the clipboard) is transcoded; UTF-8's mark is dropped.
    static func decodedBytes(_ data: Data) -> [UInt8] {
        if var transcoder = UTF16Transcoder.byteOrderMark(data) {
            var out: [UInt8] = []
            transcoder.append(data.dropFirst(UTF16Transcoder.byteOrderMarkLength), isLast: true, to: &out)
            return out
        }
        let sample = data.prefix(512)
        if sample.count >= 8 {
            let oddZeros = stride(from: 1, to: sample.count, by: 2).filter { sample[sample.startIndex + $0] == 0 }.count
            if oddZeros * 4 >= sample.count {
                var transcoder = UTF16Transcoder(bigEndian: false)
                var out: [UInt8] = []
                transcoder.append(data, isLast: true, to: &out)
                return out
            }
        }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return bytes
    }
}

/// The rows of one table as they are read, with the cells that spans from rows above still cover.
private final class TableBuilder {
    /// A table inside a cell of another: only its text is kept (by the outer cell).
    let nested: Bool
    private var rows: [[String]] = []
    /// Whether each finished row is all header cells.
    private var headerRows: [Bool] = []
    private var row: [String?] = []
    private var rowIsHeader = true
    private var rowOpen = false
    private(set) var inCell = false
    private var cellIsHeader = false
    private var colspan = 1
    private var rowspan = 1
    /// Cells that a rowspan above reaches into: (row index, column) → text.
    private var pending: [Int: [Int: String]] = [:]
    private(set) var cellCount = 0
    /// Most cells a table may hold (10 million), so a pasted page cannot exhaust memory.
    static let maxCells = 10_000_000

    init(nested: Bool) { self.nested = nested }

    func startRow() {
        endRow()
        rowOpen = true
        row = []
        rowIsHeader = true
    }

    func startCell(header: Bool, colspan: Int, rowspan: Int) {
        if !rowOpen { startRow() }
        inCell = true
        cellIsHeader = header
        self.colspan = colspan
        self.rowspan = rowspan
    }

    func endCell(_ text: String) {
        guard inCell else { return }
        inCell = false
        guard cellCount < Self.maxCells else { return }
        if !cellIsHeader { rowIsHeader = false }
        let rowIndex = rows.count
        var column = nextFreeColumn(in: rowIndex)
        for _ in 0..<colspan {
            place(text, row: rowIndex, column: column)
            for below in 1..<max(rowspan, 1) { pending[rowIndex + below, default: [:]][column] = text }
            column = nextFreeColumn(in: rowIndex)
        }
        cellCount += colspan * rowspan
    }

    func endRow() {
        guard rowOpen else { return }
        rowOpen = false
        let rowIndex = rows.count
        // Cells reached by a rowspan after the row's last own cell.
        if let covered = pending[rowIndex] {
            for (column, text) in covered where column >= row.count || row[column] == nil {
                place(text, row: rowIndex, column: column)
            }
        }
        pending[rowIndex] = nil
        let cells = row.map { $0 ?? "" }
        guard cells.contains(where: { !$0.isEmpty }) else { return }
        rows.append(cells)
        headerRows.append(rowIsHeader)
    }

    /// The first column of row `rowIndex` that neither a cell of its own nor a rowspan above has filled; the
    /// rowspans' text is placed on the way.
    private func nextFreeColumn(in rowIndex: Int) -> Int {
        var column = 0
        while true {
            if column < row.count, row[column] != nil { column += 1; continue }
            if let text = pending[rowIndex]?[column] {
                place(text, row: rowIndex, column: column)
                column += 1
                continue
            }
            return column
        }
    }

    private func place(_ text: String, row rowIndex: Int, column: Int) {
        while row.count <= column { row.append(nil) }
        row[column] = text
    }

    /// The rows, each as wide as the widest, with leading header rows joined into one.
    func finishedRows() -> [[String]] {
        let width = rows.map(\.count).max() ?? 0
        var padded = rows.map { $0 + Array(repeating: "", count: width - $0.count) }
        let leadingHeaders = headerRows.prefix { $0 }.count
        if leadingHeaders > 1, leadingHeaders < padded.count {
            let joined = (0..<width).map { c -> String in
                var parts: [String] = []
                for r in 0..<leadingHeaders where !padded[r][c].isEmpty && parts.last != padded[r][c] {
                    parts.append(padded[r][c])
                }
                return parts.joined(separator: " ")
            }
            padded.replaceSubrange(0..<leadingHeaders, with: [joined])
        }
        return padded
    }
}

/// The text of one cell as it is read: entities decoded, white space collapsed, footnote marks dropped.
private struct CellText {
    private var text = ""

    mutating func append(_ raw: String) { text += HTMLEntities.decode(raw) }

    /// A line break or a block's edge: the words on either side stay apart.
    mutating func breakWords() { text += " " }

    /// The cell's text, and starts the next.
    mutating func take() -> String {
        defer { text = "" }
        var words = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        // "1,234[1]" or "Tokyo[a]": Wikipedia's footnote marks, copied with the cell.
        while words.hasSuffix("]"), let open = words.lastIndex(of: "["),
            words.distance(from: open, to: words.endIndex) <= 12, open != words.startIndex
        {
            words = String(words[..<open]).trimmingCharacters(in: .whitespaces)
        }
        return words
    }
}

/// HTML's character references: the numeric ones and the named ones that tables hold.
enum HTMLEntities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "minus": "\u{2212}",
        "ndash": "\u{2013}", "mdash": "\u{2014}", "times": "\u{00D7}", "deg": "\u{00B0}", "euro": "\u{20AC}",
        "pound": "\u{00A3}", "yen": "\u{00A5}", "cent": "\u{00A2}", "hellip": "\u{2026}", "thinsp": " ",
        "ensp": " ", "emsp": " ", "shy": "", "zwj": "", "zwnj": "", "lrm": "", "rlm": "", "plusmn": "\u{00B1}",
        "middot": "\u{00B7}", "micro": "\u{00B5}", "frac12": "\u{00BD}", "frac14": "\u{00BC}", "frac34": "\u{00BE}",
        "sup2": "\u{00B2}", "sup3": "\u{00B3}", "percnt": "%", "num": "#", "dollar": "$", "comma": ",", "period": "."
    ]

    /// `text` with every reference it holds replaced by its character; an unknown one stays as written.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.prefix(12).firstIndex(of: ";") else {
                out += "&"
                rest = after
                continue
            }
            let name = after[..<semi]
            if let character = character(for: name) {
                out += character
                rest = after[after.index(after: semi)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    private static func character(for name: Substring) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return value == 0xA0 ? " " : String(Character(scalar))
        }
        return named[String(name)]
    }
}

/// Splits HTML into text, start tags (lower-cased name and attributes) and end tags; comments, doctypes and
/// processing instructions are passed over.
private struct HTMLScanner {
    enum Token {
        case text(String)
        case start(name: String, attributes: [String: String], selfClosing: Bool)
        case end(name: String)
    }

    let bytes: [UInt8]
    private var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Token? {
        while position < bytes.count {
            if bytes[position] != UInt8(ascii: "<") {
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
                return .text(String(decoding: bytes[start..<position], as: UTF8.self))
            }
            if starts(with: "<!--") {
                position = find("-->", from: position + 4).map { $0 + 3 } ?? bytes.count
                continue
            }
            let after = position + 1
            guard after < bytes.count else { position = bytes.count; return .text("<") }
            let next = bytes[after]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                position = find(">", from: after).map { $0 + 1 } ?? bytes.count
                continue
            }
            if next == UInt8(ascii: "/") {
                let end = find(">", from: after) ?? bytes.count
                let name = tagName(from: after + 1, to: end)
                position = min(end + 1, bytes.count)
                if name.isEmpty { continue }
                return .end(name: name)
            }
            guard Self.isLetter(next) else {
                // A "<" that opens no tag ("x < 3"): text.
                position += 1
                return .text("<")
            }
            return startTag()
        }
        return nil
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }

    private func starts(with text: String) -> Bool {
        let needle = Array(text.utf8)
        return position + needle.count <= bytes.count && bytes[position..<(position + needle.count)].elementsEqual(needle)
    }

    private func find(_ text: String, from start: Int) -> Int? {
        let needle = Array(text.utf8)
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    private func tagName(from start: Int, to end: Int) -> String {
        var i = start
        while i < end,
            Self.isLetter(bytes[i]) || (bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9"))
                || bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: ":")
        { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self).lowercased()
    }

    /// Reads a start tag at `position` ("<td colspan=2 class='x'>"), its attributes' values as written.
    private mutating func startTag() -> Token {
        let nameStart = position + 1
        var i = nameStart
        while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") { i += 1 }
        let name = String(decoding: bytes[nameStart..<i], as: UTF8.self).lowercased()
        var attributes: [String: String] = [:]
        var selfClosing = false
        while i < bytes.count {
            while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count else { break }
            if bytes[i] == UInt8(ascii: ">") { i += 1; break }
            if bytes[i] == UInt8(ascii: "/") { selfClosing = true; i += 1; continue }
            let keyStart = i
            while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">"),
                bytes[i] != UInt8(ascii: "/")
            { i += 1 }
            let key = String(decoding: bytes[keyStart..<i], as: UTF8.self).lowercased()
            while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
            var value = ""
            if i < bytes.count, bytes[i] == UInt8(ascii: "=") {
                i += 1
                while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
                if i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                    let quote = bytes[i]
                    let valueStart = i + 1
                    i = valueStart
                    while i < bytes.count, bytes[i] != quote { i += 1 }
                    value = String(decoding: bytes[valueStart..<min(i, bytes.count)], as: UTF8.self)
                    i += 1
                } else {
                    let valueStart = i
                    while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
                    value = String(decoding: bytes[valueStart..<i], as: UTF8.self)
                }
            }
            if !key.isEmpty { attributes[key] = HTMLEntities.decode(value) }
            if key.isEmpty { i += 1 }
        }
        position = i
        return .start(name: name, attributes: attributes, selfClosing: selfClosing)
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
}
