// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads a run of JSON values (an array's elements, an object's members, or JSON Lines) on every core: the run is
/// taken in blocks (`JSONStreamParser.takeValues`), each block cut into pieces of about `pieceBytes` between two
/// values, the pieces parsed side by side and joined in order. A piece that does not parse, or that the caller
/// cannot join, hands the rest back to be read one value at a time from the piece's start, so what is read, and
/// every message with its line and column, is the one-thread reader's.
struct JSONPieceReading {
    let input: ChunkedInput
    let path: String
    let options: CSVReadOptions
    let cancellation: CancellationFlag?
    /// Gives a parser the progress reports of the one it takes over from.
    let reportProgress: (JSONStreamParser) -> Void

    /// Where a run read in pieces stopped.
    enum Outcome {
        /// At its end: the closing bracket consumed, or the end of JSON Lines; read on with this parser.
        case finished(JSONStreamParser)
        /// At the start of a piece that did not parse or join: read on from there, one value at a time.
        case fellBack(JSONStreamParser)
    }

    /// Whether a run of values in `input` is worth reading in pieces.
    var isWorthIt: Bool { options.parallelism > 1 && input.mayHoldMore(than: options.pieceBytes) }

    /// Reads the run `parser` stands at the start of (its first value next), as far as it can in pieces: `parse`
    /// turns a piece's bytes (whole values and the commas between them) into a `Piece`, or nil when it cannot,
    /// on any thread; `join` takes each in order, or refuses it (false). `closing` ends the run (`]` or `}`),
    /// nil for JSON Lines.
    func read<Piece>(
        _ sequence: JSONStreamParser.Sequence, closing: UInt8?, from parser: JSONStreamParser,
        parse: @escaping @Sendable ([UInt8]) -> Piece?, join: (Piece) throws -> Bool
    ) throws -> Outcome {
        let piecesPerWave = max(2, options.parallelism * 2)
        // A comma between values belongs to neither piece; a line's value ends where the next may start.
        let separatorBytes = sequence == .arrayElements ? 1 : 0
        while true {
            let block = try parser.takeValues(sequence, minimumBytes: options.pieceBytes * piecesPerWave)
            // The block cut into pieces of about pieceBytes: (start, end) in the block.
            var pieces: [Range<Int>] = []
            var start = 0
            for cut in block.cuts where cut - start >= options.pieceBytes {
                pieces.append(start..<cut)
                start = cut + separatorBytes
            }
            pieces.append(start..<block.bytes.count)
            let (bytes, ranges) = (block.bytes, pieces)
            // Each piece's result, or none: ParallelMap gives up on nil, and one piece that fails must not.
            let parsed = ParallelMap.map(ranges.count) { k -> [Piece] in
                parse(Array(bytes[ranges[k]])).map { [$0] } ?? []
            }!
            for (k, result) in parsed.enumerated() {
                if let piece = result.first, try join(piece) { continue }
                let (line, column) = JSONStreamParser.position(
                    after: block.bytes[..<pieces[k].lowerBound],
                    line: block.line, column: block.column)
                let rest = JSONStreamParser(
                    input: input, path: path, chunkBytes: options.chunkBytes,
                    maxStringBytes: options.limits.maxFieldBytes, cancellation: cancellation,
                    pending: Array(bytes[pieces[k].lowerBound...]) + parser.unreadBytes,
                    line: line, column: column, bytesRead: parser.bytesRead)
                reportProgress(rest)
                return .fellBack(rest)
            }
            switch try parser.nextSignificantByte() {
            case UInt8(ascii: ",") where closing != nil: parser.consume(UInt8(ascii: ","))
            case let byte? where byte == closing:
                parser.consume(byte)
                return .finished(parser)
            case nil where closing == nil: return .finished(parser)
            case nil: throw parser.broken(JSONStreamParser.problemEndInsideValue)
            case _ where closing == UInt8(ascii: "}"): throw parser.broken(JSONStreamParser.problemCommaOrBraceExpected)
            case _ where closing != nil: throw parser.broken(JSONStreamParser.problemCommaOrBracketExpected)
            default: continue  // the next line's value
            }
        }
    }

    /// A parser of one piece's bytes, read from memory. Not at line 1, column 1: a byte-order mark there would be
    /// taken for the file's own. A piece's own messages are never shown (it is read again).
    static func pieceParser(_ bytes: [UInt8], path: String, options: CSVReadOptions) -> JSONStreamParser {
        JSONStreamParser(
            input: ChunkedInput(data: Data(), path: path), path: path, chunkBytes: options.chunkBytes,
            maxStringBytes: options.limits.maxFieldBytes, cancellation: nil, pending: bytes, line: 2,
            column: 1)
    }
}
