// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Finds the example CSV files shown on the start page.
///
/// Looked for, in order:
/// 1. `$AUDIOGRAPH_EXAMPLES_DIR`, when set (tests, packagers, people with their own examples);
/// 2. `<prefix>/share/audiograph/examples`, where `<prefix>` is the folder above the executable's `bin`
///    (an installed copy: /usr/bin/audiograph → /usr/share/audiograph/examples);
/// 3. a `data` folder holding `births.csv` in a folder above the executable (a development build:
///    .build/debug/audiograph → data/ of the checkout);
/// 4. /usr/share/audiograph/examples.
public enum ExampleFiles {
    /// The examples folder, or nil when none of the places above has one.
    public static func directory(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = currentExecutable()
    ) -> URL? {
        let fileManager = FileManager.default
        func isFolder(_ url: URL) -> Bool {
            var folder: ObjCBool = false
            return fileManager.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
        }
        if let forced = environment["AUDIOGRAPH_EXAMPLES_DIR"], !forced.isEmpty {
            let url = URL(fileURLWithPath: forced)
            return isFolder(url) ? url : nil
        }
        if let executable {
            let binFolder = executable.deletingLastPathComponent()
            let installed = binFolder.deletingLastPathComponent().appendingPathComponent("share/audiograph/examples")
            if isFolder(installed) { return installed }
            var folder = binFolder
            for _ in 0..<6 {
                let data = folder.appendingPathComponent("data")
                if fileManager.fileExists(atPath: data.appendingPathComponent("births.csv").path) { return data }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        let system = URL(fileURLWithPath: "/usr/share/audiograph/examples")
        return isFolder(system) ? system : nil
    }

    /// The CSV and TSV files in `directory`, sorted by name.
    public static func list(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { ["csv", "tsv"].contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().map { directory.appendingPathComponent($0) }
    }

    /// This process's executable, symbolic links resolved.
    public static func currentExecutable() -> URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return CommandLine.arguments.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() }
        }
        return URL(fileURLWithPath: path)
    }
}
