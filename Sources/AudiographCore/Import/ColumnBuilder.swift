import Foundation

/// Accumulates one column's values while the file streams past, in the type the sniffer chose.
final class ColumnBuilder {
    enum Kind: Equatable {
        case numeric
        case date(DateFormat)
        case text
    }

    let kind: Kind
    let decimalStyle: DecimalStyle
    let encoding: TextEncodingName
    private(set) var numbers: [Double] = []
    private(set) var fractionDigits = 0
    private(set) var datePrecision = DatePrecision.year
    private var categoryIndex: [String: Int32] = [:]
    private(set) var categories: [String] = []
    private(set) var indices: [Int32] = []
    /// Lines of values that could not be read as this column's type (first few) and how many there were.
    private(set) var badValueLines: [Int] = []
    private(set) var badValueCount = 0
    private(set) var nonFiniteCount = 0

    init(kind: Kind, decimalStyle: DecimalStyle, encoding: TextEncodingName, expectedRows: Int) {
        self.kind = kind
        self.decimalStyle = decimalStyle
        self.encoding = encoding
        if kind == .text { indices.reserveCapacity(expectedRows) } else { numbers.reserveCapacity(expectedRows) }
    }

    var count: Int { kind == .text ? indices.count : numbers.count }

    /// Adds one trimmed field read on `line`.
    @inline(__always)
    func append(_ field: UnsafeBufferPointer<UInt8>, line: Int) {
        switch kind {
        case .numeric:
            switch NumberParsing.parse(field, style: decimalStyle) {
            case .number(let value, let digits):
                numbers.append(value)
                if digits > fractionDigits { fractionDigits = digits }
            case .missing:
                numbers.append(.nan)
            case .nonFinite:
                numbers.append(.nan)
                nonFiniteCount += 1
            case .notANumber:
                numbers.append(.nan)
                noteBadValue(line)
            }
        case .date(let format):
            if NumberParsing.isMissingToken(field) {
                numbers.append(.nan)
            } else if let parsed = DateParsing.parse(field, format: format) {
                numbers.append(parsed.seconds)
                if parsed.precision > datePrecision { datePrecision = parsed.precision }
            } else {
                numbers.append(.nan)
                noteBadValue(line)
            }
        case .text:
            if NumberParsing.isMissingToken(field) && field.count != 1 || field.count == 0 {
                indices.append(-1)
                return
            }
            let text = TextDecoding.string(field, encoding: encoding)
            if let index = categoryIndex[text] {
                indices.append(index)
            } else {
                let index = Int32(categories.count)
                categoryIndex[text] = index
                categories.append(text)
                indices.append(index)
            }
        }
    }

    private func noteBadValue(_ line: Int) {
        badValueCount += 1
        if badValueLines.count < 5 { badValueLines.append(line) }
    }

    /// The finished column data.
    func finish() -> ColumnData {
        switch kind {
        case .numeric: return .numeric(values: numbers, fractionDigits: fractionDigits)
        case .date: return .date(values: numbers, precision: datePrecision)
        case .text:
            categoryIndex = [:]
            return .text(indices: indices, categories: categories)
        }
    }
}
