// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import AudiographGTK
import Foundation

// `audiograph [FILE...]`: the desktop viewer. Everything lives in AudiographGTK.
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--version") {
    print("audiograph \(AudiographVersion.current)")
    exit(0)
}
// Help needs no display (GApplication prints it before GTK starts); everything else does.
let wantsHelp = arguments.contains { $0 == "-h" || $0.hasPrefix("--help") }
if !wantsHelp, let problem = MainActor.assumeIsolated({ DisplayCheck.problem() }) {
    FileHandle.standardError.write(Data(("audiograph: " + problem + "\n").utf8))
    exit(1)
}
exit(AudiographApplication().run())
