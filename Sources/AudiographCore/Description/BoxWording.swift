// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension ChartWording {
    /// "Weight by feed: 6 boxes of 71 values; medians from 160 grams (horsebean) to 342 grams (casein).
    /// 2 outliers, in sunflower."
    func boxSummary(_ s: DataSeries) -> String {
        guard let boxes = s.boxes, let lo = boxes.indices.min(by: { boxes[$0].median < boxes[$1].median }),
            let hi = boxes.indices.max(by: { boxes[$0].median < boxes[$1].median })
        else {
            return Localization.tr("%@: no values to show.", chart.title)
        }
        let total = boxes.reduce(0) { $0 + $1.count }
        let count = Localization.trn("%ld box", "%ld boxes", boxes.count, boxes.count)
        let values = Localization.trn("%ld value", "%ld values", total, total)
        let medians =
            y(s).derived(boxes[lo].median) == y(s).derived(boxes[hi].median) && boxes.count > 1
            ? Localization.tr("%@: %@ of %@; every median is %@.", chart.title, count, values, y(s).derived(boxes[lo].median))
            : Localization.tr(
                "%@: %@ of %@; medians from %@ (%@) to %@ (%@).", chart.title, count, values,
                y(s).derived(boxes[lo].median), x.string(s.x[lo]), y(s).derived(boxes[hi].median), x.string(s.x[hi]))
        var sentences = [medians]
        if let outliers = outlierSentence(s, boxes) { sentences.append(outliers) }
        return Localization.sentences(sentences)
    }

    /// A paragraph: each box's numbers in turn, then where the outliers are.
    func boxDescription(_ s: DataSeries) -> String {
        guard let boxes = s.boxes, !boxes.isEmpty else { return Localization.tr("%@: no values.", s.name) }
        let names = ElementNames(chart: chart)
        var sentences = boxes.indices.map {
            Localization.sentence(Localization.tr("%@: %@", x.string(s.x[$0]), names.boxWords(boxes[$0], in: s)))
        }
        if let outliers = outlierSentence(s, boxes) { sentences.append(outliers) }
        return Localization.sentences(sentences)
    }

    /// "2 outliers, in sunflower and casein." or nil when there is none.
    private func outlierSentence(_ s: DataSeries, _ boxes: [BoxStatistics]) -> String? {
        let count = boxes.reduce(0) { $0 + $1.outliers.count }
        guard count > 0 else { return nil }
        let groups = boxes.indices.filter { !boxes[$0].outliers.isEmpty }.map { x.string(s.x[$0]) }
        return Localization.trn("%ld outlier, in %@.", "%ld outliers, in %@.", count, count, Localization.list(groups))
    }
}
