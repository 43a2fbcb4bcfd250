// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// Reads an OpenDocument spreadsheet's content.xml into one `SheetGrid` per table (sheet): typed cell values,
/// repeated rows and cells, hidden rows and columns, merged (spanned) cells and hidden sheets (ODF 1.2 part 1,
/// chapter 9).
final class ODSContentReading: XMLPartHandler {
    /// One sheet as read.
    struct Sheet {
        var name: String
        var hidden: Bool
        var grid: SheetGrid
        /// The row after the last row holding a value, repeats counted (what the row limit is checked against).
        var filledRowsEnd = 0
    }

    private let limits: ImportLimits
    private let path: String
    private(set) var sheets: [Sheet] = []
    private(set) var failure: ImportError?

    /// Table styles whose table-properties say display="false" (hidden sheets).
    private var hiddenTableStyles = Set<String>()
    private var currentStyle: String?
    private var tableStyle: [Int: String] = [:]

    private var inTable = false
    /// The row the next row of the current (or last) sheet starts at.
    private(set) var row = 0
    private var column = 0
    private var rowRepeat = 1
    private var rowHidden = false
    private var rowCells: [(column: Int, value: SheetCell)] = []
    private var cellRepeat = 1
    private var cellValue: SheetCell?
    private var cellType: String?
    private var cellText = ""
    private var paragraphs = 0
    private var inCell = false
    private var annotation = 0
    /// Cells added to every sheet so far, repeats counted.
    private(set) var cellsAdded = 0
    /// Most cells read from one content.xml, repeats counted (about as many as 1 GiB of cell XML holds).
    static let maxCells = 50_000_000

    init(limits: ImportLimits, path: String) {
        self.limits = limits
        self.path = path
    }

    /// Reads content.xml held in `data`: in pieces of about `pieceBytes` on `parallelism` cores when it is big
    /// (`ODSContentPieces`), else whole.
    static func read(
        _ data: Data, limits: ImportLimits, path: String, pieceBytes: Int = 4 << 20,
        parallelism: Int = 1, cancellation: CancellationFlag?
    ) throws -> [Sheet] {
        if let sheets = try ODSContentPieces.read(
            data, limits: limits, path: path, pieceBytes: pieceBytes,
            parallelism: parallelism, cancellation: cancellation)
        {
            return sheets.map { sheet in
                var sheet = sheet
                sheet.grid.normalise()
                return sheet
            }
        }
        let reading = ODSContentReading(limits: limits, path: path)
        try SafeXMLParsing.parse(data, part: "content.xml", path: path, into: reading, cancellation: cancellation)
        return reading.sheets.map { sheet in
            var sheet = sheet
            sheet.grid.normalise()
            return sheet
        }
    }

    func start(_ name: Substring, _ attributes: XMLAttributes) {
        if annotation > 0 {
            if name == "annotation" { annotation += 1 }
            return
        }
        switch name {
        case "style":
            currentStyle = attributes["family"] == "table" ? attributes["name"] : nil
        case "table-properties":
            if let style = currentStyle, attributes["display"] == "false" { hiddenTableStyles.insert(style) }
        case "table":
            guard !inTable else { return }  // a table inside a cell's text is no sheet
            inTable = true
            row = 0
            let hidden = attributes["style-name"].map { hiddenTableStyles.contains($0) } ?? false
            sheets.append(Sheet(name: attributes["name"] ?? "", hidden: hidden, grid: SheetGrid()))
        case "table-column":
            guard inTable else { return }  // columns outside a sheet (damaged content) describe nothing
            let count = min(repeatCount(attributes["number-columns-repeated"]), 16_384)
            let hidden = (attributes["visibility"] ?? "visible") != "visible"
            if hidden, column < 16_384 {
                for c in column..<min(column + count, 16_384) { sheets[sheets.count - 1].grid.hiddenColumns.insert(c) }
            }
            column += count
        case "table-row":
            column = 0
            rowRepeat = repeatCount(attributes["number-rows-repeated"])
            rowHidden = (attributes["visibility"] ?? "visible") != "visible"
            rowCells = []
        case "table-cell", "covered-table-cell":
            inCell = true
            cellRepeat = repeatCount(attributes["number-columns-repeated"])
            cellText = ""
            paragraphs = 0
            cellType = attributes["value-type"]
            cellValue = Self.typedValue(cellType, attributes)
            if name == "table-cell", inTable {
                let across = repeatCount(attributes["number-columns-spanned"])
                let down = repeatCount(attributes["number-rows-spanned"])
                if across > 1 || down > 1 {
                    sheets[sheets.count - 1].grid.merged.append(
                        MergedRange(top: row, left: column, bottom: row + down - 1, right: column + across - 1))
                }
            }
        case "p" where inCell:
            if paragraphs > 0 { cellText += "\n" }
            paragraphs += 1
        case "s" where inCell:
            cellText += String(repeating: " ", count: min(repeatCount(attributes["c"]), 1_000))
        case "tab" where inCell:
            cellText += "\t"
        case "line-break" where inCell:
            cellText += "\n"
        case "annotation":
            annotation = 1
        default: break
        }
    }

    func end(_ name: Substring) {
        if annotation > 0 {
            if name == "annotation" { annotation -= 1 }
            return
        }
        switch name {
        case "style": currentStyle = nil
        case "table":
            inTable = false
            column = 0
        case "table-cell", "covered-table-cell":
            inCell = false
            finishCell()
        case "table-row":
            finishRow()
        default: break
        }
    }

    func text(_ text: String) {
        guard inCell, annotation == 0 else { return }
        cellText += text
        if cellText.utf8.count > limits.maxFieldBytes {
            failure = .cellTooLong(
                path: path, cell: CellReference.name(row: row, column: column),
                limitBytes: limits.maxFieldBytes)
            inCell = false
        }
    }

    /// Adds the cell just closed (repeated as often as it says) to the row being read.
    private func finishCell() {
        defer { column += cellRepeat }
        var value = cellValue
        // LibreOffice keeps a boolean from an .xlsx as a number with a formula (=TRUE()) shown as TRUE or FALSE.
        if case .number(let n)? = value, n == 0 || n == 1, cellText == "TRUE" || cellText == "FALSE" {
            value = .boolean(n == 1)
        }
        if value == nil, cellType == nil || cellType == "string", !cellText.isEmpty { value = .text(cellText) }
        if value == nil, cellType != nil, cellType != "string", !cellText.isEmpty, cellValue == nil {
            value = .text(cellText)  // a typed cell without its value attribute: what it shows
        }
        guard let value else { return }
        if column + cellRepeat > limits.maxColumns {
            failure = .tooManyColumns(path: path, count: column + cellRepeat, limit: limits.maxColumns)
            return
        }
        for c in column..<(column + cellRepeat) { rowCells.append((c, value)) }
    }

    /// Adds the row just closed (repeated as often as it says) to the sheet; an empty row only moves on.
    private func finishRow() {
        defer { row += rowRepeat }
        guard inTable, !sheets.isEmpty, !rowCells.isEmpty else { return }
        if row + rowRepeat > limits.maxRows + 1 {
            failure = .tooManyRows(path: path, limit: limits.maxRows)
            return
        }
        // A repeated row is a handful of bytes that could stand for billions of cells: refused past the cells
        // 1 GiB of XML could hold.
        cellsAdded += rowCells.count * rowRepeat
        if cellsAdded > Self.maxCells {
            failure = .workbookTooLarge(path: path, limitBytes: WorkbookArchive.maxPartBytes)
            return
        }
        sheets[sheets.count - 1].filledRowsEnd = row + rowRepeat
        if rowHidden {
            for r in row..<(row + rowRepeat) { sheets[sheets.count - 1].grid.hiddenRows.insert(r) }
        }
        for r in row..<(row + rowRepeat) {
            for cell in rowCells { sheets[sheets.count - 1].grid.add(row: r, column: cell.column, value: cell.value) }
        }
    }

    /// The value a cell's office:value-type and value attributes give; nil for text (read from its paragraphs)
    /// and for a cell with no type.
    static func typedValue(_ type: String?, _ attributes: XMLAttributes) -> SheetCell? {
        switch type {
        case "float", "currency":
            return attributes["value"].flatMap { Double($0) }.map { .number($0) }
        case "percentage":
            return attributes["value"].flatMap { Double($0) }.map { .percent($0) }
        case "date":
            return attributes["date-value"].map { .date(XLSXSheetReading.isoDateTime($0)) }
        case "time":
            guard let text = attributes["time-value"], let seconds = duration(text) else { return nil }
            if seconds < 86_400 {
                let s = Int(seconds.rounded())
                return .date(String(format: "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60))
            }
            return .number(seconds / 86_400)
        case "boolean":
            return attributes["boolean-value"].map { .boolean($0.lowercased() == "true" || $0 == "1") }
        default:
            return nil
        }
    }

    /// Seconds in an ISO 8601 duration such as "PT13H45M00S" or "PT1H30M15.5S"; nil when it is not one.
    static func duration(_ text: String) -> Double? {
        guard text.hasPrefix("PT") || text.hasPrefix("-PT") else { return nil }
        var total = 0.0, number = ""
        for c in text.drop(while: { $0 != "T" }).dropFirst() {
            switch c {
            case "H": total += (Double(number) ?? 0) * 3600; number = ""
            case "M": total += (Double(number) ?? 0) * 60; number = ""
            case "S": total += Double(number) ?? 0; number = ""
            default: number.append(c)
            }
        }
        return text.hasPrefix("-") ? nil : total
    }

    /// A repeat or span count attribute as a number, from 1 to 2^24 (a sheet has at most 2^20 rows; anything
    /// bigger is damage, and must not overflow the row count).
    private func repeatCount(_ text: String?) -> Int { min(max(1, text.flatMap { Int($0) } ?? 1), 1 << 24) }
}
