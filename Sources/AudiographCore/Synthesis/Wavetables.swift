// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Band-limited single-cycle tables for every timbre, one per octave band, so no harmonic ever passes the
/// band limit (no aliasing) whatever the pitch.
///
/// Built once on first use (about 10 ms) and shared read-only by every render.
struct Wavetables: Sendable {
    /// Samples per cycle; a power of two so the phase wraps with a mask.
    static let size = 2048
    /// The highest fundamental of band k is `lowestBandTop × 2^k`, in hertz.
    static let lowestBandTop = 40.0
    static let bandCount = 10
    /// No harmonic is rendered above this frequency, in hertz (below 48 kHz's Nyquist limit with margin).
    static let harmonicLimit = 18_000.0
    /// Most harmonics any table holds.
    static let maximumHarmonics = 64

    /// `tables[timbre][band]`: `size + 1` samples each, the last repeating the first for interpolation.
    let tables: [[[Float]]]

    static let shared = Wavetables()

    private init() {
        let size = Self.size
        var sine = [Double](repeating: 0, count: size)
        for j in 0..<size { sine[j] = Foundation.sin(2 * Double.pi * Double(j) / Double(size)) }
        var all: [[[Float]]] = []
        for timbre in Timbre.allCases {
            var bands: [[Double]] = []
            for band in 0..<Self.bandCount {
                let top = Self.lowestBandTop * Foundation.pow(2, Double(band))
                let harmonics = max(1, min(Self.maximumHarmonics, Int(Self.harmonicLimit / top)))
                var table = [Double](repeating: 0, count: size + 1)
                for n in 1...harmonics {
                    // Lanczos sigma factor: softens the top harmonics so edges ring less and sound less harsh.
                    let x = Double.pi * Double(n) / Double(harmonics + 1)
                    let amplitude = timbre.harmonicAmplitude(n) * (n == 1 ? 1 : Foundation.sin(x) / x)
                    guard amplitude != 0 else { continue }
                    for j in 0..<size { table[j] += amplitude * sine[(n * j) & (size - 1)] }
                }
                table[size] = table[0]
                bands.append(table)
            }
            // One scale per timbre (from its fullest band), so moving between bands keeps the level.
            let peak = bands[0].map(abs).max() ?? 1
            all.append(bands.map { $0.map { Float($0 / peak) } })
        }
        tables = all
    }

    /// The band whose tables stay below the harmonic limit at `frequency` hertz.
    @inlinable
    static func band(for frequency: Double) -> Int {
        guard frequency > lowestBandTop else { return 0 }
        return min(bandCount - 1, Int(Foundation.ceil(Foundation.log2(frequency / lowestBandTop))))
    }

    /// The table for `timbre` at `frequency` hertz.
    func table(_ timbre: Timbre, frequency: Double) -> [Float] {
        tables[Timbre.allCases.firstIndex(of: timbre)!][Self.band(for: frequency)]
    }
}
