// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Which language the interface speaks, chosen the way gettext chooses: LANGUAGE (a colon-separated list of
/// preferences), else LC_ALL, LC_MESSAGES, LANG; "C" and "POSIX" mean English. Only languages Audiograph
/// has a catalog for are taken; the first of those wins, so one language is used for everything.
public enum InterfaceLanguage {
    /// Languages with a catalog in po/ (English is the messages themselves).
    public static let translated = ["ja"]

    /// The language code to use ("ja"), or nil for English, for the given environment.
    public static func choose(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        // gettext ignores LANGUAGE when the locale is C: so does this, except that C.UTF-8 with LANGUAGE set
        // counts (Debian's default locale in containers, where people set LANGUAGE alone).
        let languageAllowed = !(locale == "C" || locale == "POSIX")
        var wishes: [String] = []
        if languageAllowed, let list = environment["LANGUAGE"], !list.isEmpty {
            wishes = list.split(separator: ":").map(String.init)
        }
        wishes.append(locale)
        for wish in wishes {
            let code = String(wish.prefix { $0.isLetter }).lowercased()
            if code == "en" || code == "c" || code == "posix" { return nil }
            if translated.contains(code) { return code }
        }
        return nil
    }

    /// Folders to look in for LANG/LC_MESSAGES/audiograph.mo, most specific first: $AUDIOGRAPH_LOCALEDIR,
    /// then share/locale beside an installed program (../share/locale from its bin folder), then the build
    /// tree's .build/locale (make compiles po/ there), searched upwards from the program.
    public static func catalogFolders(environment: [String: String] = ProcessInfo.processInfo.environment,
                                      executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
                                          .resolvingSymlinksInPath()) -> [URL] {
        var folders: [URL] = []
        if let forced = environment["AUDIOGRAPH_LOCALEDIR"], !forced.isEmpty { folders.append(URL(fileURLWithPath: forced)) }
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<6 {
            folders.append(folder.deletingLastPathComponent().appendingPathComponent("share/locale"))
            folders.append(folder.appendingPathComponent(".build/locale"))
            if folder.lastPathComponent == ".build" { folders.append(folder.appendingPathComponent("locale")) }
            folder = folder.deletingLastPathComponent()
        }
        folders.append(URL(fileURLWithPath: "/usr/share/locale"))
        return folders
    }

    /// The catalog for `language` from the first folder that has one; nil when none does.
    public static func loadCatalog(_ language: String, folders: [URL]) -> MessageCatalog? {
        for folder in folders {
            let file = folder.appendingPathComponent("\(language)/LC_MESSAGES/audiograph.mo")
            if let data = try? Data(contentsOf: file), let catalog = MessageCatalog(moData: data) { return catalog }
        }
        return nil
    }
}
