// SPDX-License-Identifier: GPL-3.0-or-later
// alsa-lib's whole public API, imported into Swift as the CAlsa module.
#include <alsa/asoundlib.h>
