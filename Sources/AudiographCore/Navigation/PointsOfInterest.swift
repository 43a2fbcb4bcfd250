// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Why a point is worth jumping to with N and Shift+N.
public enum InterestReason: Sendable, Equatable, Hashable {
    case highest, lowest, outlier
    /// Where a rise turns into a fall.
    case peak
    /// Where a fall turns into a rise.
    case trough
    /// Where the slope changes without changing direction.
    case turn

    /// The words spoken after the point: "highest value", "outlier", "peak".
    public var words: String {
        switch self {
        case .highest: return Localization.tr("highest value")
        case .lowest: return Localization.tr("lowest value")
        case .outlier: return Localization.tr("outlier")
        case .peak: return Localization.tr("peak")
        case .trough: return Localization.tr("low point")
        case .turn: return Localization.tr("change of slope")
        }
    }
}

/// A point worth stopping at, and why.
public struct PointOfInterest: Sendable, Equatable {
    /// Index into the series.
    public var index: Int
    /// Every reason, in the order `InterestReason` lists them.
    public var reasons: [InterestReason]
}

/// Finds a series' points of interest from its analysis: extremes, outliers and the turns of its shape.
public enum PointsOfInterest {
    /// The points of interest of `series`, in the order of `elements` (x order).
    public static func find(in series: DataSeries, analysis: SeriesAnalysis, elements: SeriesElements) -> [PointOfInterest] {
        var reasons: [Int: [InterestReason]] = [:]
        func add(_ index: Int?, _ reason: InterestReason) {
            guard let index, series.y.indices.contains(index) else { return }
            if !(reasons[index]?.contains(reason) ?? false) { reasons[index, default: []].append(reason) }
        }
        add(analysis.statistics.maxIndex, .highest)
        add(analysis.statistics.minIndex, .lowest)
        for i in analysis.outliers { add(i, .outlier) }
        let segments = analysis.segments
        for k in segments.indices.dropLast() {
            let before = segments[k].toY - segments[k].fromY
            let after = segments[k + 1].toY - segments[k + 1].fromY
            let reason: InterestReason = before > 0 && after < 0 ? .peak : before < 0 && after > 0 ? .trough : .turn
            add(segments[k].toIndex, reason)
        }
        let order: [InterestReason] = [.highest, .lowest, .outlier, .peak, .trough, .turn]
        return reasons.compactMap { index, why -> (Int, PointOfInterest)? in
            guard let position = elements.position(ofPoint: index, in: series) else { return nil }
            let sorted = order.filter(why.contains)
            return (position, PointOfInterest(index: index, reasons: sorted))
        }
        .sorted { $0.0 < $1.0 }
        .map(\.1)
    }
}
