import AudiographCore
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// `audiograph-cli` under LANGUAGE=ja: the description and the messages are Japanese, whole sentences in
/// Japanese order, with the file's own words (its headers and units) left as they are.
final class JapaneseTests: XCTestCase {
    private var localeFolder: URL!
    private var data: URL { Repository.data }

    /// Compiles po/ into a temporary folder with the same script `make` uses, so the test does not depend
    /// on a build having done it.
    override func setUpWithError() throws {
        localeFolder = FileManager.default.temporaryDirectory.appendingPathComponent("ag-locale-\(UUID().uuidString)")
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/bin/bash")
        compile.arguments = [Repository.root.appendingPathComponent("scripts/compile-po.sh").path, localeFolder.path]
        try compile.run()
        compile.waitUntilExit()
        XCTAssertEqual(compile.terminationStatus, 0)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: localeFolder)
    }

    private func run(_ arguments: [String], language: [String: String] = ["LANGUAGE": "ja"]) throws -> CLIRunner.Result {
        try CLIRunner.run(
            arguments, in: data, environment: language.merging(["AUDIOGRAPH_LOCALEDIR": localeFolder.path]) { a, _ in a },
            unsetting: ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"].filter { language[$0] == nil })
    }

    func testUsageErrorsAreOneJapaneseLine() throws {
        let result = try run(["describe", "births.csv", "--kind", "pie"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(
            result.stderr,
            "audiograph-cli: pie は --kind に指定できる値ではありません。line、bar、scatter、histogram、"
                + "box、candlestick、grouped-bar、stacked-bar、area、stacked-areaとheatmap のいずれかを使ってください。"
                + "audiograph-cli describe --help を参照してください。\n")
        let mistyped = try run(["describ", "births.csv"])
        XCTAssertEqual(
            mistyped.stderr,
            "audiograph-cli: describ はコマンドではありません。describe のことですか? "
                + "コマンドは describe、render、play です。audiograph-cli --help を参照してください。\n")
    }

    func testDescribeSpeaksJapanese() throws {
        let result = try run(["describe", "births.csv"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = result.stdout
        XCTAssertTrue(text.contains("YearごとのBirth rate、1917から1975：1935に最低の 179 births per 10,000 people まで急に下がり、"), text)
        XCTAssertTrue(text.contains("その後1975に 195 births per 10,000 people まで急に下がります。"), text)
        XCTAssertTrue(text.contains("グラフ：折れ線グラフ、1 系列"), text)
        XCTAssertTrue(text.contains("X 軸：Year、1917から1975"), text)
        // No English words of Audiograph's own are left.
        for english in ["falls", "rises", "then ", "Chart:", "X axis", "Y axis", "Mean ", "median", "values", " to "] {
            XCTAssertFalse(text.contains(english), "\(english) in \(text)")
        }
    }

    /// Large numbers by myriads, as Japanese counts them: a mean of 1,019,317 USD is 102万, not "1.02 million".
    func testLargeNumbersAreSaidByMyriads() throws {
        let result = try run(["describe", "sales-by-region.csv"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("102万 USD"), result.stdout)
        XCTAssertFalse(result.stdout.contains("million"), result.stdout)
    }

    /// The verbosity builder in Japanese: each preset's parts in Japanese words, in the same order.
    func testPointWordsAreJapaneseInEveryPreset() throws {
        let detailed = try run(["describe", "--points", "--verbosity", "detailed", "births.csv"])
        XCTAssertEqual(detailed.status, 0, detailed.stderr)
        let lines = detailed.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[1], "  1917、251 births per 10,000 people、59 点中 1 番目、Birth rate")
        XCTAssertEqual(lines[2], "  1918、245 births per 10,000 people、下落、59 点中 2 番目、Birth rate")
        XCTAssertTrue(lines.contains { $0.contains("、上昇、") }, detailed.stdout)
        let minimal = try run(["describe", "--points", "--verbosity", "minimal", "births.csv"])
        XCTAssertEqual(minimal.stdout.split(separator: "\n")[1], "  251")
        let standard = try run(["describe", "--points", "births.csv"])
        XCTAssertEqual(standard.stdout.split(separator: "\n")[1], "  1917、251 births per 10,000 people、59 点中 1 番目")
    }

    func testErrorsAreJapaneseAndNameTheFile() throws {
        let result = try run(["describe", "nope.csv"])
        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(result.stderr, "audiograph-cli: nope.csv：ファイルがありません。名前とフォルダーを確かめてください。\n")
    }

    func testEnglishWinsWhenTheLocaleIsCOrEnglishComesFirst() throws {
        for environment in [["LANGUAGE": "ja", "LC_ALL": "C"], ["LANGUAGE": "en:ja"], [:]] {
            let result = try run(["describe", "births.csv"], language: environment)
            XCTAssertTrue(result.stdout.contains("Chart: line chart, 1 series"), "\(environment): \(result.stdout.prefix(200))")
        }
    }

    /// A program built by plain `swift build` (and so `swift run`) finds po/ja.po of its source tree and
    /// speaks Japanese, with no compiled catalog anywhere it looks: AUDIOGRAPH_LOCALEDIR points nowhere.
    func testASwiftBuildProgramReadsTheSourceCatalog() throws {
        let program = CLIRunner.productsDirectory.appendingPathComponent("audiograph-cli")
        let sources = InterfaceLanguage.sources(environment: ["AUDIOGRAPH_LOCALEDIR": "/nonexistent"], executable: program)
        let found = sources.first { source in
            switch source {
            case .compiled(let folder):
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("ja/LC_MESSAGES/audiograph.mo").path)
            case .source(let folder): FileManager.default.fileExists(atPath: folder.appendingPathComponent("ja.po").path)
            }
        }
        XCTAssertEqual(
            found.map { if case .source(let folder) = $0 { folder.path } else { "a compiled catalog" } },
            Repository.root.appendingPathComponent("po").path)
        for language in [["LANGUAGE": "ja"], ["LANG": "ja_JP.UTF-8"]] {
            let result = try CLIRunner.run(
                ["describe", "births.csv"], in: data,
                environment: language.merging(["AUDIOGRAPH_LOCALEDIR": "/nonexistent"]) { a, _ in a },
                unsetting: ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"].filter { language[$0] == nil })
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("グラフ：折れ線グラフ、1 系列"), "\(language): \(result.stdout.prefix(200))")
        }
        // Found on PATH and started from another folder, as a shell or a desktop file starts it: argv[0] is
        // then a bare name, and the program must still know where it is.
        let onPath = try CLIRunner.run(
            ["describe", data.appendingPathComponent("births.csv").path],
            environment: ["LANGUAGE": "ja", "AUDIOGRAPH_LOCALEDIR": "/nonexistent"],
            unsetting: ["LC_ALL", "LC_MESSAGES", "LANG"],
            wrapper: ["/bin/sh", "-c", #"cd / && PATH="${0%/*}:$PATH" exec audiograph-cli "$@""#])
        XCTAssertTrue(onPath.stdout.contains("グラフ：折れ線グラフ、1 系列"), "on PATH: \(onPath.stdout.prefix(200)) \(onPath.stderr)")
    }

    /// The sound device's reason and advice are two messages, joined the Japanese way (。 and no space).
    func testNoSoundDeviceIsOneJapaneseLine() throws {
        let configuration = localeFolder.appendingPathComponent("asound.conf")
        try FileManager.default.createDirectory(at: localeFolder, withIntermediateDirectories: true)
        try "".write(to: configuration, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(
            ["play", "births.csv"], in: data,
            environment: [
                "LANGUAGE": "ja", "AUDIOGRAPH_LOCALEDIR": localeFolder.path,
                "ALSA_CONFIG_PATH": configuration.path
            ],
            unsetting: ["LC_ALL", "LC_MESSAGES", "LANG"])
        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(
            result.stderr,
            "audiograph-cli: サウンドデバイスを開けませんでした（\"default\"：デバイスがありません）。"
                + "サウンドカードを接続または有効にするか、--device で別のデバイスを選ぶか（一覧は aplay -L）、"
                + "`audiograph-cli render` で WAV ファイルに書き出してください。\n")
        XCTAssertFalse(result.stderr.contains("\u{200B}"), "no invisible character between sentences")
    }
}
