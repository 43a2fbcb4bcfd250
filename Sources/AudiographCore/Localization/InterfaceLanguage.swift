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

    /// Where a language's catalog may be, most specific first (`sources`).
    public enum CatalogSource: Equatable, Sendable {
        /// A locale folder holding LANG/LC_MESSAGES/audiograph.mo, compiled by msgfmt (installed programs).
        case compiled(URL)
        /// The po/ folder of Audiograph's source tree, holding LANG.po (programs in the build tree).
        case source(URL)
    }

    /// Where to look for catalogs, most specific first: $AUDIOGRAPH_LOCALEDIR; then, from the program's
    /// folder upwards, share/locale beside an installed program (../share/locale from its bin folder) and
    /// the po/ folder of the source tree a `swift build` or `swift run` program sits in (the one with
    /// po/audiograph.pot, read as text so it is always current and needs no build step); then
    /// /usr/share/locale. The program's folder is where its file really is (`Bundle.main`, from
    /// /proc/self/exe on Linux): argv[0] is a bare name when the program was found on PATH.
    public static func sources(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL =
            (Bundle.main.executableURL
            ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "")).resolvingSymlinksInPath()
    )
        -> [CatalogSource]
    {
        var sources: [CatalogSource] = []
        if let forced = environment["AUDIOGRAPH_LOCALEDIR"], !forced.isEmpty {
            sources.append(.compiled(URL(fileURLWithPath: forced)))
        }
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<6 {
            sources.append(.compiled(folder.deletingLastPathComponent().appendingPathComponent("share/locale")))
            let po = folder.appendingPathComponent("po")
            if FileManager.default.fileExists(atPath: po.appendingPathComponent("audiograph.pot").path) {
                sources.append(.source(po))
            }
            folder = folder.deletingLastPathComponent()
        }
        sources.append(.compiled(URL(fileURLWithPath: "/usr/share/locale")))
        return sources
    }

    /// The catalog for `language` from the first source that has one; nil when none does.
    public static func loadCatalog(_ language: String, sources: [CatalogSource]) -> MessageCatalog? {
        for source in sources {
            switch source {
            case .compiled(let folder):
                let file = folder.appendingPathComponent("\(language)/LC_MESSAGES/audiograph.mo")
                if let data = try? Data(contentsOf: file), let catalog = MessageCatalog(moData: data) { return catalog }
            case .source(let folder):
                let file = folder.appendingPathComponent("\(language).po")
                if let text = try? String(contentsOf: file, encoding: .utf8) { return MessageCatalog(poText: text) }
            }
        }
        return nil
    }
}
