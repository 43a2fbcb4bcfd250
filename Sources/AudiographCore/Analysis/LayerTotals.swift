// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Sums of layered series at each x, for stacked and grouped charts, in the series' units.
public enum LayerTotals {
    /// The total layer of `layers`: at every x any of them has, the sum of their values there (a missing value
    /// counts as nothing; NaN where every layer is missing), in x order.
    static func totalSeries(of layers: [DataSeries]) -> DataSeries {
        var sums: [Double: (sum: Double, any: Bool)] = [:]
        for layer in layers where !layer.isTotal {
            for (x, y) in zip(layer.x, layer.y) where x.isFinite {
                var entry = sums[x] ?? (0, false)
                if y.isFinite { entry.sum += y; entry.any = true }
                sums[x] = entry
            }
        }
        let xs = sums.keys.sorted()
        var total = DataSeries(
            name: Localization.tr("Total"), isContinuous: layers.first?.isContinuous ?? false, x: xs,
            y: xs.map { sums[$0]!.any ? sums[$0]!.sum : .nan })
        total.isTotal = true
        total.fractionDigits = layers.compactMap(\.fractionDigits).max()
        return total
    }

    /// For each point of each layer, the sum of the layers before it at the same x: where its bar or band
    /// starts in a stack. The total layer gets zeros (it stands on the axis).
    static func stackBases(_ series: [DataSeries]) -> [[Double]] {
        var below: [Double: Double] = [:]
        return series.map { layer in
            if layer.isTotal { return [Double](repeating: 0, count: layer.count) }
            let bases = layer.x.map { below[$0] ?? 0 }
            for (x, y) in zip(layer.x, layer.y) where y.isFinite { below[x, default: 0] += y }
            return bases
        }
    }
}
