#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Extracts every user-facing message from Sources/ into po/audiograph.pot (xgettext reads Swift as C: the
# calls tr("…"), trn("…", "…", n) and N_("…") are the markers) and merges it into each po/LANG.po.
# Run after changing messages; Tests/l10n/check-catalog.sh fails CI when the template is out of date.
#   scripts/update-po.sh [--check]     (--check: only report whether po/audiograph.pot is current)
set -euo pipefail
cd "$(dirname "$0")/.."
template=$(mktemp)
trap 'rm -f "$template"' EXIT
find Sources -name '*.swift' -not -path 'Sources/audiograph-bench/*' -not -path 'Sources/audiograph-fuzz/*' | sort \
  | xargs xgettext --language=C --from-code=UTF-8 --keyword=tr --keyword=trn:1,2 --keyword=trc:1c,2 --keyword=N_ \
      --add-comments=TRANSLATORS: --package-name=audiograph --msgid-bugs-address= --sort-by-file --no-location \
      -o "$template" 2>&1 | grep -v -e "msgid-bugs-address" -e "Makevars" -e "MSGID_BUGS_ADDRESS" -e "command line option" >&2 || true
# The messages, unwrapped: gettext 0.21 (Debian 12) and 0.23 (Debian 13) wrap long strings differently.
messages() { msgcat --no-wrap "$1" | grep -v 'POT-Creation-Date'; }
if [ "${1:-}" = --check ]; then
  if ! diff -q <(messages "$template") <(messages po/audiograph.pot) >/dev/null; then
    echo "po/audiograph.pot is out of date: run scripts/update-po.sh" >&2
    diff <(messages "$template") <(messages po/audiograph.pot) | head -20 >&2
    exit 1
  fi
  exit 0
fi
cp "$template" po/audiograph.pot
for po in po/*.po; do
  msgmerge --quiet --update --backup=none --no-fuzzy-matching "$po" po/audiograph.pot
done
echo "update-po: $(grep -c '^msgid ' po/audiograph.pot) messages in po/audiograph.pot"
