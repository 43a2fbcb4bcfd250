// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation

/// ALSA configurations for a played program, written into a test's folder and chosen by ALSA_CONFIG_PATH
/// in its environment: none at all, or alsa-lib's file plugin as the "default" device.
struct ALSATestConfiguration {
    let folder: URL

    /// Writes a configuration holding only `text` and returns the environment that selects it.
    func environment(_ text: String) throws -> [String: String] {
        let path = folder.appendingPathComponent("alsa-\(UUID().uuidString).conf")
        try text.write(to: path, atomically: true, encoding: .utf8)
        return ["ALSA_CONFIG_PATH": path.path]
    }

    /// A configuration whose "default" device is alsa-lib's file plugin writing raw frames to `output`.
    func fileSink(_ output: URL) throws -> [String: String] {
        try environment(
            String(contentsOf: Self.fileSinkTemplate, encoding: .utf8)
                .replacingOccurrences(of: "@OUTPUT@", with: output.path))
    }

    /// Tests/Support/alsa-file-sink.conf, shared with the ALSA tests: "@OUTPUT@" stands for the output file.
    static let fileSinkTemplate = Repository.root.appendingPathComponent("Tests/Support/alsa-file-sink.conf")

    /// The 16-bit little-endian samples in the raw file at `url`.
    static func rawSamples(_ url: URL) throws -> [Int16] {
        let bytes = [UInt8](try Data(contentsOf: url))
        return stride(from: 0, to: bytes.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
        }
    }
}
