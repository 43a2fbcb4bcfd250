// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// The viewer's code stays small enough to read: no GTK source file over 500 lines, and no file whose types hold
/// more than 25 stored properties (a sign that one type has taken on several concerns: issue 48).
final class SourceShapeTests: XCTestCase {
    private let root = Repository.root

    private func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        var found: [(String, String)] = []
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            found.append((String(url.path.dropFirst(root.path.count + 1)), try String(contentsOf: url, encoding: .utf8)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// The stored properties declared at a type's top level (four spaces in) in `text`: `let` and `var` without a
    /// getter body.
    static func storedProperties(in text: String) throws -> Int {
        let declaration = try NSRegularExpression(
            pattern: #"^    (?:[a-z]+(?:\([a-z]+\))? )*(?:let|var) ([A-Za-z_][A-Za-z0-9_]*)(.*)$"#)
        var count = 0
        for line in text.split(separator: "\n").map(String.init) {
            guard let match = declaration.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                let rest = Range(match.range(at: 2), in: line).map({ String(line[$0]) })
            else { continue }
            // `var x: T { … }` is computed; `var a = 1, b = 2` declares two.
            if rest.hasSuffix("{") || rest.range(of: #"^: [^=]*\{"#, options: .regularExpression) != nil { continue }
            count += 1 + rest.split(separator: ",").dropFirst().filter { $0.contains("=") && !$0.contains("(") }.count
        }
        return count
    }

    func testTheCounterCountsStoredPropertiesOnly() throws {
        let sample = """
                let a: Int
                private(set) var b = 0, c = ""
                var d: Int { 1 }
                var e: Int {
                static let f = 2
                    let nested = 3
            """
        XCTAssertEqual(try Self.storedProperties(in: sample), 4, "a, b, c and the static f")
    }

    func testNoGTKSourceFileIsOver500Lines() throws {
        let files = try swiftFiles(under: "Sources/AudiographGTK")
        XCTAssertGreaterThan(files.count, 40)
        for (path, text) in files {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            XCTAssertLessThanOrEqual(lines, 500, "\(path) has \(lines) lines; split it by concern")
        }
    }

    func testNoFileHoldsMoreThan25StoredProperties() throws {
        for folder in ["Sources/AudiographGTK", "Sources/AudiographCore/Session"] {
            for (path, text) in try swiftFiles(under: folder) {
                let count = try Self.storedProperties(in: text)
                XCTAssertLessThanOrEqual(count, 25, "\(path) declares \(count) stored properties; split the type")
            }
        }
    }
}
