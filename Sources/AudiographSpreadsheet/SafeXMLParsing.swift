// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Receives the elements and text of one workbook part, by local name (namespace prefixes dropped, as writers
/// choose their own: `x:c` and `c` are the same cell).
protocol XMLPartHandler: AnyObject {
    func start(_ name: Substring, _ attributes: XMLAttributes)
    func end(_ name: Substring)
    /// Character data inside the current element (may come in several pieces).
    func text(_ text: String)
    /// Set when the part breaks a limit (too many rows, a cell too long): parsing stops and this is thrown.
    var failure: ImportError? { get }
}

/// An element's attributes, looked up by local name.
struct XMLAttributes {
    let raw: [String: String]

    subscript(_ localName: String) -> String? {
        if let value = raw[localName] { return value }
        for (key, value) in raw where key.hasSuffix(localName) {
            if let colon = key.lastIndex(of: ":"), key[key.index(after: colon)...] == localName { return value }
        }
        return nil
    }
}

/// Parses workbook XML with Foundation's XMLParser, refusing any DTD (spreadsheets never declare one, and a DTD
/// is how entity-expansion attacks work) and never resolving external entities.
enum SafeXMLParsing {
    /// Parses `data` (part `part` of the workbook at `path`) into `handler`; throws
    /// `ImportError.workbookDeclaresEntities` for a DTD and `ImportError.damagedWorkbook` for XML that is not
    /// well formed, and the handler's `failure` when it sets one.
    static func parse(
        _ data: Data, part: String, path: String, into handler: XMLPartHandler,
        cancellation: CancellationFlag? = nil
    ) throws {
        if declaresDocumentType(data) { throw ImportError.workbookDeclaresEntities(path: path) }
        // Foundation's XMLParser traps on an element or attribute name that is not valid UTF-8 (libxml2 lets
        // such bytes through), so a damaged part must never reach it. Workbook parts are UTF-8; a UTF-16 part
        // (byte-order mark first) is decoded and checked by libxml2 itself.
        if !data.starts(with: [0xFF, 0xFE]) && !data.starts(with: [0xFE, 0xFF]) && !isValidUTF8(data) {
            throw ImportError.damagedWorkbook(path: path, reason: Localization.tr("%@ is not UTF-8 text", part))
        }
        // From a stream, not `XMLParser(data:)`: that hands libxml2 the whole part in one piece, and libxml2
        // stops at 10 MB of unparsed input ("huge input lookup"), so every sheet over 10 MB failed at its end.
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let delegate = Delegate(handler: handler, cancellation: cancellation)
        parser.delegate = delegate
        let finished = parser.parse()
        if delegate.cancelled { throw ImportError.cancelled(path: path) }
        if let failure = handler.failure { throw failure }
        // XMLParser reading from a stream can end without an error where the part breaks off between two
        // elements (a workbook cut short while written): then an element is still open.
        if !finished || delegate.openElements != 0 {
            let line = parser.lineNumber
            throw ImportError.damagedWorkbook(
                path: path, reason: Localization.tr("the XML of %@ breaks off at line %ld", part, line))
        }
    }

    /// Whether `data` is valid UTF-8 throughout, checked without copying it.
    static func isValidUTF8(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let hadError = transcode(
                raw.bindMemory(to: UInt8.self).makeIterator(), from: UTF8.self, to: UTF32.self,
                stoppingOnError: true
            ) { _ in }
            return !hadError
        }
    }

    /// Whether the document's prolog (before its root element) holds a `<!DOCTYPE`.
    static func declaresDocumentType(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            let bytes = raw.bindMemory(to: UInt8.self)
            var i = 0
            func starts(_ text: String) -> Bool {
                let t = Array(text.utf8)
                return i + t.count <= bytes.count && (0..<t.count).allSatisfy { bytes[i + $0] == t[$0] }
            }
            func skip(past end: String) {
                let e = Array(end.utf8)
                while i + e.count <= bytes.count {
                    if (0..<e.count).allSatisfy({ bytes[i + $0] == e[$0] }) { i += e.count; return }
                    i += 1
                }
                i = bytes.count
            }
            if starts("\u{FEFF}") { i += 3 }
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1; continue }
                if starts("<?") { skip(past: "?>"); continue }
                if starts("<!--") { skip(past: "-->"); continue }
                return starts("<!")
            }
            return false
        }
    }

    /// Bridges XMLParser's delegate calls to a handler; remembers cancellation.
    private final class Delegate: NSObject, XMLParserDelegate {
        let handler: XMLPartHandler
        let cancellation: CancellationFlag?
        var cancelled = false
        private var elements = 0
        /// Elements started and not yet ended.
        private(set) var openElements = 0

        init(handler: XMLPartHandler, cancellation: CancellationFlag?) {
            self.handler = handler
            self.cancellation = cancellation
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            elements += 1
            openElements += 1
            if elements & 0x3FFF == 0, cancellation?.isCancelled == true {
                cancelled = true
                parser.abortParsing()
                return
            }
            handler.start(localName(elementName), XMLAttributes(raw: attributeDict))
            if handler.failure != nil { parser.abortParsing() }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?
        ) {
            openElements -= 1
            handler.end(localName(elementName))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            handler.text(string)
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            handler.text(String(decoding: block, as: UTF8.self))
        }

        private func localName(_ name: String) -> Substring {
            guard let colon = name.lastIndex(of: ":") else { return name[...] }
            return name[name.index(after: colon)...]
        }
    }
}
