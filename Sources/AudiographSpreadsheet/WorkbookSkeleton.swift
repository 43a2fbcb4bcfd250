// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ZIPFoundation

/// The fewest parts that make a workbook around one sheet's XML, zipped in memory: for tests and the fuzzer,
/// which vary the sheet and need the rest to be valid.
public enum WorkbookSkeleton {
    /// An .xlsx whose one sheet, "Data", is `sheetXML` (a whole worksheet part); cell style 1 is a date
    /// ("yyyy-mm-dd"), and `date1904` sets the workbook's date system.
    public static func xlsx(sheetXML: Data, date1904: Bool = false) throws -> Data {
        let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
        let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        let package = "http://schemas.openxmlformats.org/package/2006/relationships"
        // swift-format-ignore
        // One file of the package per line, each with its "not shown" mark for the catalog check.
        return try zip([
            ("_rels/.rels", Data(#"<?xml version="1.0"?><Relationships xmlns="\#(package)"><Relationship Id="rId1" Type="\#(relationships)/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.utf8)),  // l10n: not shown
            ("xl/workbook.xml", Data(#"<?xml version="1.0"?><workbook xmlns="\#(main)" xmlns:r="\#(relationships)"><workbookPr date1904="\#(date1904 ? 1 : 0)"/><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>"#.utf8)),  // l10n: not shown
            ("xl/_rels/workbook.xml.rels", Data(#"<?xml version="1.0"?><Relationships xmlns="\#(package)"><Relationship Id="rId1" Type="\#(relationships)/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="\#(relationships)/styles" Target="styles.xml"/></Relationships>"#.utf8)),  // l10n: not shown
            ("xl/styles.xml", Data(#"<?xml version="1.0"?><styleSheet xmlns="\#(main)"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\-mm\-dd"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>"#.utf8)),  // l10n: not shown
            ("xl/worksheets/sheet1.xml", sheetXML),
        ])
    }

    /// An .ods whose content.xml is `contentXML`.
    public static func ods(contentXML: Data) throws -> Data {
        // swift-format-ignore
        // One file of the package per line, each with its "not shown" mark for the catalog check.
        try zip([
            ("mimetype", Data("application/vnd.oasis.opendocument.spreadsheet".utf8)),  // l10n: not shown
            ("META-INF/manifest.xml", Data(#"<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#.utf8)),  // l10n: not shown
            ("content.xml", contentXML),
        ])
    }

    /// The workbooks the fuzzer reads for one input: the input itself when it is a zip, else an .xlsx with the
    /// input as its sheet and an .ods with it as its content; none for input that holds no XML tag.
    public static func workbooks(around input: Data) -> [(name: String, data: Data)] {
        if input.starts(with: [0x50, 0x4B]) { return [("fuzz.xlsx", input)] }
        guard input.contains(UInt8(ascii: "<")) else { return [] }
        return [("fuzz.xlsx", try? xlsx(sheetXML: input)), ("fuzz.ods", try? ods(contentXML: input))]
            .compactMap { name, data in data.map { (name, $0) } }
    }

    /// A zip in memory holding `parts` in order, deflated.
    private static func zip(_ parts: [(String, Data)]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (name, data) in parts {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count),
                compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        guard let data = archive.data else { throw CocoaError(.fileWriteUnknown) }  // l10n: not shown
        return data
    }
}
