// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation
import ZIPFoundation

/// The zip container of a workbook, read only, with every part unpacked under limits that refuse zip bombs.
struct WorkbookArchive {
    /// Largest part unpacked, in bytes (a sheet of about 30 million cells).
    static let maxPartBytes: Int64 = 1 << 30
    /// Unpacked bytes per packed byte above which a part is refused once it passes `ratioCheckBytes`. Deflate
    /// cannot pack better than about 1,030:1; spreadsheet XML packs 5:1 to 100:1, and runs of one byte pack
    /// 1,000:1.
    static let maxCompressionRatio: Int64 = 400
    /// Unpacked bytes after which the ratio is checked (small parts may pack tightly and harmlessly).
    static let ratioCheckBytes: Int64 = 16 << 20

    let path: String
    private let archive: Archive

    /// Opens the zip at `path`, named `naming` in messages (the path itself by default); throws
    /// `ImportError.damagedWorkbook` when it is not a readable zip.
    init(path: String, naming: String? = nil) throws {
        self.path = naming ?? path
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw ImportError.damagedWorkbook(path: self.path, reason: Localization.tr("its zip directory cannot be read"))
        }
    }

    /// The zip entry named `name`, for `prefix(of:count:)`.
    fileprivate func archiveEntry(_ name: String) -> Entry? { archive[name] }
    fileprivate var archiveForPrefix: Archive { archive }

    /// Whether the archive holds a part named `name` (a path inside the zip, without a leading slash).
    func has(_ name: String) -> Bool { archive[name] != nil }

    /// The bytes of part `name`, nil when there is none. Refuses a part that unpacks beyond the limits
    /// (`ImportError.workbookTooLarge`) and one that fails its checksum (`ImportError.damagedWorkbook`).
    func part(_ name: String, cancellation: CancellationFlag? = nil) throws -> Data? {
        guard let entry = archive[name] else { return nil }
        let packed = max(Int64(clamping: entry.compressedSize), 1)
        // The zip's own sizes refuse an honest bomb before any unpacking; a part that unpacks past the size its
        // directory states is refused as soon as it does (a lying bomb), so memory never grows past either.
        let declared = Int64(clamping: entry.uncompressedSize)
        if declared > Self.maxPartBytes
            || declared > Self.ratioCheckBytes && declared / packed > Self.maxCompressionRatio
        {
            throw ImportError.workbookTooLarge(path: path, limitBytes: Self.maxPartBytes)
        }
        var data = Data()
        data.reserveCapacity(Int(min(Int64(clamping: entry.uncompressedSize), Self.ratioCheckBytes)))
        do {
            _ = try archive.extract(entry, bufferSize: 1 << 16) { chunk in
                data.append(chunk)
                let unpacked = Int64(data.count)
                if unpacked > declared + (1 << 16) || unpacked > Self.maxPartBytes
                    || unpacked > Self.ratioCheckBytes && unpacked / packed > Self.maxCompressionRatio
                {
                    throw PartRefused.tooLarge
                }
                if cancellation?.isCancelled == true { throw PartRefused.cancelled }
            }
        } catch PartRefused.tooLarge {
            throw ImportError.workbookTooLarge(path: path, limitBytes: Self.maxPartBytes)
        } catch PartRefused.cancelled {
            throw ImportError.cancelled(path: path)
        } catch {
            throw ImportError.damagedWorkbook(path: path, reason: Localization.tr("the part %@ cannot be unpacked", name))
        }
        return data
    }

    /// Why unpacking stopped early, thrown from inside ZIPFoundation's consumer.
    private enum PartRefused: Error {
        case tooLarge
        case cancelled
    }
}

extension WorkbookArchive {
    /// Up to the first `count` bytes of part `name` unpacked (enough to read a sheet's declared size); nil when
    /// there is no such part or it cannot be unpacked.
    func prefix(of name: String, count: Int) -> Data? {
        guard let entry = archiveEntry(name) else { return nil }
        var data = Data()
        _ = try? archiveForPrefix.extract(entry, bufferSize: 1 << 14) { chunk in
            data.append(chunk)
            if data.count >= count { throw PrefixRead.enough }
        }
        return data.isEmpty ? nil : data
    }
}

/// Thrown to stop unpacking once a prefix is read.
private enum PrefixRead: Error { case enough }
