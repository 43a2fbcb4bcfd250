// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// RFC 4180 CSV text that Audiograph writes itself (a workbook's table, a JSON file's records, a saved table):
/// fields joined by commas, quoted when they hold a comma, a quote or a line break, each record ending in a
/// line break.
public enum CSVText {
    /// The CSV text of `header` (if any) and `rows`.
    public static func data(header: [String]?, rows: [[String]]) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(rows.count * 32)
        if let header { appendRecord(header, to: &out) }
        for row in rows { appendRecord(row, to: &out) }
        return Data(out)
    }

    /// Appends one record of `fields` and its line break to `out`.
    public static func appendRecord(_ fields: [String], to out: inout [UInt8]) {
        for (i, field) in fields.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            var field = field
            field.withUTF8 { appendField($0, to: &out) }
        }
        out.append(0x0A)
    }

    /// Appends one field's bytes to `out`, quoted when it holds a comma, a quote or a line break.
    static func appendField(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        if bytes.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) {
            out.append(0x22)
            for b in bytes {
                if b == 0x22 { out.append(0x22) }
                out.append(b)
            }
            out.append(0x22)
        } else {
            out.append(contentsOf: bytes)
        }
    }
}
