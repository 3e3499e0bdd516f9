#!/usr/bin/env bash
# Reads the output of `swift test` (kept by .ci/run in .ci-logs/swift-test.log) and prints one line:
#
#   scripts/ci-test-summary.sh count LOG      `712 tests` (Swift Testing's run line, plus XCTest's executed count)
#   scripts/ci-test-summary.sh failures LOG   `2 failing tests: "name one"; name2()`, or, when no test failed but the
#                                             run did (a crash, a build error), the first error line and the test
#                                             that was running
set -euo pipefail
mode=$1
log=$2

case "$mode" in
count)
    swift_testing=$(sed -n 's/^.* Test run with \([0-9][0-9]*\) tests\{0,1\} .*$/\1/p' "$log" | tail -1)
    xctest=$(sed -n 's/^[[:space:]]*Executed \([0-9][0-9]*\) tests\{0,1\},.*$/\1/p' "$log" | sort -n | tail -1)
    echo "$(( ${swift_testing:-0} + ${xctest:-0} )) tests"
    ;;
failures)
    # Swift Testing: `✘ Test "name" failed after …` and `✘ Test "name" with 3 test cases failed after …`;
    # XCTest: `Test Case 'Suite.name' failed (…)`.
    names=$(
        {
            sed -n 's/^✘ Test \(.*\) \(with [0-9][0-9]* test cases\{0,1\} \)\{0,1\}failed after .*$/\1/p' "$log" |
                grep -v '^run with ' || true
            sed -n "s/^Test Case '\(.*\)' failed (.*$/\1/p" "$log"
        } | sed 's/ with [0-9][0-9]* test cases\{0,1\}$//' | sort -u
    )
    if [ -n "$names" ]; then
        count=$(printf '%s\n' "$names" | wc -l)
        echo "$count failing test$([ "$count" -eq 1 ] || echo s): $(printf '%s\n' "$names" | paste -sd ';' - | sed 's/;/; /g')"
        exit 0
    fi
    # No test failed: the run itself did (a crash names no test; the last test started without an end is the one).
    error=$(grep -m1 -E "error:|Fatal error|signal|Crash|crashed" "$log" || true)
    running=$(sed -n 's/^◇ Test \(.*\) started\.$/\1/p' "$log" | tail -1)
    echo "no failing test named; ${error:-see the end of the log}${running:+; last test started: $running}"
    ;;
*)
    echo "usage: scripts/ci-test-summary.sh count|failures LOG" >&2
    exit 2
    ;;
esac
