// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Ordinary least-squares straight line y = intercept + slope·x through the valid points, with centred
/// sums; slope in y units per x unit, intercept in y units.
///
/// Internal helper; call as `LeastSquaresLine.fit(xs: xs, ys: ys)`. Pairs where x or y is NaN or
/// infinite are skipped. Returns nil when there are no valid points. Two O(n) passes, centred on the
/// means so that large offsets (epoch seconds) keep their precision.
struct LeastSquaresLine {
    /// Number of valid points used.
    var count: Int
    var meanX: Double
    var meanY: Double
    /// Σ(x − x̄)², in x units squared.
    var sxx: Double
    /// Σ(x − x̄)(y − ȳ).
    var sxy: Double
    /// Σ(y − ȳ)², in y units squared.
    var syy: Double

    /// Slope in y units per x unit; 0 when x has no variance.
    var slope: Double { sxx > 0 ? sxy / sxx : 0 }
    /// y at x = 0, in y units.
    var intercept: Double { meanY - slope * meanX }
    /// Coefficient of determination, 0…1; 0 when x or y has no variance.
    var r2: Double {
        guard sxx > 0, syy > 0 else { return 0 }
        return min(1, max(0, (sxy * sxy) / (sxx * syy)))
    }

    static func fit(xs: [Double], ys: [Double]) -> LeastSquaresLine? {
        let n = min(xs.count, ys.count)
        var count = 0
        var shiftX = 0.0, shiftY = 0.0
        var sumX = 0.0, sumY = 0.0
        xs.withUnsafeBufferPointer { sx in
            ys.withUnsafeBufferPointer { sy in
                for i in 0..<n {
                    let x = sx[i], y = sy[i]
                    guard x.isFinite, y.isFinite else { continue }
                    if count == 0 {
                        shiftX = x
                        shiftY = y
                    }
                    sumX += x - shiftX
                    sumY += y - shiftY
                    count += 1
                }
            }
        }
        guard count > 0 else { return nil }
        let roughX = shiftX + sumX / Double(count)
        let roughY = shiftY + sumY / Double(count)
        var dx = 0.0, dy = 0.0, sxx = 0.0, sxy = 0.0, syy = 0.0
        xs.withUnsafeBufferPointer { sx in
            ys.withUnsafeBufferPointer { sy in
                for i in 0..<n {
                    let x = sx[i], y = sy[i]
                    guard x.isFinite, y.isFinite else { continue }
                    let u = x - roughX, v = y - roughY
                    dx += u
                    dy += v
                    sxx += u * u
                    sxy += u * v
                    syy += v * v
                }
            }
        }
        let c = Double(count)
        // Correct the sums for the first pass's rounding (corrected two-pass algorithm).
        sxx = max(0, sxx - dx * dx / c)
        syy = max(0, syy - dy * dy / c)
        sxy -= dx * dy / c
        return LeastSquaresLine(
            count: count, meanX: roughX + dx / c, meanY: roughY + dy / c,
            sxx: sxx, sxy: sxy, syy: syy)
    }
}
