#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks that every user-facing message goes through the catalog and every translation is complete:
#  1. po/audiograph.pot is what xgettext extracts from Sources/ now (scripts/update-po.sh --check);
#  2. no literal that reads like words for people bypasses tr/trn/trc/N_ (find_untranslated.py);
#  3. each po/LANG.po compiles with msgfmt's format checks and has no untranslated or fuzzy message.
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/update-po.sh --check
python3 Tests/l10n/find_untranslated.py
for po in po/*.po; do
  stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1)
  if echo "$stats" | grep -qE "fuzzy|untranslated"; then
    echo "$po: $stats" >&2
    exit 1
  fi
  echo "$po: $stats"
done
