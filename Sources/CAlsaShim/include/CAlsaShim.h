// SPDX-License-Identifier: GPL-3.0-or-later
#ifndef AUDIOGRAPH_CALSASHIM_H
#define AUDIOGRAPH_CALSASHIM_H

// Helpers for the ALSA calls Swift cannot make itself. Keep this file small: everything Swift can call
// directly is called from Swift (Sources/AudiographALSA).

/// Makes alsa-lib silent: installs an error handler that discards every message, so alsa-lib never
/// writes to standard error. Call once, before the first other ALSA call.
///
/// Exists because alsa-lib's handler type (snd_lib_error_handler_t) is a C variadic function, which
/// Swift cannot define. Without it alsa-lib prints several "ALSA lib ..." lines for one failed open;
/// Audiograph reports the failure itself, in one sentence.
void ag_alsa_silence_errors(void);

#endif
