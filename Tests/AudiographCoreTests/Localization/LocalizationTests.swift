import AudiographTestSupport
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

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
        let catalog = try XCTUnwrap(
            compile(
                """
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
        let catalog = try XCTUnwrap(compile(try String(contentsOf: Repository.url("po/ja.po"), encoding: .utf8)))
        let template = try String(contentsOf: Repository.url("po/audiograph.pot"), encoding: .utf8)
        func placeholders(_ text: String) -> [String] {
            let pattern = try! NSRegularExpression(pattern: #"%(?:\d+\$)?(?:@|l?d|02ld|s)"#)
            return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                let token = String(text[Range($0.range, in: text)!])
                return token.replacingOccurrences(of: #"\d+\$"#, with: "", options: .regularExpression)
            }.sorted()
        }
        var checked = 0
        for block in template.components(separatedBy: "\n\n") where block.contains("msgid \"") && !block.contains("msgid_plural")
        {
            let context = block.range(of: #"msgctxt "(.*)""#, options: .regularExpression).map {
                String(block[$0].dropFirst(9).dropLast())
            }
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
        XCTAssertEqual(catalog.refused, [], "Japanese translations whose placeholders differ from the English")
    }

    /// A catalog whose translations read other arguments than their English messages (msgfmt without
    /// --check compiles it): those messages come back English, the others Japanese, and formatting each with
    /// the English message's arguments never crashes. The same text read as a .po file gives the same.
    func testTranslationsWithOtherPlaceholdersAreRefused() throws {
        let po = #"""
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=UTF-8\n"
            "Plural-Forms: nplurals=1; plural=0;\n"

            msgid "%@ and %@"
            msgstr "%1$@"

            msgid "%ld rows"
            msgstr "%@ 行"

            msgid "File %@"
            msgstr "ファイル %s"

            msgid "%@ is %ld"
            msgstr "%d は %@"

            msgid "Value %@"
            msgstr "値 %k"

            msgid "%@ then %@"
            msgstr "%2$@ の後 %@"

            msgid "Nothing"
            msgstr "なし %@"

            msgid "%ld point"
            msgid_plural "%ld points"
            msgstr[0] "%@ 点"

            msgctxt "month day"
            msgid "%@ %ld"
            msgstr "%1$@%2$@日"

            msgid "%@ of %ld"
            msgstr "%2$ld 件中 %1$@"

            msgid "%@, %@ series from %@."
            msgstr "%1$@、%3$@までの %2$@ 系列です。"

            msgid "%ld value"
            msgid_plural "%ld values"
            msgstr[0] "%ld 個の値"

            msgid "Width %5.1f"
            msgstr "幅 %lf"

            msgid "Paused"
            msgstr "一時停止"
            """#
        let compiled = try XCTUnwrap(compile(po))
        let read = MessageCatalog(poText: po)
        for catalog in [compiled, read] {
            func format(_ message: String, _ arguments: CVarArg...) -> String {
                String(
                    format: catalog.translation(of: message) ?? message, locale: Locale(identifier: "en_US_POSIX"),
                    arguments: arguments)
            }
            func formatPlural(_ singular: String, _ plural: String, _ count: Int) -> String {
                String(
                    format: catalog.translation(singular: singular, plural: plural, count: count)
                        ?? (count == 1 ? singular : plural),
                    locale: Locale(identifier: "en_US_POSIX"), count)
            }
            XCTAssertEqual(format("%@ and %@", "a", "b"), "a and b", "a placeholder missing")
            XCTAssertEqual(format("%ld rows", 3), "3 rows", "%ld read as an object")
            XCTAssertEqual(format("File %@", "x.csv"), "File x.csv", "%@ read as a C string")
            XCTAssertEqual(format("%@ is %ld", "n", 5), "n is 5", "%ld read as a 32-bit %d")
            XCTAssertEqual(format("Value %@", "v"), "Value v", "an unknown conversion")
            XCTAssertEqual(format("%@ then %@", "a", "b"), "a then b", "numbered and unnumbered mixed")
            XCTAssertEqual(format("Nothing"), "Nothing", "a placeholder the English has not")
            XCTAssertEqual(formatPlural("%ld point", "%ld points", 2), "2 points", "a damaged plural")
            XCTAssertEqual(
                String(format: catalog.translation(of: "month day\u{4}%@ %ld") ?? "%@ %ld", "March", 31),
                "March 31", "a damaged message with a context")
            XCTAssertEqual(format("%@ of %ld", "b", 7), "7 件中 b", "numbered placeholders may reorder the English ones")
            XCTAssertEqual(format("%@, %@ series from %@.", "Sales", "2", "2024"), "Sales、2024までの 2 系列です。")
            XCTAssertEqual(formatPlural("%ld value", "%ld values", 4), "4 個の値")
            XCTAssertEqual(format("Width %5.1f", 2.5), "幅 2.500000", "%lf reads the double that %5.1f reads")
            XCTAssertEqual(format("Paused"), "一時停止")
            XCTAssertEqual(
                Set(catalog.refused),
                [
                    "%@ and %@", "%ld rows", "File %@", "%@ is %ld", "Value %@", "%@ then %@",
                    "Nothing", "%ld point", "month day\u{4}%@ %ld"
                ])
        }
    }

    /// The text of a .po file reads as msgfmt compiles it: po/ja.po gives exactly the catalog msgfmt makes.
    func testAPOFileReadsAsMsgfmtCompilesIt() throws {
        let text = try String(contentsOf: Repository.url("po/ja.po"), encoding: .utf8)
        let compiled = try XCTUnwrap(compile(text))
        let read = MessageCatalog(poText: text)
        XCTAssertGreaterThan(read.messages.count, 300)
        XCTAssertEqual(read.messages, compiled.messages)
        XCTAssertEqual(read.plurals, compiled.plurals)
        XCTAssertEqual(read.pluralFormCount, 1)
    }

    func testPOFileSyntax() {
        let catalog = MessageCatalog(
            poText: #"""
                # translator comment
                msgid ""
                msgstr ""
                "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

                #. TRANSLATORS: a long one
                #, c-format
                msgid ""
                "First line, "
                "second \"quoted\" line\n"
                "tab\there, back\\slash, octal \101\102, hex \x43"
                msgstr "Перв\320\260я"

                msgctxt "month day"
                msgid "%@ %ld"
                msgstr "%2$ld %1$@"

                msgid "%ld file"
                msgid_plural "%ld files"
                msgstr[0] "%ld файл"
                msgstr[1] "%ld файла"
                msgstr[2] "%ld файлов"

                #, fuzzy
                msgid "Guessed"
                msgstr "Угадано"

                msgid "Untranslated"
                msgstr ""

                #~ msgid "Old"
                #~ msgstr "Старое"
                """#)
        XCTAssertEqual(
            catalog.translation(of: "First line, second \"quoted\" line\ntab\there, back\\slash, octal AB, hex C"), "Первая")
        XCTAssertEqual(catalog.translation(of: "month day\u{4}%@ %ld"), "%2$ld %1$@")
        XCTAssertNil(catalog.translation(of: "%@ %ld"))
        XCTAssertEqual(
            [1, 3, 5, 21, 112].map { catalog.translation(singular: "%ld file", plural: "%ld files", count: $0) },
            ["%ld файл", "%ld файла", "%ld файлов", "%ld файл", "%ld файлов"])
        XCTAssertNil(catalog.translation(of: "Guessed"), "fuzzy translations are not used, as msgfmt leaves them out")
        XCTAssertNil(catalog.translation(of: "Untranslated"))
        XCTAssertNil(catalog.translation(of: "Old"), "obsolete entries are comments")
        XCTAssertEqual(catalog.pluralFormCount, 3)
    }

    /// Where the programs look: an installed program in its prefix's share/locale, a program in a build
    /// tree in that tree's po/ (without any build step), then /usr/share/locale.
    func testCatalogSourcesForEachWayOfRunning() throws {
        let tree = folder.url.appendingPathComponent("checkout")
        let po = tree.appendingPathComponent("po")
        try FileManager.default.createDirectory(at: po, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: po.appendingPathComponent("audiograph.pot").path, contents: Data())
        try "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=1; plural=0;\\n\"\n\nmsgid \"Paused\"\nmsgstr \"一時停止\"\n"
            .write(to: po.appendingPathComponent("ja.po"), atomically: true, encoding: .utf8)
        let built = tree.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/audiograph-cli")
        let sources = InterfaceLanguage.sources(environment: [:], executable: built)
        XCTAssertEqual(sources.compactMap { if case .source(let url) = $0 { url.path } else { nil } }, [po.path])
        XCTAssertEqual(sources.last, .compiled(URL(fileURLWithPath: "/usr/share/locale")))
        XCTAssertEqual(InterfaceLanguage.loadCatalog("ja", sources: sources)?.translation(of: "Paused"), "一時停止")

        let forced = InterfaceLanguage.sources(environment: ["AUDIOGRAPH_LOCALEDIR": "/nowhere"], executable: built)
        XCTAssertEqual(forced.first, .compiled(URL(fileURLWithPath: "/nowhere")))
        XCTAssertEqual(
            InterfaceLanguage.loadCatalog("ja", sources: forced)?.translation(of: "Paused"), "一時停止",
            "a locale folder without the catalog is passed over")

        let installed = folder.url.appendingPathComponent("prefix/bin/audiograph")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("prefix/po"), withIntermediateDirectories: true)
        let installedSources = InterfaceLanguage.sources(environment: [:], executable: installed)
        XCTAssertEqual(installedSources.first, .compiled(folder.url.appendingPathComponent("prefix/share/locale")))
        XCTAssertFalse(
            installedSources.contains { if case .source = $0 { true } else { false } },
            "a folder named po without audiograph.pot is not Audiograph's source")
    }

    func testSentencesAreJoinedByTheCatalog() {
        XCTAssertEqual(
            Localization.sentences([Localization.sentence("No sound device could be opened"), "", "Choose another."]),
            "No sound device could be opened. Choose another.")
        let failure = AudioOutputError(reason: "Playback stopped (gone)", commandLineAdvice: "Play again.")
        XCTAssertEqual(failure.message, "Playback stopped (gone). Play again.")
        XCTAssertEqual(AudioOutputError(reason: "No", commandLineAdvice: "").message, "No.")
    }
}
