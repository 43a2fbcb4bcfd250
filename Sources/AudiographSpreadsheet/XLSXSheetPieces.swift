// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// Reads a big worksheet part on every core: its `<sheetData>` cut between rows into pieces, each parsed by a
/// parser of its own inside a copy of the sheet's root element, and the pieces' grids joined in order.
///
/// Foundation's `XMLParser` spends most of a sheet's reading in the Swift runtime (a String and a dictionary for
/// every element), so one core read a million cells in about 4.5 s (docs/performance.md). The pieces give the
/// same `SheetGrid` and counts as reading the part whole (`XLSXSheetReading.read`), which is what happens instead
/// whenever a piece cannot stand on its own: another encoding declared, a comment, CDATA section or processing
/// instruction among the rows (a cut could land inside one), a row without its number (`r`) after the first
/// piece, or any failure in a piece (a limit, bytes that are not UTF-8, XML that is not well formed), so that the
/// message is always the whole reading's.
enum XLSXSheetPieces {
    /// The sheet in `data` read in pieces of about `pieceBytes` side by side on every core (when `parallelism`
    /// is over 1), as `XLSXSheetReading.read` reads it; nil when it is read whole instead (small, one piece, a
    /// piece that cannot stand alone, or any failure, so that the message is the whole reading's). Throws only
    /// for cancellation.
    static func read(
        _ data: Data, part: String, workbook: XLSXWorkbook, limits: ImportLimits, path: String,
        pieceBytes: Int, parallelism: Int, cancellation: CancellationFlag?
    ) throws -> XLSXSheetReading? {
        guard parallelism > 1, data.count > 2 * pieceBytes, let cuts = SheetCuts(data, pieceBytes: pieceBytes),
            cuts.contentBreaks.count > 2
        else { return nil }
        let count = cuts.contentBreaks.count - 1
        let results = ParallelMap.map(count) { k -> Result<XLSXSheetReading, any Error> in
            Result {
                let reading = XLSXSheetReading(workbook: workbook, limits: limits, path: path)
                try SafeXMLParsing.parse(
                    cuts.piece(k, of: data), part: part, path: path, into: reading,
                    cancellation: cancellation)
                return reading
            }
        }
        guard let results else { return nil }
        var joined: XLSXSheetReading?
        for (k, result) in results.enumerated() {
            switch result {
            case .failure(let error):
                // A limit's message names a cell by its row, which a piece after rows without their number does
                // not know, and the whole reading checks the part's UTF-8 before any limit: it is read whole.
                if case ImportError.cancelled? = error as? ImportError { throw error }
                return nil
            case .success(let reading):
                if k > 0, reading.rowsWithoutNumber > 0 { return nil }
                if let joined { joined.append(reading) } else { joined = reading }
            }
        }
        joined?.finish()
        return joined
    }
}

/// Where a worksheet part is cut: its head (up to and with the `<sheetData>` start tag), the rows between, cut
/// just before a row's start tag, and its tail (from `</sheetData>` on).
struct SheetCuts: Sendable {
    /// Byte offsets in the part: the rows begin at the first, each piece ends where the next begins, and the
    /// last is where `</sheetData>` starts.
    let contentBreaks: [Int]
    /// The root element's start tag and the `<sheetData>` start tag, which open every piece after the first.
    private let opening: Data
    /// The end tags of `<sheetData>` and of the root element, which close every piece before the last.
    private let closing: Data

    /// The cuts of `data` into pieces of about `pieceBytes`; nil when its shape is not the usual one (UTF-16 or an
    /// XML declaration naming another encoding, which the pieces after the first would not see; no root element
    /// or `<sheetData>` found; an empty `<sheetData/>`).
    init?(_ data: Data, pieceBytes: Int) {
        guard TagScanner.declaresUTF8(data) else { return nil }
        let found: (breaks: [Int], opening: Data, closing: Data)? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var scanner = TagScanner(bytes: bytes)
            guard let root = scanner.nextStartTag(), let sheetData = scanner.startTag(named: "sheetData"),
                !sheetData.selfClosing
            else { return nil }
            let endTag = Array("</\(sheetData.name)>".utf8)
            guard let end = TagScanner.lastRange(of: endTag, in: bytes), end > sheetData.end else { return nil }
            // A comment, CDATA section or processing instruction among the rows may hold "<row" where a cut
            // would land, and a parser given the piece that ends inside one may not say so: such sheets (no
            // writer we know makes them) are read whole.
            guard !TagScanner.holdsMarkup(bytes, from: sheetData.end, before: end) else { return nil }
            let rowTag = Array("<\(sheetData.name.dropLast("sheetData".count))row".utf8)
            var breaks = [sheetData.end]
            var target = sheetData.end + pieceBytes
            while target < end - pieceBytes / 2 {
                guard let next = TagScanner.firstStart(of: rowTag, in: bytes, from: target, before: end) else { break }
                breaks.append(next)
                target = next + pieceBytes
            }
            breaks.append(end)
            let opening = Data(bytes[root.start..<root.end]) + Data(bytes[sheetData.start..<sheetData.end])
            let closing = Data(endTag) + Data("</\(root.name)>".utf8)
            return (breaks, opening, closing)
        }
        guard let found else { return nil }
        contentBreaks = found.breaks
        opening = found.opening
        closing = found.closing
    }

    /// Piece `k` as a part of its own: the first keeps the part's head, the last its tail; the others are
    /// opened and closed like them.
    func piece(_ k: Int, of data: Data) -> Data {
        let last = contentBreaks.count - 2
        var piece = Data()
        if k == 0 {
            piece.append(data[data.startIndex..<(data.startIndex + contentBreaks[1])])
        } else {
            piece.append(opening)
            piece.append(data[(data.startIndex + contentBreaks[k])..<(data.startIndex + contentBreaks[k + 1])])
        }
        if k == last {
            piece.append(data[(data.startIndex + contentBreaks[k + 1])...])
        } else {
            piece.append(closing)
        }
        return piece
    }
}
