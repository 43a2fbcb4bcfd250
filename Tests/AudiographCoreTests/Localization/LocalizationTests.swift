// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore
import Foundation
import XCTest

/// Choosing the interface language, and reading compiled gettext catalogs (made here with msgfmt).
final class LocalizationTests: XCTestCase {
    private let folder = TemporaryFolder()

    func testTheLanguageIsChosenAsGettextDoes() {
        XCTAssertEqual(InterfaceLanguage.choose(environment: ["LANGUAGE": "ja"]), "ja")
        XCTAssertEqual(InterfaceLanguage.choose(environment: ["LANG": "ja_JP.UTF-8"]), "ja")
        XCTAssertEqual(InterfaceLanguage.choose(environment: ["LANGUAGE": "fr:ja", "LANG": "C.UTF-8"]), "ja")
        XCTAssertNil(InterfaceLanguage.choose(environment: ["LANGUAGE": "en:ja"]), "English first wins")
        XCTAssertNil(InterfaceLanguage.choose(environment: ["LANGUAGE": "ja", "LC_ALL": "C"]), "C ignores LANGUAGE")
        XCTAssertNil(InterfaceLanguage.choose(environment: ["LC_ALL": "en_US.UTF-8", "LANG": "ja_JP.UTF-8"]))
        XCTAssertEqual(InterfaceLanguage.choose(environment: ["LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"]), "ja")
        XCTAssertNil(InterfaceLanguage.choose(environment: ["LANG": "de_DE.UTF-8"]), "no German catalog: English")
        XCTAssertNil(InterfaceLanguage.choose(environment: [:]))
    }

    /// A catalog compiled by msgfmt from `po` (UTF-8 text of a .po file).
    private func compile(_ po: String) throws -> MessageCatalog? {
        let source = folder.write("test.po", po)
        let output = folder.url.appendingPathComponent("test.mo").path
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["-o", output, source]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        XCTAssertEqual(msgfmt.terminationStatus, 0)
        return MessageCatalog(moData: try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    func testMessagesPluralsAndContextsAreRead() throws {
        let catalog = try XCTUnwrap(compile("""
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Plural-Forms: nplurals=1; plural=0;\\n"

            msgid "Paused"
            msgstr "一時停止"

            msgid "%ld point"
            msgid_plural "%ld points"
            msgstr[0] "%ld 点"

            msgctxt "month day"
            msgid "%@ %ld"
            msgstr "%1$@%2$ld日"

            msgid "Untranslated"
            msgstr ""
            """))
        XCTAssertEqual(catalog.translation(of: "Paused"), "一時停止")
        XCTAssertNil(catalog.translation(of: "Untranslated"), "an empty translation means none")
        XCTAssertEqual(catalog.pluralFormCount, 1)
        XCTAssertEqual(catalog.translation(singular: "%ld point", plural: "%ld points", count: 1), "%ld 点")
        XCTAssertEqual(catalog.translation(singular: "%ld point", plural: "%ld points", count: 5), "%ld 点")
        XCTAssertEqual(catalog.translation(of: "month day\u{4}%@ %ld"), "%1$@%2$ld日")
        XCTAssertNil(catalog.translation(of: "%@ %ld"), "a message with a context is only found with it")
    }

    func testBytesThatAreNotACatalogAreRefused() {
        XCTAssertNil(MessageCatalog(moData: Data()))
        XCTAssertNil(MessageCatalog(moData: Data("not a catalog, just some text here".utf8)))
        var truncated = Data([0xde, 0x12, 0x04, 0x95] + [UInt8](repeating: 0, count: 4))
        truncated.append(contentsOf: [200, 0, 0, 0, 28, 0, 0, 0, 255, 255, 0, 0] + [UInt8](repeating: 0, count: 8))
        XCTAssertNil(MessageCatalog(moData: truncated), "offsets past the end")
    }

    /// The Japanese catalog translates every message of the template, and keeps each message's placeholders.
    func testTheJapaneseCatalogIsCompleteAndKeepsPlaceholders() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let catalog = try XCTUnwrap(compile(try String(contentsOf: root.appendingPathComponent("po/ja.po"), encoding: .utf8)))
        let template = try String(contentsOf: root.appendingPathComponent("po/audiograph.pot"), encoding: .utf8)
        func placeholders(_ text: String) -> [String] {
            let pattern = try! NSRegularExpression(pattern: #"%(?:\d+\$)?(?:@|l?d|02ld|s)"#)
            return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                let token = String(text[Range($0.range, in: text)!])
                return token.replacingOccurrences(of: #"\d+\$"#, with: "", options: .regularExpression)
            }.sorted()
        }
        var checked = 0
        for block in template.components(separatedBy: "\n\n") where block.contains("msgid \"") && !block.contains("msgid_plural") {
            let context = block.range(of: #"msgctxt "(.*)""#, options: .regularExpression).map { String(block[$0].dropFirst(9).dropLast()) }
            guard let idRange = block.range(of: #"msgid ((?:".*"\n?)+)"#, options: .regularExpression) else { continue }
            let id = block[idRange].split(separator: "\n").map { line -> String in
                let quoted = line.drop { $0 != "\"" }.dropFirst().dropLast()
                return String(quoted).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\n", with: "\n")
            }.joined()
            guard !id.isEmpty else { continue }
            let key = context.map { $0 + "\u{4}" + id } ?? id
            let translation = try XCTUnwrap(catalog.translation(of: key), "no Japanese for \(id)")
            XCTAssertEqual(placeholders(translation), placeholders(id), id)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 250)
    }
}
