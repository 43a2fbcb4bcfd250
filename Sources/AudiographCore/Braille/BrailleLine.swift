// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A series as one line of Unicode braille (U+2800–U+28FF): a braille sparkline for a braille display.
///
/// Each cell is two columns of four dots. Each column is one point (or, when the series has more points
/// than columns, the mean of an equal run of points), filled from the bottom row up to its height: the
/// lowest value is one dot on the bottom row, the highest a full column of four. A column without a value
/// (a gap in the data) has no dots. Filled columns, not single dots, because a column's height is felt at
/// once, and a lone dot on a row is hard to place without its neighbours.
public struct BrailleLine: Sendable, Equatable {
    /// Cells in a line unless asked otherwise: a common 40-cell display.
    public static let defaultWidth = 40
    /// Dot rows in a cell, and so the number of heights a column can show.
    public static let rows = 4

    /// The braille characters, one per cell.
    public let text: String
    /// Points (positions in x order) per column, as a fraction: 1 when every point has its own column.
    private let pointsPerColumn: Double
    /// Number of points the line was made from.
    public let pointCount: Int

    /// The line of `values` (in x order; NaN for a missing value) on the scale `low`…`high`, at most `width`
    /// cells wide: one column per value when they fit in 2 × `width` columns, else the mean of equal runs.
    public init(values: [Double], low: Double, high: Double, width: Int = BrailleLine.defaultWidth) {
        let columnsWanted = max(1, width) * 2
        pointCount = values.count
        let columns: [Double]
        if values.count <= columnsWanted {
            columns = values
            pointsPerColumn = 1
        } else {
            pointsPerColumn = Double(values.count) / Double(columnsWanted)
            columns = (0..<columnsWanted).map { c in
                let from = Int((Double(c) * Double(values.count) / Double(columnsWanted)).rounded(.down))
                let to = max(from + 1, Int((Double(c + 1) * Double(values.count) / Double(columnsWanted)).rounded(.down)))
                var sum = 0.0, count = 0
                for v in values[from..<min(to, values.count)] where v.isFinite {
                    sum += v
                    count += 1
                }
                return count == 0 ? .nan : sum / Double(count)
            }
        }
        let heights = columns.map { Self.height(of: $0, low: low, high: high) }
        var cells = ""
        var c = 0
        while c < heights.count {
            let left = heights[c], right = c + 1 < heights.count ? heights[c + 1] : nil
            cells.unicodeScalars.append(Self.cell(left: left, right: right))
            c += 2
        }
        text = cells
    }

    /// Number of cells.
    public var width: Int { text.unicodeScalars.count }

    /// The cell (0-based) that shows the point at `position` in x order.
    public func cell(ofPosition position: Int) -> Int {
        guard pointCount > 0 else { return 0 }
        let p = min(max(0, position), pointCount - 1)
        let column = Int((Double(p) / pointsPerColumn).rounded(.down))
        return min(width - 1, column / 2)
    }

    /// The first point (position in x order) drawn in `cell`, or nil past the line's end.
    public func firstPosition(inCell cell: Int) -> Int? {
        guard pointCount > 0, cell >= 0, cell < width else { return nil }
        let position = Int((Double(cell * 2) * pointsPerColumn).rounded(.up))
        return position < pointCount ? position : nil
    }

    /// Dots filled in a column for `value`: 1 (lowest) to `rows` (highest), nil for no value.
    static func height(of value: Double, low: Double, high: Double) -> Int? {
        guard value.isFinite else { return nil }
        guard high > low else { return 1 }
        let share = min(1, max(0, (value - low) / (high - low)))
        return 1 + Int((share * Double(rows - 1)).rounded())
    }

    /// Dot bits of the left column from the bottom row up (dots 7, 3, 2, 1) and the right (8, 6, 5, 4).
    private static let leftDots: [UInt32] = [0x40, 0x04, 0x02, 0x01]
    private static let rightDots: [UInt32] = [0x80, 0x20, 0x10, 0x08]

    private static func cell(left: Int?, right: Int?) -> Unicode.Scalar {
        var bits: UInt32 = 0
        for row in 0..<(left ?? 0) { bits |= leftDots[row] }
        for row in 0..<(right ?? 0) { bits |= rightDots[row] }
        return Unicode.Scalar(0x2800 + bits)!
    }

    /// The column heights a braille line shows, read back from its characters: for each column, the dots
    /// filled from the bottom (nil for an empty column). For tests, and for anyone checking a line.
    public static func heights(of text: String) -> [Int?] {
        text.unicodeScalars.flatMap { scalar -> [Int?] in
            let bits = scalar.value >= 0x2800 && scalar.value <= 0x28FF ? scalar.value - 0x2800 : 0
            let left = leftDots.filter { bits & $0 != 0 }.count, right = rightDots.filter { bits & $0 != 0 }.count
            return [left == 0 ? nil : left, right == 0 ? nil : right]
        }
    }
}
