// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// Reads a big OpenDocument content.xml on every core: cut just before table rows into pieces, each parsed by a
/// parser of its own inside copies of the part's head (styles included) and of its table's start tag, and the
/// pieces' sheets joined in order, each continued sheet's rows moved down by the rows the pieces before counted.
///
/// ODS rows carry no numbers (`table:number-rows-repeated` counts them), so a piece numbers its rows from its own
/// start and the join adds the offset. Anything the pieces could get wrong is read whole instead
/// (`ODSContentReading.read`): any failure in a piece (a limit, whose message names a cell by its absolute row;
/// XML that is not well formed, such as a cut inside a row group or a table in a cell), rows past the row limit
/// or cells past the cell limit once joined, and a comment, CDATA section or processing instruction in the body.
enum ODSContentPieces {
    /// The sheets of content.xml in `data` read in pieces as `ODSContentReading.read` reads it whole (rows not yet
    /// normalised); nil when it is read whole instead. Throws only for cancellation.
    static func read(
        _ data: Data, limits: ImportLimits, path: String, pieceBytes: Int, parallelism: Int,
        cancellation: CancellationFlag?
    ) throws -> [ODSContentReading.Sheet]? {
        guard parallelism > 1, data.count > 2 * pieceBytes, let cuts = ContentCuts(data, pieceBytes: pieceBytes),
            cuts.breaks.count > 2
        else { return nil }
        let results = ParallelMap.map(cuts.breaks.count - 1) { k -> Result<ODSContentReading, any Error> in
            Result {
                let reading = ODSContentReading(limits: limits, path: path)
                try SafeXMLParsing.parse(
                    cuts.piece(k, of: data), part: "content.xml", path: path, into: reading,
                    cancellation: cancellation)
                return reading
            }
        }
        guard let results else { return nil }
        var sheets: [ODSContentReading.Sheet] = []
        var rowsBefore = 0  // rows of the last sheet counted by the pieces joined so far
        var cells = 0
        for (k, result) in results.enumerated() {
            let reading: ODSContentReading
            switch result {
            case .success(let read): reading = read
            case .failure(let error):
                if case ImportError.cancelled? = error as? ImportError { throw error }
                return nil
            }
            cells += reading.cellsAdded
            guard cells <= ODSContentReading.maxCells, !reading.sheets.isEmpty else { return nil }
            var pieceSheets = reading.sheets
            if k > 0 {
                // The piece began inside the last sheet: its first sheet continues it.
                let continued = pieceSheets.removeFirst()
                guard !sheets.isEmpty else { return nil }
                sheets[sheets.count - 1].append(continued, movedDown: rowsBefore)
                if pieceSheets.isEmpty { rowsBefore += reading.row } else { rowsBefore = reading.row }
            } else {
                rowsBefore = reading.row
            }
            sheets += pieceSheets
        }
        // The row limit, checked on the joined rows as the whole reading checks each row.
        guard sheets.allSatisfy({ $0.filledRowsEnd <= limits.maxRows + 1 }) else { return nil }
        return sheets
    }
}

extension ODSContentReading.Sheet {
    /// Adds `next`, the same sheet as read by the next piece with rows numbered from its own start, `rows` down.
    mutating func append(_ next: ODSContentReading.Sheet, movedDown rows: Int) {
        for row in next.grid.rows {
            let index = row.index + rows
            if grid.rows.last?.index == index {
                grid.rows[grid.rows.count - 1].cells += row.cells
            } else {
                grid.rows.append((index, row.cells))
            }
        }
        grid.hiddenRows.formUnion(next.grid.hiddenRows.map { $0 + rows })
        grid.hiddenColumns.formUnion(next.grid.hiddenColumns)
        grid.merged += next.grid.merged.map {
            MergedRange(top: $0.top + rows, left: $0.left, bottom: $0.bottom + rows, right: $0.right)
        }
        grid.impossibleDates += next.grid.impossibleDates
        grid.uncalculatedFormulas += next.grid.uncalculatedFormulas
        if next.filledRowsEnd > 0 { filledRowsEnd = next.filledRowsEnd + rows }
    }
}

/// Where content.xml is cut: just before a table row's start tag, inside a sheet's table, about every
/// `pieceBytes`; with the head every later piece opens with and the end tags every earlier one closes with.
private struct ContentCuts: Sendable {
    /// Byte offsets in the part: 0, each cut, and the part's end.
    let breaks: [Int]
    /// The start tag of the table each cut lies in, by cut (index 0 unused), which opens the piece after it.
    private let tables: [Data]
    /// The end tags of that table, the spreadsheet, the body and the root element, which close the piece before.
    private let closings: [Data]
    /// The part up to and with the `<office:spreadsheet>` start tag (root element, styles, body).
    private let head: Data

    init?(_ data: Data, pieceBytes: Int) {
        guard TagScanner.declaresUTF8(data) else { return nil }  // pieces after the first have no declaration
        let found: (breaks: [Int], tables: [Data], closings: [Data], head: Data)? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var scanner = TagScanner(bytes: bytes)
            guard let root = scanner.nextStartTag(), let body = scanner.startTag(named: "body"),
                let spreadsheet = scanner.startTag(named: "spreadsheet"), !spreadsheet.selfClosing,
                !TagScanner.holdsMarkup(bytes, from: spreadsheet.end, before: bytes.count)
            else { return nil }
            var breaks = [0], tables = [Data()], closings = [Data()]
            while let table = scanner.startTag(named: "table") {
                guard !table.selfClosing else { continue }
                let closing = Data("</\(table.name)></\(spreadsheet.name)></\(body.name)></\(root.name)>".utf8)
                let endTag = Array("</\(table.name)".utf8)
                guard let end = TagScanner.firstStart(of: endTag, in: bytes, from: table.end, before: bytes.count)
                else { return nil }
                let rowTag = Array("<\(table.name)-row".utf8)
                var target = max(table.end, (breaks.last ?? 0) + pieceBytes)
                while target < end - pieceBytes / 2,
                    let next = TagScanner.firstStart(of: rowTag, in: bytes, from: target, before: end)
                {
                    breaks.append(next)
                    tables.append(Data(bytes[table.start..<table.end]))
                    closings.append(closing)
                    target = next + pieceBytes
                }
                scanner.position = end
            }
            breaks.append(bytes.count)
            return (breaks, tables, closings, Data(bytes[0..<spreadsheet.end]))
        }
        guard let found else { return nil }
        breaks = found.breaks
        tables = found.tables
        closings = found.closings
        head = found.head
    }

    /// Piece `k` as a content.xml of its own.
    func piece(_ k: Int, of data: Data) -> Data {
        var piece = Data()
        if k > 0 {
            piece.append(head)
            piece.append(tables[k])
        }
        piece.append(data[(data.startIndex + breaks[k])..<(data.startIndex + breaks[k + 1])])
        if k < breaks.count - 2 { piece.append(closings[k + 1]) }
        return piece
    }
}
