// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One straight piece of a series' overall shape, from one real data point to another (x and y in the
/// series' units, indices into the original arrays).
public struct ShapeSegment: Sendable, Equatable {
    /// Index into the original arrays of the point where the segment starts.
    public var fromIndex: Int
    /// Index into the original arrays of the point where the segment ends.
    public var toIndex: Int
    public var fromX: Double
    public var fromY: Double
    public var toX: Double
    public var toY: Double

    public init(fromIndex: Int, toIndex: Int, fromX: Double, fromY: Double, toX: Double, toY: Double) {
        self.fromIndex = fromIndex
        self.toIndex = toIndex
        self.fromX = fromX
        self.fromY = fromY
        self.toX = toX
        self.toY = toY
    }
}

/// Shape segments with a measure of what they leave out.
public struct ShapeAnalysis: Sendable, Equatable {
    /// The segments, as returned by `ShapeSegmentation.segments`.
    public var segments: [ShapeSegment]
    /// Largest move against the direction of the segment it lies in (a fall inside a rising segment, a
    /// rise inside a falling one), measured on the lightly smoothed series, as a fraction of its y range,
    /// 0…1. Near 0 the segments tell the whole story; above about 0.15 there are ups and downs the
    /// segments do not mention (seasonal cycles, noise, more turns than `maxSegments`), which a
    /// description could add as "with ups and downs along the way".
    public var largestCounterMove: Double

    public init(segments: [ShapeSegment], largestCounterMove: Double) {
        self.segments = segments
        self.largestCounterMove = largestCounterMove
    }
}

/// A piecewise-linear description of a series' shape, as a person would give it ("falls to a low of 18.7
/// around 1936, rises steeply to a peak of 26.8 in 1960, then falls"): at most `maxSegments` contiguous
/// segments between real data points, in the series' units.
///
/// Call as `ShapeSegmentation.segments(xs: series.x, ys: series.y, maxSegments: 5)`, or
/// `ShapeSegmentation.analyze(xs:ys:maxSegments:)` for the segments plus the largest up-or-down they
/// leave out (`ShapeAnalysis.largestCounterMove`). Meant for lines and bars; points are taken in x
/// order (sorted if needed). Points whose x or y is NaN or infinite are skipped. Fewer than 2 valid
/// points give [].
///
/// Guarantees: segments are contiguous (each `to` is the next `from`), the first starts at the first
/// valid point and the last ends at the last valid point (in x order), and every from/to value is that of
/// the point at from/toIndex.
///
/// Method:
/// 1. Equal-count bucket means when there are more than `maxBuckets` (500) valid points.
/// 2. Light smoothing scaled to the bucket count m, so noise does not become a breakpoint: none below 7
///    points, a running median of 3 below 30, else that and a moving average of half-width max(1, m/100).
/// 3. Top-down Douglas–Peucker splitting of the smoothed series at the largest vertical deviation from
///    the chord while it exceeds `splitThreshold` (9 %) of the smoothed y range and the budget allows.
/// 4. Neighbouring segments going the same way (rise, fall, or flat = change under `flatFraction` (5 %) of
///    the range) are merged unless the steeper slope is at least `slopeRatioToKeep` (3×) the gentler one;
///    a merged segment is not split again, and freed budget goes to the remaining segments. A flat piece
///    of at most two (bucket) steps between opposite moves is folded away, leaving one turn.
/// 5. Each interior break that is a turn (rise→fall or fall→rise) moves to the highest/lowest smoothed
///    point between its neighbouring breaks and then to the raw extreme (first maximum or minimum y) of
///    the original points around it; other breaks use the original point of their bucket closest to the
///    smoothed value.
/// O(n) overall (plus an expected-O(n) bucket sort when x is not ascending); the splitting itself works
/// on at most 500 points.
public enum ShapeSegmentation {
    /// Above this many valid points the series is reduced to this many bucket means first.
    public static let maxBuckets = 500
    /// A segment is split while some point deviates from its chord by more than this fraction of the range.
    public static let splitThreshold = 0.09
    /// A segment whose change is under this fraction of the range counts as flat when merging.
    public static let flatFraction = 0.05
    /// Same-direction neighbours stay apart only when one slope is at least this many times the other.
    public static let slopeRatioToKeep = 3.0

    /// The shape segments of `ys` against `xs` (see the type's documentation).
    public static func segments(xs: [Double], ys: [Double], maxSegments: Int = 5) -> [ShapeSegment] {
        analyze(xs: xs, ys: ys, maxSegments: maxSegments).segments
    }

    /// The shape segments plus how much of the shape they leave out (see `ShapeAnalysis`).
    public static func analyze(xs: [Double], ys: [Double], maxSegments: Int = 5) -> ShapeAnalysis {
        let points = OrderedPoints(xs: xs, ys: ys)
        guard points.validCount >= 2, let first = points.firstValid, let last = points.lastValid else {
            return ShapeAnalysis(segments: [], largestCounterMove: 0)
        }

        let buckets = EqualCountBuckets(points: points, bucketCount: maxBuckets)
        let halfWidth = smoothingHalfWidth(bucketCount: buckets.count)
        let smooth = lightlySmoothed(buckets.ys, halfWidth: halfWidth)
        let bucketBreaks = splitAndMerge(xs: buckets.xs, smooth: smooth, maxSegments: max(1, maxSegments))
        let entries = snapped(
            bucketBreaks, points: points, first: first, last: last, buckets: buckets,
            smooth: smooth, radius: halfWidth + 1)

        var segments: [ShapeSegment] = []
        segments.reserveCapacity(entries.count - 1)
        for k in 0..<(entries.count - 1) {
            let a = entries[k], b = entries[k + 1]
            segments.append(
                ShapeSegment(
                    fromIndex: points.originalIndex(a), toIndex: points.originalIndex(b),
                    fromX: points.xs[a], fromY: points.ys[a],
                    toX: points.xs[b], toY: points.ys[b]))
        }

        var counterMove = 0.0
        if let lo = smooth.min(), let hi = smooth.max(), hi > lo {
            for k in 0..<(bucketBreaks.count - 1) {
                let a = bucketBreaks[k], b = bucketBreaks[k + 1]
                let rising = smooth[b] >= smooth[a]
                // Largest fall after a high (rising segment) or rise after a low (falling segment).
                var extreme = smooth[a]
                for i in a...b {
                    let v = smooth[i]
                    if rising {
                        extreme = max(extreme, v)
                        counterMove = max(counterMove, (extreme - v) / (hi - lo))
                    } else {
                        extreme = min(extreme, v)
                        counterMove = max(counterMove, (v - extreme) / (hi - lo))
                    }
                }
            }
        }
        return ShapeAnalysis(segments: segments, largestCounterMove: min(1, counterMove))
    }

    // MARK: - Smoothing

    /// Moving-average half-width for m (bucketed) points: 0 (none) below 30 points, else max(1, m/100).
    static func smoothingHalfWidth(bucketCount m: Int) -> Int {
        m < 30 ? 0 : max(1, m / 100)
    }

    /// Running median of 3 (ends kept; skipped below 7 points, where every point matters), then a
    /// centred moving average of half-width h whose window shrinks symmetrically at the ends.
    static func lightlySmoothed(_ ys: [Double], halfWidth h: Int) -> [Double] {
        let m = ys.count
        guard m >= 7 else { return ys }
        var median3 = ys
        for i in 1..<(m - 1) {
            median3[i] = RunningMedian.median3(ys[i - 1], ys[i], ys[i + 1])
        }
        guard h > 0 else { return median3 }
        var out = median3
        for i in 0..<m {
            let half = min(h, i, m - 1 - i)
            guard half > 0 else { continue }
            var sum = 0.0
            for j in (i - half)...(i + half) { sum += median3[j] - median3[i] }
            out[i] = median3[i] + sum / Double(2 * half + 1)
        }
        return out
    }

    // MARK: - Splitting and merging (bucket positions)

    /// Break positions (first 0, last m − 1) of the segments after splitting and merging.
    static func splitAndMerge(xs: [Double], smooth s: [Double], maxSegments: Int) -> [Int] {
        let m = s.count
        var breaks = [0, m - 1]
        guard m > 2, maxSegments > 1, let lo = s.min(), let hi = s.max(), hi > lo else { return breaks }
        let range = hi - lo
        let threshold = splitThreshold * range
        var locked = [false]  // one flag per segment: merged segments are not split again

        func maxDeviation(_ a: Int, _ b: Int) -> (position: Int, deviation: Double) {
            ShapeSegmentation.maxDeviation(xs: xs, smooth: s, from: a, to: b)
        }

        func direction(_ a: Int, _ b: Int) -> Int {
            let dy = s[b] - s[a]
            if abs(dy) < flatFraction * range { return 0 }
            return dy > 0 ? 1 : -1
        }

        func slope(_ a: Int, _ b: Int) -> Double {
            let dx = xs[b] - xs[a], dy = s[b] - s[a]
            if dx > 0 { return abs(dy / dx) }
            return dy == 0 ? 0 : .infinity
        }

        /// Steeper-to-gentler slope ratio of segments j and j + 1 when they go the same way, else nil.
        func mergeRatio(_ j: Int) -> Double? {
            let a = breaks[j], b = breaks[j + 1], c = breaks[j + 2]
            let d1 = direction(a, b), d2 = direction(b, c)
            guard d1 == d2 else { return nil }
            if d1 == 0 { return 1 }
            let m1 = slope(a, b), m2 = slope(b, c)
            let gentle = min(m1, m2), steep = max(m1, m2)
            return gentle > 0 ? steep / gentle : .infinity
        }

        for _ in 0..<64 {
            var didSplit = false
            while breaks.count - 1 < maxSegments {
                var best: (segment: Int, position: Int, deviation: Double)?
                for j in 0..<(breaks.count - 1) where !locked[j] {
                    let candidate = maxDeviation(breaks[j], breaks[j + 1])
                    if candidate.deviation > threshold && candidate.deviation > (best?.deviation ?? 0) {
                        best = (j, candidate.position, candidate.deviation)
                    }
                }
                guard let split = best else { break }
                breaks.insert(split.position, at: split.segment + 1)
                locked.insert(false, at: split.segment + 1)
                didSplit = true
            }

            var didMerge = false
            while breaks.count > 2 {
                var best: (segment: Int, ratio: Double)?
                for j in 0..<(breaks.count - 2) {
                    if let ratio = mergeRatio(j), ratio < slopeRatioToKeep, ratio < (best?.ratio ?? .infinity) {
                        best = (j, ratio)
                    }
                }
                guard let merge = best else { break }
                breaks.remove(at: merge.segment + 1)
                locked.remove(at: merge.segment + 1)
                locked[merge.segment] = true
                didMerge = true
            }
            if !didSplit || !didMerge { break }
        }

        // A flat piece of at most two steps between a fall and a rise (or a rise and a fall) is just a
        // blunt turn, often left by a missing or repeated extreme: fold it into the next segment, so the
        // turn is one break (snapped to the extreme below).
        var j = 1
        while j + 2 < breaks.count {
            let before = direction(breaks[j - 1], breaks[j]), after = direction(breaks[j + 1], breaks[j + 2])
            if breaks[j + 1] - breaks[j] <= 2 && direction(breaks[j], breaks[j + 1]) == 0 && before * after < 0 {
                breaks.remove(at: j + 1)
            } else {
                j += 1
            }
        }
        return breaks
    }

    /// The point strictly between a and b farthest (vertically, in y units) from the chord a–b.
    static func maxDeviation(xs: [Double], smooth s: [Double], from a: Int, to b: Int)
        -> (position: Int, deviation: Double)
    {
        var best = (position: a, deviation: 0.0)
        guard b - a > 1 else { return best }
        let dx = xs[b] - xs[a]
        for i in (a + 1)..<b {
            let t = dx > 0 ? (xs[i] - xs[a]) / dx : Double(i - a) / Double(b - a)
            let d = abs(s[i] - (s[a] + t * (s[b] - s[a])))
            if d > best.deviation { best = (i, d) }
        }
        return best
    }

    // MARK: - Snapping to original points

    /// Entries of `points` (valid ones, in x order) where the segments start and end: `first`, the
    /// snapped breaks, `last`, strictly increasing.
    static func snapped(
        _ bucketBreaks: [Int], points: OrderedPoints, first: Int, last: Int,
        buckets: EqualCountBuckets, smooth s: [Double], radius: Int
    ) -> [Int] {
        var result = [first]
        guard bucketBreaks.count > 2 else { return [first, last] }
        let ys = points.ys

        /// The valid entry in from...to that is best by `better`, or nil when there is none.
        func pick(_ from: Int, _ to: Int, _ better: (Double, Double) -> Bool) -> Int? {
            guard from <= to else { return nil }
            var chosen: Int?
            for i in from...to where points.isValid(i) {
                if let c = chosen, !better(ys[i], ys[c]) { continue }
                chosen = i
            }
            return chosen
        }

        for j in 1..<(bucketBreaks.count - 1) {
            let left = bucketBreaks[j - 1], b = bucketBreaks[j], right = bucketBreaks[j + 1]
            let lowerBound = result[result.count - 1] + 1
            let upperBound = last - 1
            let riseIn = s[b] - s[left], riseOut = s[right] - s[b]
            let isPeak = riseIn > 0 && riseOut < 0
            let isTrough = riseIn < 0 && riseOut > 0

            let chosen: Int?
            if isPeak || isTrough {
                // The turn on the smoothed series between the neighbouring breaks …
                var t = b
                for i in (left + 1)..<right where isPeak ? s[i] > s[t] : s[i] < s[t] { t = i }
                // … then the raw extreme (first maximum or minimum) of the original points around it.
                let firstBucket = max(left + 1, t - radius), lastBucket = min(right - 1, t + radius)
                chosen = pick(
                    max(lowerBound, buckets.starts[firstBucket]),
                    min(upperBound, buckets.starts[lastBucket + 1] - 1),
                    isPeak ? { $0 > $1 } : { $0 < $1 })
            } else {
                // Not a turn: the original point of the bucket closest to the smoothed value.
                let target = s[b]
                chosen = pick(
                    max(lowerBound, buckets.starts[b]), min(upperBound, buckets.starts[b + 1] - 1),
                    { abs($0 - target) < abs($1 - target) })
            }
            if let chosen { result.append(chosen) }
        }
        result.append(last)
        return result
    }
}
