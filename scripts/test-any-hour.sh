#!/usr/bin/env bash
# npm run test:any-hour — runs the whole suite with the wall clock set (Debian's faketime) to the
# times at which a suite that depends on the hour, the Czech day, the month or DST would fail.
# Not part of npm test: it takes five suite runs. Needs faketime (apt-get install -y faketime).
# Usage: npm run test:any-hour [-- <label> ...]   (labels below; default all five)
set -uo pipefail
cd "$(dirname "$0")/.."
command -v faketime >/dev/null || { echo "faketime is not installed: apt-get install -y faketime" >&2; exit 2; }

# label|wall-clock time (GNU date syntax, explicit offset)|what it catches
TIMES=(
  "prague-13h|2026-11-24 13:00:00 +0100|the next 08:00 in Prague is more than a session lifetime away"
  "prague-midnight|2026-11-24 23:59:30 +0100|the Czech day changes during the run"
  "dst-end|2026-10-25 02:30:00 +0200|02:30 on the day the clocks go back (the hour that happens twice)"
  "month-end-0759|2026-11-30 07:59:00 +0100|07:59 on the last day of a month, a minute before the overdue check"
  "year-end-utc|2026-12-31 23:59:50 +0000|the UTC month and year change during the run"
)

wanted=("$@")
results=()
status=0
for entry in "${TIMES[@]}"; do
  IFS='|' read -r label at why <<<"$entry"
  if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " =~ " $label " ]]; then continue; fi
  log=$(mktemp -t "faktura-any-hour-$label.XXXXXX.log")
  echo "=== $label: wall clock $at ($why); log $log"
  # FAKETIME_DONT_RESET: child processes (app processes, PostgreSQL) continue the same fake clock.
  # PostgreSQL's own session timers misfire under libfaketime (a backend logs "terminating connection
  # due to idle-in-transaction timeout" 13 s into a run, with the limit at 60 s): the DB_* session
  # timeouts are off here. test/core/db-timeouts.test.ts sets its own (300 ms), which misfire the same
  # way under faketime (its app's migrations are cut: it fails at 73443d8 too), so it is left out here;
  # npm test proves those timeouts on the real clock.
  DB_STATEMENT_TIMEOUT_MS=0 DB_IDLE_IN_TRANSACTION_TIMEOUT_MS=0 \
    FAKETIME_DONT_RESET=1 faketime -m "$at" npm test -- --ignore test/core/db-timeouts.test.ts >"$log" 2>&1
  code=$?
  summary=$(grep -E '^\s+[0-9]+ (passing|failing|pending)' "$log" | tr -s ' ' | tr '\n' ' ')
  results+=("$label ($at): exit $code — ${summary:-no summary, see $log}")
  [ $code -eq 0 ] || { status=1; grep -A12 -E '^\s+1\) ' "$log" | head -40; }
done
echo
echo "test:any-hour results"
printf '  %s\n' "${results[@]}"
exit $status
