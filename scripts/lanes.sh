# SPDX-License-Identifier: GPL-3.0-or-later
# Lanes: commands that run side by side, each with its own log, printed whole when it ends ("== lane NAME"),
# then a summary and every lane's failures again at the very end (CI shows only the tail of a long log).
# Sourced by scripts/run-tests.sh (`make test`) and scripts/gui-lanes.sh (the Debian 13 root's GUI suites).
#
#   lanes_start           the lanes' log folder ($lanes_logs) and the base of their test output ($lanes_out)
#   lane NAME COMMAND...  COMMAND in the background, its output in $lanes_logs/NAME.log and its GUI test output
#                         in $lanes_out/NAME, killed after 40 minutes
#   lanes_wait            each lane's log as it ends, the summary, the failures; returns 1 if a lane failed
#   lanes_private         (array) unshare's arguments for a process namespace of its own, empty if not root:
#                         Orca allows one Orca per user and `orca --replace` kills any other it can see

lanes_started=${lanes_started:-$(date +%s)}
lanes_private=()
if unshare -p -f --mount-proc --kill-child true 2>/dev/null; then
  lanes_private=(unshare -p -f --mount-proc --kill-child)
fi
declare -A lanes_pid

lanes_start() {
  lanes_out=${GUI_TEST_OUT:-$(mktemp -d /tmp/audiograph-gui.XXXXXX)}
  lanes_logs=$(mktemp -d /tmp/audiograph-lanes.XXXXXX)
  echo "lanes' logs in $lanes_logs; screenshots and app logs in $lanes_out/LANE"
  trap 'kill "${lanes_pid[@]}" 2>/dev/null; exit 130' INT TERM
}

lane() {
  local name=$1
  shift
  mkdir -p "$lanes_out/$name"
  GUI_TEST_OUT="$lanes_out/$name" timeout --kill-after=30 2400 "$@" >"$lanes_logs/$name.log" 2>&1 &
  lanes_pid[$name]=$!
}

lanes_failed_lines() {  # lanes_failed_lines NAME LOG: the log's failures and errors, prefixed with the lane
  grep -E "^  FAIL |Traceback|Error:|error:|Fatal|failed|Killed|timed out" "$2" 2>/dev/null | grep -v "^warning" \
    | tail -n 30 | sed "s/^/[$1] /"
}

lanes_wait() {
  local status=0 code name summary=() remaining=("${!lanes_pid[@]}") still
  while [ ${#remaining[@]} -gt 0 ]; do
    wait -n "${lanes_pid[@]}" 2>/dev/null || true
    still=()
    for name in "${remaining[@]}"; do
      if kill -0 "${lanes_pid[$name]}" 2>/dev/null; then
        still+=("$name")
        continue
      fi
      wait "${lanes_pid[$name]}"
      code=$?
      echo
      echo "== lane $name (exit $code, $(( $(date +%s) - lanes_started )) s since the start)"
      cat "$lanes_logs/$name.log"
      summary+=("lane $name: exit $code at $(( $(date +%s) - lanes_started )) s")
      [ $code = 0 ] || status=1
    done
    remaining=("${still[@]}")
  done
  echo
  printf '%s\n' "${summary[@]}"
  for name in "${!lanes_pid[@]}"; do
    lanes_failed_lines "$name" "$lanes_logs/$name.log"
  done | tee "$lanes_logs/failures"
  return $status
}
