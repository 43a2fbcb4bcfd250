import AudiographGTK
import Foundation

// `audiograph [FILE...]`: the desktop viewer. Everything lives in AudiographGTK.
if let problem = MainActor.assumeIsolated({ DisplayCheck.problem() }) {
    FileHandle.standardError.write(Data(("audiograph: " + problem + "\n").utf8))
    exit(1)
}
exit(AudiographApplication().run())
