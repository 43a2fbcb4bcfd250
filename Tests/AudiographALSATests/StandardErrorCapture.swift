// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Runs `body` with this process's standard error (file descriptor 2) sent to a temporary file, and
/// returns what was written there: the way to prove alsa-lib printed nothing.
func capturingStandardError(_ body: () throws -> Void) rethrows -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)").path
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    precondition(file >= 0, "cannot create \(path)")
    fflush(nil)
    let saved = dup(2)
    dup2(file, 2)
    close(file)
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
        try body()
    } catch {
        fflush(nil); dup2(saved, 2); close(saved)
        throw error
    }
    fflush(nil); dup2(saved, 2); close(saved)
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}
