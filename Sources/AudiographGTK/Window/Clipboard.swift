// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import Foundation

/// The desktop's clipboard (the default display's, under X11 and Wayland alike): the table a person copied in
/// a spreadsheet or a browser, and the words Audiograph puts there (Ctrl+C).
///
/// Reading never waits on the main loop: GDK asks the clipboard's owner, which may be slow or gone, and the
/// bytes arrive through GIO's asynchronous calls; the HTML is read into a table on a `BackgroundJob`.
/// Ownership: the clipboard belongs to the display (transfer none); the input stream from
/// gdk_clipboard_read_finish and the memory stream we make are ours and dropped once the bytes are taken.
@MainActor
enum Clipboard {
    /// The MIME type of an HTML table, as Firefox, Chromium and LibreOffice offer it.
    static let htmlType = "text/html"

    /// Reads the clipboard's table: its HTML when it offers some that holds a table, else its text. `done`
    /// gets the table, or nil when the clipboard holds none (empty, an image, a line of prose).
    static func readTable(done: @escaping @MainActor @Sendable (HeldTable?) -> Void) {
        guard let display = gdk_display_get_default(), let clipboard = gdk_display_get_clipboard(display) else {
            return done(nil)
        }
        let formats = gdk_clipboard_get_formats(clipboard)
        let offersHTML = formats.map { gdk_content_formats_contain_mime_type($0, htmlType) != 0 } ?? false
        let readText: @MainActor (Data?) -> Void = { html in
            Async.call(
                { gdk_clipboard_read_text_async(clipboard, nil, $0, $1) },
                done: { result in
                    var text: Data?
                    if let result, let chars = gdk_clipboard_read_text_finish(clipboard, result, nil) {
                        text = Data(String(cString: chars).utf8)
                        g_free(chars)
                    }
                    decide(html: html, text: text, done: done)
                })
        }
        guard offersHTML else { return readText(nil) }
        read(clipboard, type: htmlType) { html in readText(html) }
    }

    /// Reads the clipboard's content of MIME type `type` whole; `done` gets nil when the owner gave none.
    private static func read(
        _ clipboard: OpaquePointer, type: String,
        done: @escaping @MainActor (Data?) -> Void
    ) {
        var types = [strdup(type), nil]
        defer { types.forEach { free($0) } }
        types.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { list in
                Async.call(
                    { gdk_clipboard_read_async(clipboard, list, G_PRIORITY_DEFAULT, nil, $0, $1) },
                    done: { result in
                        guard let result, let input = gdk_clipboard_read_finish(clipboard, result, nil, nil) else {
                            return done(nil)
                        }
                        readWhole(input, done: done)
                    })
            }
        }
    }

    /// Reads `input` (ours; dropped here) to its end into memory.
    private static func readWhole(_ input: UnsafeMutablePointer<GInputStream>, done: @escaping @MainActor (Data?) -> Void) {
        let output = g_memory_output_stream_new_resizable()!
        let flags = GOutputStreamSpliceFlags(
            rawValue: G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE.rawValue
                | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET.rawValue)
        Async.call(
            { g_output_stream_splice_async(gcast(output), input, flags, G_PRIORITY_DEFAULT, nil, $0, $1) },
            done: { result in
                defer {
                    g_object_unref(gpointerOf(input))
                    g_object_unref(gpointerOf(output))
                }
                guard let result, g_output_stream_splice_finish(gcast(output), result, nil) >= 0,
                    let bytes = g_memory_output_stream_steal_as_bytes(gcast(output))
                else { return done(nil) }
                defer { g_bytes_unref(bytes) }
                var size: gsize = 0
                guard let start = g_bytes_get_data(bytes, &size), size > 0 else { return done(nil) }
                done(Data(bytes: start, count: Int(size)))
            })
    }

    /// Finds the table in what was read, off the main loop.
    private static func decide(html: Data?, text: Data?, done: @escaping @MainActor @Sendable (HeldTable?) -> Void) {
        _ = BackgroundJob(
            name: "audiograph-paste",
            work: { _ -> HeldTable?? in
                .some(PastedTable.held(html: html, text: text))
            }, done: { table in done(table) })
    }

    /// Puts `text` on the clipboard, owned by this program until something else is copied.
    static func copy(_ text: String) {
        guard let display = gdk_display_get_default(), let clipboard = gdk_display_get_clipboard(display) else { return }
        gdk_clipboard_set_text(clipboard, text)
    }
}
