// SPDX-License-Identifier: GPL-3.0-or-later
// A keyboard for the Wayland tests: one virtual keyboard (zwp_virtual_keyboard_v1) with the full US
// keymap, plugged into the compositor's seat for the whole session and typing what the tests ask for.
//
// Why not wtype alone: each wtype run is a new keyboard with a keymap of only the keys it types. Sway
// then moves the keyboard focus out of the window and back for every key, and Xwayland's keymap shrinks
// to that one key with no modifiers, on which AT-SPI's key handling in Orca 43 hangs or crashes. A
// person's keyboard is one device with a whole keymap; so is this one.
//
//   test-keyboard SOCKET     joins the seat, then serves requests on the Unix socket SOCKET, one per
//                            connection, each a line answered with "ok" or "error: why" once the
//                            compositor has taken the keys:
//     key CHORD              a chord in xdotool's spelling: Right, ctrl+comma, shift+space, F1
//     type TEXT              TEXT typed character by character (US layout, with Shift where needed)
//     ping                   nothing (ready check)
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>

#include "virtual-keyboard-unstable-v1-client-protocol.h"

static struct wl_seat *seat;
static struct zwp_virtual_keyboard_manager_v1 *manager;
static struct zwp_virtual_keyboard_v1 *keyboard;
static struct wl_display *display;
static struct xkb_keymap *keymap;
static struct xkb_state *state;

static void on_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                      uint32_t version) {
    (void)data; (void)version;
    if (strcmp(interface, wl_seat_interface.name) == 0 && !seat)
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    else if (strcmp(interface, zwp_virtual_keyboard_manager_v1_interface.name) == 0)
        manager = wl_registry_bind(registry, name, &zwp_virtual_keyboard_manager_v1_interface, 1);
}

static void on_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = { on_global, on_global_remove };

/// Milliseconds of the monotonic clock, the timestamp of a key event.
static uint32_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

/// Sends one key (an XKB keycode) pressed or released, then the modifier state that follows from it.
static void send_key(xkb_keycode_t code, int pressed) {
    zwp_virtual_keyboard_v1_key(keyboard, now_ms(), code - 8, pressed ? 1 : 0);
    xkb_state_update_key(state, code, pressed ? XKB_KEY_DOWN : XKB_KEY_UP);
    zwp_virtual_keyboard_v1_modifiers(keyboard, xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
                                      xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
                                      xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
                                      xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE));
}

/// The keycode whose first or second (Shift) level in the first layout gives `sym`; 0 when none does.
static xkb_keycode_t keycode_for(xkb_keysym_t sym, int *shifted) {
    for (xkb_keycode_t code = xkb_keymap_min_keycode(keymap); code <= xkb_keymap_max_keycode(keymap); code++) {
        for (int level = 0; level < 2; level++) {
            const xkb_keysym_t *syms;
            int count = xkb_keymap_key_get_syms_by_level(keymap, code, 0, level, &syms);
            for (int k = 0; k < count; k++) {
                if (syms[k] == sym) {
                    *shifted = level;
                    return code;
                }
            }
        }
    }
    return 0;
}

/// A modifier's name in xdotool's spelling as the keysym of its left key.
static const char *modifier_key(const char *name) {
    if (!strcasecmp(name, "ctrl") || !strcasecmp(name, "control")) return "Control_L";
    if (!strcasecmp(name, "shift")) return "Shift_L";
    if (!strcasecmp(name, "alt")) return "Alt_L";
    if (!strcasecmp(name, "super")) return "Super_L";
    return NULL;
}

/// Presses the keys of `chord` ("ctrl+comma") in order and releases them in reverse; NULL or an error.
static const char *press_chord(char *chord) {
    xkb_keycode_t codes[8];
    int count = 0;
    for (char *part = strtok(chord, "+"); part; part = strtok(NULL, "+")) {
        if (count == 8) return "too many keys in the chord";
        const char *name = modifier_key(part) ? modifier_key(part) : part;
        xkb_keysym_t sym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS);
        if (sym == XKB_KEY_NoSymbol) sym = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE);
        int shifted = 0;
        xkb_keycode_t code = sym == XKB_KEY_NoSymbol ? 0 : keycode_for(sym, &shifted);
        if (!code) return "no key for that name in the US keymap";
        codes[count++] = code;
    }
    if (count == 0) return "empty chord";
    for (int k = 0; k < count; k++) send_key(codes[k], 1);
    for (int k = count - 1; k >= 0; k--) send_key(codes[k], 0);
    return NULL;
}

/// Types `text` (UTF-8) one character every 15 ms, with Shift for second-level characters.
static const char *type_text(const char *text) {
    int shift_shifted = 0;
    xkb_keycode_t shift = keycode_for(XKB_KEY_Shift_L, &shift_shifted);
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        uint32_t c = *p;
        int length = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (length > 1) {
            c &= 0xFF >> (length + 1);
            for (int k = 1; k < length; k++) {
                if ((p[k] & 0xC0) != 0x80) return "the text is not UTF-8";
                c = (c << 6) | (p[k] & 0x3F);
            }
        }
        p += length;
        int shifted = 0;
        xkb_keycode_t code = keycode_for(xkb_utf32_to_keysym(c), &shifted);
        if (!code) return "a character has no key in the US keymap";
        if (shifted) send_key(shift, 1);
        send_key(code, 1);
        send_key(code, 0);
        if (shifted) send_key(shift, 0);
        wl_display_flush(display);
        usleep(15000);
    }
    return NULL;
}

/// Runs one request line and says how it went.
static const char *run(char *line) {
    line[strcspn(line, "\r\n")] = 0;
    if (strcmp(line, "ping") == 0) return NULL;
    if (strncmp(line, "key ", 4) == 0) return press_chord(line + 4);
    if (strncmp(line, "type ", 5) == 0) return type_text(line + 5);
    return "unknown request";
}

/// Hands the keymap to the compositor through a memory file, as the protocol asks.
static int send_keymap(void) {
    char *text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1);
    if (!text) return -1;
    size_t size = strlen(text) + 1;
    int fd = memfd_create("test-keyboard-keymap", MFD_CLOEXEC);
    if (fd < 0 || write(fd, text, size) != (ssize_t)size) { free(text); return -1; }
    zwp_virtual_keyboard_v1_keymap(keyboard, XKB_KEYMAP_FORMAT_TEXT_V1, fd, (uint32_t)size);
    free(text);
    wl_display_roundtrip(display);
    close(fd);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: test-keyboard SOCKET\n"); return 2; }
    display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "test-keyboard: no Wayland display\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!seat || !manager) { fprintf(stderr, "test-keyboard: the compositor has no seat or no virtual keyboards\n"); return 1; }
    struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    struct xkb_rule_names names = { "evdev", "pc105", "us", "", "" };
    keymap = context ? xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
    if (!keymap) { fprintf(stderr, "test-keyboard: no US keymap (xkb-data)\n"); return 1; }
    state = xkb_state_new(keymap);
    keyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat);
    if (send_keymap() != 0) { fprintf(stderr, "test-keyboard: could not send the keymap\n"); return 1; }

    int server = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    snprintf(address.sun_path, sizeof address.sun_path, "%s", argv[1]);
    unlink(argv[1]);
    if (server < 0 || bind(server, (struct sockaddr *)&address, sizeof address) != 0 || listen(server, 4) != 0) {
        fprintf(stderr, "test-keyboard: cannot listen on %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    for (;;) {
        int client = accept(server, NULL, NULL);
        if (client < 0) continue;
        char line[4096];
        ssize_t length = read(client, line, sizeof line - 1);
        const char *error = "empty request";
        if (length > 0) {
            line[length] = 0;
            error = run(line);
            if (wl_display_roundtrip(display) < 0) { fprintf(stderr, "test-keyboard: the compositor left\n"); return 1; }
        }
        char reply[256];
        int size = error ? snprintf(reply, sizeof reply, "error: %s\n", error) : snprintf(reply, sizeof reply, "ok\n");
        if (write(client, reply, (size_t)size) < 0) { /* the test went away; nothing to tell */ }
        close(client);
    }
}
