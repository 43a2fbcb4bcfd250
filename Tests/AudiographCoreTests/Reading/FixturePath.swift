// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation

/// Path of a file in Tests/AudiographCoreTests/Fixtures.
func fixturePath(_ name: String) -> String {
    Repository.path("Tests/AudiographCoreTests/Fixtures/" + name)
}
