// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport

@testable import AudiographCore

extension TemporaryFolder {
    /// What `describe` says of `text` written to a file called `name` in this folder, as the CLI opens it.
    func report(_ text: String, name: String = "t.csv") throws -> DescribeReport {
        DescribeReport(document: try ChartDocument.open(path: write(name, text)))
    }
}
