#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs one step of the tests and prints how long it took, so the CI log shows where its minutes go:
#   scripts/timed.sh NAME COMMAND [ARGS...]
# prints "[time] NAME: SECONDS s" (also when the step fails) and exits with the command's status.
name=$1
shift
start=$(date +%s)
status=0
"$@" || status=$?
echo "[time] $name: $(( $(date +%s) - start )) s$([ $status = 0 ] || echo " (failed, exit $status)")"
exit $status
