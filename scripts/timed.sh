#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs one step of the tests and prints how long it took and how much processor time it used, so the CI log
# shows where its minutes go (the machine's two cores are busy for most of CI):
#   scripts/timed.sh NAME COMMAND [ARGS...]
# prints "[time] NAME: SECONDS s, cpu SECONDS s" (also when the step fails) and exits with the command's
# status. The processor time is the step's processes that were waited for (bash's `times`).
name=$1
shift
start=$(date +%s)
status=0
"$@" || status=$?
# `times` prints the shell's own times, then its children's ("0m1.5s 0m0.25s"); run here, not in a subshell,
# which would have children of its own.
times_file=$(mktemp)
times >"$times_file"
cpu=$(tail -n 1 "$times_file" | awk '{ total = 0; for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); total += p[1] * 60 + p[2] } printf "%d", total }')
rm -f "$times_file"
echo "[time] $name: $(( $(date +%s) - start )) s, cpu $cpu s$([ $status = 0 ] || echo " (failed, exit $status)")"
exit $status
