import AudiographGTK
import Foundation

// `audiograph [FILE...]`: the desktop viewer. Everything lives in AudiographGTK.
exit(AudiographApplication().run())
