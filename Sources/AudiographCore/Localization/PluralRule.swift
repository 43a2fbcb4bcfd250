// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Which plural form a language uses for a count: the "Plural-Forms: nplurals=3; plural=(n%10==1 …);" line
/// of a gettext catalog's header, evaluated safely.
///
/// The expression is gettext's small C subset: n, non-negative integer literals, parentheses, ! * / % + -
/// < > <= >= == != && || and ?:, with C's precedence. Anything else (another name, a call, unbalanced
/// parentheses, more than about 25 nested parentheses, more than 1,000 characters) is refused, and the
/// catalog falls back to English's rule (`english`). Arithmetic wraps instead of trapping; dividing by zero
/// chooses English's form for that count; an index outside 0..<formCount means form 0, as gettext does.
public struct PluralRule: Sendable {
    /// How many plural forms the language has (nplurals), 1 to 100.
    public let formCount: Int
    private let expression: Expression

    /// English's rule, and the fallback for a missing or malformed header: two forms, singular for 1.
    public static let english = PluralRule(formCount: 2, expression: .binary(.notEqual, .n, .literal(1)))

    private init(formCount: Int, expression: Expression) {
        self.formCount = formCount
        self.expression = expression
    }

    /// The rule of a catalog header (the msgstr of msgid ""); English's when it has no valid Plural-Forms line.
    public init(header: String) {
        guard let line = header.split(separator: "\n").first(where: { $0.hasPrefix("Plural-Forms:") }),
            let rule = PluralRule(pluralForms: String(line.dropFirst("Plural-Forms:".count)))
        else {
            self = .english
            return
        }
        self = rule
    }

    /// Parses "nplurals=3; plural=EXPRESSION;" (spaces allowed); nil when it is not exactly that.
    init?(pluralForms text: String) {
        guard text.count <= 1_000 else { return nil }
        var count: Int?
        var source: String?
        for field in text.split(separator: ";") {
            let parts = field.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else {
                if field.allSatisfy(\.isWhitespace) { continue } else { return nil }
            }
            switch parts[0].trimmingCharacters(in: .whitespaces) {
            case "nplurals": count = Int(parts[1].trimmingCharacters(in: .whitespaces))
            case "plural": source = String(parts[1])
            default: return nil
            }
        }
        guard let count, (1...100).contains(count), let source else { return nil }
        var parser = Parser(source)
        guard let expression = parser.parseAll() else { return nil }
        self.init(formCount: count, expression: expression)
    }

    /// The index of the plural form for `count`, in 0..<formCount.
    public func form(for count: Int) -> Int {
        guard let index = expression.value(n: count) ?? PluralRule.english.expression.value(n: count),
            index >= 0, index < formCount
        else { return 0 }
        return index
    }

    // MARK: Expression

    private enum Operator: Sendable {
        case multiply, divide, remainder, add, subtract
        case less, greater, lessOrEqual, greaterOrEqual, equal, notEqual, and, or
    }

    /// A node of a parsed expression. A class with plain stored references rather than an indirect enum:
    /// a multi-payload enum keeps its case in spare bits of the box pointers, which LeakSanitizer then cannot
    /// follow, so the fuzzing run reported English's rule (a global) as leaked.
    private final class Expression: Sendable {
        private enum Kind: Sendable {
            case n, literal, not, conditional
            case binary(Operator)
        }

        private let kind: Kind
        private let number: Int
        private let operands: [Expression]

        private init(_ kind: Kind, number: Int = 0, _ operands: [Expression] = []) {
            self.kind = kind
            self.number = number
            self.operands = operands
        }

        static let n = Expression(.n)
        static func literal(_ value: Int) -> Expression { Expression(.literal, number: value) }
        static func not(_ operand: Expression) -> Expression { Expression(.not, [operand]) }
        static func binary(_ op: Operator, _ left: Expression, _ right: Expression) -> Expression {
            Expression(.binary(op), [left, right])
        }
        static func conditional(_ test: Expression, _ then: Expression, _ otherwise: Expression) -> Expression {
            Expression(.conditional, [test, then, otherwise])
        }

        /// The value for count `n`; nil when it divides by zero.
        func value(n: Int) -> Int? {
            switch kind {
            case .n: return n
            case .literal: return number
            case .not: return operands[0].value(n: n).map { $0 == 0 ? 1 : 0 }
            case .conditional:
                guard let condition = operands[0].value(n: n) else { return nil }
                return condition != 0 ? operands[1].value(n: n) : operands[2].value(n: n)
            case .binary(let op):
                guard let a = operands[0].value(n: n) else { return nil }
                // && and || evaluate their right side only when needed, as C does.
                if op == .and && a == 0 { return 0 }
                if op == .or && a != 0 { return 1 }
                guard let b = operands[1].value(n: n) else { return nil }
                switch op {
                case .multiply: return a &* b
                case .divide: return b == 0 ? nil : (b == -1 ? 0 &- a : a / b)
                case .remainder: return b == 0 ? nil : (b == -1 ? 0 : a % b)
                case .add: return a &+ b
                case .subtract: return a &- b
                case .less: return a < b ? 1 : 0
                case .greater: return a > b ? 1 : 0
                case .lessOrEqual: return a <= b ? 1 : 0
                case .greaterOrEqual: return a >= b ? 1 : 0
                case .equal: return a == b ? 1 : 0
                case .notEqual: return a != b ? 1 : 0
                case .and, .or: return b != 0 ? 1 : 0
                }
            }
        }
    }

    /// Recursive descent over the expression's characters, one function per precedence level of C.
    private struct Parser {
        private let characters: [Character]
        private var position = 0
        private var depth = 0
        private static let maximumDepth = 200

        init(_ source: String) { characters = Array(source) }

        /// The whole text as one expression; nil if anything is left over or not understood.
        mutating func parseAll() -> Expression? {
            guard let expression = conditional() else { return nil }
            skipSpaces()
            return position == characters.count ? expression : nil
        }

        private mutating func skipSpaces() {
            while position < characters.count, characters[position].isWhitespace { position += 1 }
        }

        /// Takes `token` if it comes next (after spaces), but not when it is the start of a longer operator
        /// listed in `unless` ("<" is not taken from "<=").
        private mutating func take(_ token: String, unless longer: [String] = []) -> Bool {
            skipSpaces()
            func matches(_ text: String) -> Bool {
                let chars = Array(text)
                return position + chars.count <= characters.count && Array(characters[position..<position + chars.count]) == chars
            }
            guard matches(token), !longer.contains(where: matches) else { return false }
            position += token.count
            return true
        }

        private mutating func nested(_ parse: (inout Parser) -> Expression?) -> Expression? {
            depth += 1
            defer { depth -= 1 }
            return depth > Self.maximumDepth ? nil : parse(&self)
        }

        private mutating func conditional() -> Expression? {
            nested { parser in
                guard let test = parser.or() else { return nil }
                guard parser.take("?") else { return test }
                guard let then = parser.conditional(), parser.take(":"), let otherwise = parser.conditional() else { return nil }
                return .conditional(test, then, otherwise)
            }
        }

        /// One left-associative level: operands from `next`, joined by the operators of `table`.
        private mutating func level(
            _ table: [(String, Operator, [String])],
            _ next: (inout Parser) -> Expression?
        ) -> Expression? {
            nested { parser in
                guard var left = next(&parser) else { return nil }
                while let (_, op, _) = table.first(where: { parser.take($0.0, unless: $0.2) }) {
                    guard let right = next(&parser) else { return nil }
                    left = .binary(op, left, right)
                }
                return left
            }
        }

        private mutating func or() -> Expression? { level([("||", .or, [])]) { $0.and() } }
        private mutating func and() -> Expression? { level([("&&", .and, [])]) { $0.equality() } }
        private mutating func equality() -> Expression? {
            level([("==", .equal, []), ("!=", .notEqual, [])]) { $0.comparison() }
        }
        private mutating func comparison() -> Expression? {
            level([("<=", .lessOrEqual, []), (">=", .greaterOrEqual, []), ("<", .less, ["<<"]), (">", .greater, [">>"])]) {
                $0.additive()
            }
        }
        private mutating func additive() -> Expression? {
            level([("+", .add, ["++"]), ("-", .subtract, ["--"])]) { $0.multiplicative() }
        }
        private mutating func multiplicative() -> Expression? {
            level([("*", .multiply, []), ("/", .divide, []), ("%", .remainder, [])]) { $0.unary() }
        }

        private mutating func unary() -> Expression? {
            nested { parser in
                if parser.take("!", unless: ["!="]) { return parser.unary().map { .not($0) } }
                if parser.take("(") {
                    guard let inner = parser.conditional(), parser.take(")") else { return nil }
                    return inner
                }
                if parser.take("n") {
                    // "n" alone: not the start of a longer name such as "nplurals" or "new".
                    if parser.position < parser.characters.count,
                        parser.characters[parser.position].isLetter || parser.characters[parser.position].isNumber
                            || parser.characters[parser.position] == "_"
                    {
                        return nil
                    }
                    return .n
                }
                var value = 0
                var digits = 0
                while parser.position < parser.characters.count, let digit = parser.characters[parser.position].wholeNumberValue,
                    parser.characters[parser.position].isASCII
                {
                    let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times.addingReportingOverflow(digit)
                    guard !overflow1, !overflow2 else { return nil }
                    value = sum
                    digits += 1
                    parser.position += 1
                }
                return digits > 0 ? .literal(value) : nil
            }
        }
    }
}
