// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The points of a series in x order, as entries that may include missing points to skip; x and y in the
/// series' units, with each entry's index into the original arrays.
///
/// Internal helper; build as `OrderedPoints(xs: xs, ys: ys)`. A point is valid when its x and y are both
/// finite; consumers walk the entries `0 ..< entryCount` and skip those where `isValid` is false (only
/// possible when `hasGaps`). Valid entries are in ascending x order, equal x keeping input order.
///
/// Cost, chosen to avoid large copies (fresh memory is a real cost at a million points):
/// - valid points already ascending in x (the usual case for lines): one O(n) pass and no copy at all;
///   the entries are the caller's arrays, gaps included;
/// - otherwise: the valid points are compacted, sorted by x with an expected-O(n) bucket sort
///   (`SortPermutation`) and y is gathered; the entries then have no gaps.
struct OrderedPoints {
    /// x of each entry (valid entries ascending).
    let xs: [Double]
    /// y of each entry.
    let ys: [Double]
    /// True when some entries are missing points that must be skipped.
    let hasGaps: Bool
    /// Number of valid entries.
    let validCount: Int
    /// Index in the original arrays of each entry; nil when it is the identity.
    private let positions: [Int32]?

    /// Number of entries, valid or not.
    var entryCount: Int { xs.count }

    /// Whether entry k is a valid point.
    @inline(__always)
    func isValid(_ k: Int) -> Bool {
        !hasGaps || (xs[k].isFinite && ys[k].isFinite)
    }

    /// Index in the original arrays of entry k.
    @inline(__always)
    func originalIndex(_ k: Int) -> Int {
        guard let positions else { return k }
        return Int(positions[k])
    }

    /// Index of the first valid entry, or nil when there is none.
    var firstValid: Int? { (0..<entryCount).first(where: isValid) }

    /// Index of the last valid entry, or nil when there is none.
    var lastValid: Int? { (0..<entryCount).reversed().first(where: isValid) }

    init(xs inputXs: [Double], ys inputYs: [Double]) {
        let n = min(inputXs.count, inputYs.count)
        precondition(n < Int(Int32.max), "OrderedPoints: too many points")  // l10n: not shown
        // First pass: how many points are valid, and are they already in x order?
        var valid = 0
        var sorted = true
        inputXs.withUnsafeBufferPointer { sx in
            inputYs.withUnsafeBufferPointer { sy in
                var lastX = -Double.infinity
                for i in 0..<n {
                    let x = sx[i]
                    guard x.isFinite, sy[i].isFinite else { continue }
                    valid += 1
                    if x < lastX { sorted = false }
                    lastX = x
                }
            }
        }
        validCount = valid

        if sorted {
            xs = inputXs.count == n ? inputXs : Array(inputXs.prefix(n))
            ys = inputYs.count == n ? inputYs : Array(inputYs.prefix(n))
            hasGaps = valid < n
            positions = nil
            return
        }

        // Not in x order: sort the valid x values, then gather y and the original indices.
        hasGaps = false
        var validXs = inputXs
        var validPositions: [Int32]?
        if valid < n {
            var compactXs = [Double](repeating: 0, count: valid)
            var compactPositions = [Int32](repeating: 0, count: valid)
            inputXs.withUnsafeBufferPointer { sx in
                inputYs.withUnsafeBufferPointer { sy in
                    compactXs.withUnsafeMutableBufferPointer { dx in
                        compactPositions.withUnsafeMutableBufferPointer { dp in
                            var k = 0
                            for i in 0..<n where sx[i].isFinite && sy[i].isFinite {
                                dx[k] = sx[i]
                                dp[k] = Int32(truncatingIfNeeded: i)
                                k += 1
                            }
                        }
                    }
                }
            }
            validXs = compactXs
            validPositions = compactPositions
        } else if inputXs.count != n {
            validXs = Array(inputXs.prefix(n))
        }
        let (sortedXs, order) = SortPermutation.sort(validXs)
        var sortedYs = [Double](repeating: 0, count: valid)
        var sortedPositions = order
        inputYs.withUnsafeBufferPointer { y in
            sortedYs.withUnsafeMutableBufferPointer { dy in
                sortedPositions.withUnsafeMutableBufferPointer { dp in
                    if let validPositions {
                        validPositions.withUnsafeBufferPointer { vp in
                            for k in 0..<valid {
                                let p = vp[Int(dp[k])]
                                dp[k] = p
                                dy[k] = y[Int(p)]
                            }
                        }
                    } else {
                        for k in 0..<valid { dy[k] = y[Int(dp[k])] }
                    }
                }
            }
        }
        xs = sortedXs
        ys = sortedYs
        positions = sortedPositions
    }
}
