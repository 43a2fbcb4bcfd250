// SPDX-License-Identifier: GPL-3.0-or-later
#include "CAlsaShim.h"

#include <alsa/asoundlib.h>

// Receives every alsa-lib error message and drops it; the caller reports failures from return codes.
// Variadic because snd_lib_error_handler_t is, which is why this lives in C.
static void ag_alsa_discard_error(const char *file, int line, const char *function, int error,
                                  const char *format, ...) {
    (void)file; (void)line; (void)function; (void)error; (void)format;
}

void ag_alsa_silence_errors(void) {
    snd_lib_error_set_handler(ag_alsa_discard_error);
}
