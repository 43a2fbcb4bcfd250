// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A throwaway ALSA configuration, selected for this process through ALSA_CONFIG_PATH, whose "default"
/// device is the real alsa-lib file plugin writing raw S16_LE frames to `output` over a null device.
///
/// In-process switching is reliable because alsa-lib checks its configuration files at every
/// snd_pcm_open and reloads when ALSA_CONFIG_PATH names other files (alsa-lib 1.2.8's
/// snd_config_update_r compares the file list, inodes and times); every sink uses a fresh file name, so
/// no cached tree is ever reused. The null device does not pace: writes never block and nothing underruns.
final class ALSAFileSink {
    let folder: URL
    /// Where the file plugin writes the frames.
    let output: URL
    /// The configuration file ALSA_CONFIG_PATH points at.
    let configuration: URL
    private let previousConfigPath: String?

    /// A sink whose configuration is the file plugin, or `text` instead when given ("" for no devices).
    init(configurationText text: String? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("audiograph-alsa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        output = folder.appendingPathComponent("out.raw")
        configuration = folder.appendingPathComponent("alsa.conf")
        let fileSink = try String(contentsOf: Self.fileSinkTemplate, encoding: .utf8)
            .replacingOccurrences(of: "@OUTPUT@", with: output.path)
        try (text ?? fileSink).write(to: configuration, atomically: true, encoding: .utf8)
        previousConfigPath = ProcessInfo.processInfo.environment["ALSA_CONFIG_PATH"]
        setenv("ALSA_CONFIG_PATH", configuration.path, 1)
    }

    /// Tests/Support/alsa-file-sink.conf: the file plugin's configuration, "@OUTPUT@" standing for the output.
    static let fileSinkTemplate = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/alsa-file-sink.conf")

    /// Points ALSA_CONFIG_PATH at a file that does not exist (ALSA without configuration).
    func useMissingConfiguration() {
        setenv("ALSA_CONFIG_PATH", folder.appendingPathComponent("missing.conf").path, 1)
    }

    /// The 16-bit samples the file plugin wrote (little-endian in the file).
    func capturedSamples() throws -> [Int16] {
        let bytes = [UInt8](try Data(contentsOf: output))
        return stride(from: 0, to: bytes.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
        }
    }

    /// File descriptors of this process open on `output` (alsa-lib holds one while the device is open).
    func openDescriptorsOnOutput() -> Int {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == output.path
        }.count
    }

    /// Restores ALSA_CONFIG_PATH and deletes the folder.
    func remove() {
        if let previousConfigPath { setenv("ALSA_CONFIG_PATH", previousConfigPath, 1) } else { unsetenv("ALSA_CONFIG_PATH") }
        try? FileManager.default.removeItem(at: folder)
    }
}
