// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// The workbook-level parts of an .xlsx file: its sheets, their parts, the date system, shared strings and which
/// cell styles are dates (ECMA-376 Part 1: SpreadsheetML).
struct XLSXWorkbook {
    /// One sheet as the workbook lists it.
    struct Sheet {
        var name: String
        var hidden: Bool
        /// Path of its part inside the zip ("xl/worksheets/sheet1.xml"); nil for a chart sheet or a missing one.
        var part: String?
    }

    var sheets: [Sheet] = []
    /// Whether serial dates count from 1904-01-01 (old Mac Excel) rather than 1900.
    var uses1904 = false
    var sharedStrings: [String] = []
    /// The number-format kind of each cell style (`s` attribute of a cell), by index.
    var styleKinds: [NumberFormatKind] = []

    /// Reads the workbook, its relationships, shared strings and styles from `archive`.
    init(archive: WorkbookArchive, workbookPart: String, cancellation: CancellationFlag?) throws {
        let path = archive.path
        let folder = (workbookPart as NSString).deletingLastPathComponent
        let relationships = try Self.relationships(
            archive, part: folder + "/_rels/" + (workbookPart as NSString).lastPathComponent + ".rels")
        guard let workbookXML = try archive.part(workbookPart) else {
            throw ImportError.unsupportedArchive(path: path)
        }
        let workbook = WorkbookHandler()
        try SafeXMLParsing.parse(workbookXML, part: workbookPart, path: path, into: workbook)
        uses1904 = workbook.uses1904
        sheets = workbook.sheets.map { sheet in
            let target = relationships[sheet.relationship].flatMap { rel -> String? in
                rel.type.hasSuffix("/worksheet") ? Self.resolve(rel.target, from: folder) : nil
            }
            return Sheet(name: sheet.name, hidden: sheet.hidden, part: target)
        }
        let stringsPart =
            relationships.values.first { $0.type.hasSuffix("/sharedStrings") }
            .map { Self.resolve($0.target, from: folder) } ?? folder + "/sharedStrings.xml"
        if let data = try archive.part(stringsPart, cancellation: cancellation) {
            let strings = SharedStringsHandler()
            try SafeXMLParsing.parse(data, part: stringsPart, path: path, into: strings, cancellation: cancellation)
            sharedStrings = strings.strings
        }
        let stylesPart =
            relationships.values.first { $0.type.hasSuffix("/styles") }
            .map { Self.resolve($0.target, from: folder) } ?? folder + "/styles.xml"
        if let data = try archive.part(stylesPart) {
            let styles = StylesHandler()
            try SafeXMLParsing.parse(data, part: stylesPart, path: path, into: styles)
            styleKinds = styles.cellFormats.map { id in
                if let code = styles.codes[id] { return NumberFormatKind.of(code: code) }
                return NumberFormatKind.builtIn(id) ?? .plain
            }
        }
    }

    /// The part the package's root relationships name as its main document (the workbook), nil when none does.
    static func workbookPart(_ archive: WorkbookArchive) throws -> String? {
        let root = try relationships(archive, part: "_rels/.rels")
        if let main = root.values.first(where: { $0.type.hasSuffix("/officeDocument") }) {
            let part = resolve(main.target, from: "")
            if archive.has(part) { return part }
        }
        return archive.has("xl/workbook.xml") ? "xl/workbook.xml" : nil
    }

    /// A relationship's target as a path inside the zip: relative to `folder`, or absolute from the zip's root.
    static func resolve(_ target: String, from folder: String) -> String {
        if target.hasPrefix("/") { return String(target.dropFirst()) }
        var parts = folder.split(separator: "/").map(String.init)
        for piece in target.split(separator: "/") {
            if piece == ".." { if !parts.isEmpty { parts.removeLast() } } else if piece != "." { parts.append(String(piece)) }
        }
        return parts.joined(separator: "/")
    }

    /// The relationships in part `part` by id: (type URI, target); empty when the part is missing.
    static func relationships(_ archive: WorkbookArchive, part: String) throws -> [String: (type: String, target: String)] {
        guard let data = try archive.part(part) else { return [:] }
        let handler = RelationshipsHandler()
        try SafeXMLParsing.parse(data, part: part, path: archive.path, into: handler)
        return handler.relationships
    }
}

/// Reads `<Relationship Id Type Target>` elements.
private final class RelationshipsHandler: XMLPartHandler {
    var relationships: [String: (type: String, target: String)] = [:]
    var failure: ImportError? { nil }
    func start(_ name: Substring, _ attributes: XMLAttributes) {
        guard name == "Relationship", let id = attributes["Id"], let target = attributes["Target"] else { return }
        if attributes["TargetMode"] == "External" { return }
        relationships[id] = (attributes["Type"] ?? "", target)
    }
    func end(_ name: Substring) {}
    func text(_ text: String) {}
}

/// Reads the sheet list and date system of xl/workbook.xml.
private final class WorkbookHandler: XMLPartHandler {
    var sheets: [(name: String, hidden: Bool, relationship: String)] = []
    var uses1904 = false
    var failure: ImportError? { nil }
    func start(_ name: Substring, _ attributes: XMLAttributes) {
        switch name {
        case "workbookPr":
            let value = attributes["date1904"]?.lowercased()
            uses1904 = value == "1" || value == "true"
        case "sheet":
            let state = attributes["state"] ?? "visible"
            sheets.append((attributes["name"] ?? "", state != "visible", attributes["id"] ?? ""))
        default: break
        }
    }
    func end(_ name: Substring) {}
    func text(_ text: String) {}
}

/// Reads xl/sharedStrings.xml: each `<si>` is the text of its `<t>` elements, leaving out phonetic runs.
private final class SharedStringsHandler: XMLPartHandler {
    var strings: [String] = []
    private var current = ""
    private var inText = false
    private var phonetic = 0
    var failure: ImportError? { nil }
    func start(_ name: Substring, _ attributes: XMLAttributes) {
        switch name {
        case "si": current = ""
        case "t": inText = phonetic == 0
        case "rPh": phonetic += 1
        default: break
        }
    }
    func end(_ name: Substring) {
        switch name {
        case "si": strings.append(current)
        case "t": inText = false
        case "rPh": phonetic -= 1
        default: break
        }
    }
    func text(_ text: String) { if inText { current += text } }
}

/// Reads xl/styles.xml: custom number formats and each cell style's number format id.
private final class StylesHandler: XMLPartHandler {
    var codes: [Int: String] = [:]
    var cellFormats: [Int] = []
    private var inCellFormats = false
    var failure: ImportError? { nil }
    func start(_ name: Substring, _ attributes: XMLAttributes) {
        switch name {
        case "numFmt":
            if let id = attributes["numFmtId"].flatMap({ Int($0) }), let code = attributes["formatCode"] { codes[id] = code }
        case "cellXfs": inCellFormats = true
        case "xf" where inCellFormats:
            cellFormats.append(attributes["numFmtId"].flatMap { Int($0) } ?? 0)
        default: break
        }
    }
    func end(_ name: Substring) { if name == "cellXfs" { inCellFormats = false } }
    func text(_ text: String) {}
}
