// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport

@testable import AudiographCore

extension TemporaryFolder {
    /// Writes `text` to `name` in the folder and opens it as the viewer would, with `settings` over the guess.
    func document(_ text: String, _ settings: ChartSettings = ChartSettings(), name: String = "t.csv") throws
        -> ChartDocument
    {
        try ChartDocument.open(path: write(name, text), overrides: settings)
    }
}
