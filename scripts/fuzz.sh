#!/usr/bin/env bash
# Builds and runs the libFuzzer targets in Fuzz/ (every decoder of untrusted bytes), one after another.
#
#   scripts/fuzz.sh [TARGET...] [--seconds N] [--runs N] [--timeout N]
#
# With no TARGET every target runs. Each runs for N seconds (--seconds, default 60) and/or N executions (--runs),
# whichever comes first (CI's smoke gives --runs only, so that a loaded machine runs the same inputs, just slower);
# one input running longer than --timeout seconds (default 10) is a finding. Prints per target: executions,
# executions per second, seconds, peak memory, and crashes (0, or the path of the reproducer). Exit status: 0 when
# no target found anything, 1 when one did (crash, broken invariant, timeout, leak or out-of-memory; the reproducer
# is kept in .fuzz/artifacts/<target>/), 2 on a usage or build error, 130 when a target was stopped by a signal
# before it was done.
# Replay a reproducer with `.build-fuzz/release/fuzz-<target> FILE` (with ASAN_OPTIONS=malloc_context_size=30 for
# the allocation stacks of a memory error: the runs here record none, which makes them about 20% faster).
#
# How it is built, and why this way:
# - Each target is an executable target `fuzz-<name>` (Fuzz/<name>/, one file defining `LLVMFuzzerTestOneInput`,
#   plus the shared checks in Fuzz/Support). Package.swift declares them only when TRUSTLISTS_FUZZ=1, which only this
#   script sets: a plain `swift build` or `swift test` does not see them, builds nothing more and needs no fuzzer flag.
# - They are built by SwiftPM, in release, into their own scratch path (.build-fuzz), so the normal .build stays
#   incremental and nothing is compiled by hand: the modules, the C system libraries and the link are SwiftPM's.
# - `--sanitize fuzzer` makes SwiftPM link an executable without a `main` of its own (libFuzzer's runtime has it);
#   `-Xswiftc -sanitize=fuzzer,address` then asks for both instrumentations in one flag, because swiftc keeps only
#   the last of several -sanitize= flags (SwiftPM's `--sanitize fuzzer --sanitize address` gives no coverage).
# - Products are built one at a time (`--product`): with `--sanitize fuzzer`, SwiftPM compiles every executable as a
#   library, which the package's main.swift executables do not survive.
# - Seeds are generated at run time into .fuzz/seeds (scripts/fuzz-seeds.py): from ../shared/fixtures/real, the
#   example configuration, the Annex D vectors in the tests, and a `trustctl demo` folder (snapshot.json). Corpora
#   grow in .fuzz/corpus/<target> and are kept between runs, so long campaigns continue where they stopped.
# - Options per target (-max_len, -dict) are a comment in the target's file: `// libFuzzer options: ...`.
#   A new target is one file in Fuzz/<name>/ plus one line in Package.swift.
#
# Needs only the Swift toolchain (the libFuzzer runtime ships with it) and python3 for the seeds (cbor2 optional:
# without it the payload targets get fewer seeds). Environment: FUZZ_DIR (default .fuzz), TRUSTLISTS_FIXTURES
# (default ../shared/fixtures/real).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    echo "usage: scripts/fuzz.sh [TARGET...] [--seconds N] [--runs N] [--timeout N]"
    echo "targets: $(available | tr '\n' ' ')"
}

available() {
    for dir in Fuzz/*/; do
        name=$(basename "$dir")
        [ "$name" = Support ] || [ "$name" = Dictionaries ] || echo "$name"
    done
}

bad_usage() {
    echo "Error: $1" >&2
    usage >&2
    exit 2
}

targets=()
seconds=""
runs=""
timeout=10
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) [ $# -ge 2 ] || bad_usage "--seconds needs a number"; seconds=$2; shift 2 ;;
        --runs) [ $# -ge 2 ] || bad_usage "--runs needs a number"; runs=$2; shift 2 ;;
        --timeout) [ $# -ge 2 ] || bad_usage "--timeout needs a number"; timeout=$2; shift 2 ;;
        -h | --help) usage; exit 0 ;;
        -*) bad_usage "unknown option $1" ;;
        *) targets+=("$1"); shift ;;
    esac
done
[[ -z "$seconds" || "$seconds" =~ ^[0-9]+$ ]] || bad_usage "--seconds needs a number, not '$seconds'"
[[ -z "$runs" || "$runs" =~ ^[0-9]+$ ]] || bad_usage "--runs needs a number, not '$runs'"
[[ "$timeout" =~ ^[1-9][0-9]*$ ]] || bad_usage "--timeout needs a number of seconds, not '$timeout'"
[ -n "$seconds" ] || [ -n "$runs" ] || seconds=60
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(available)
fi
for target in "${targets[@]}"; do
    [ -d "Fuzz/$target" ] && [ "$target" != Support ] && [ "$target" != Dictionaries ] ||
        bad_usage "no fuzz target '$target'"
done

fuzz_dir=${FUZZ_DIR:-.fuzz}
fixtures=${TRUSTLISTS_FIXTURES:-../shared/fixtures/real}
export TRUSTLISTS_FIXTURES=$fixtures
mkdir -p "$fuzz_dir"

# Build.
for target in "${targets[@]}"; do
    echo "building fuzz-$target" >&2
    if ! TRUSTLISTS_FUZZ=1 swift build -c release --scratch-path .build-fuzz --product "fuzz-$target" \
        --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address >"$fuzz_dir/build.log" 2>&1; then
        grep -E "error:" "$fuzz_dir/build.log" >&2 || tail -20 "$fuzz_dir/build.log" >&2
        echo "Error: building fuzz-$target failed (log: $fuzz_dir/build.log)" >&2
        exit 2
    fi
done

# Seeds: regenerated on every run from what is there now.
rm -rf "$fuzz_dir/seeds" "$fuzz_dir/demo"
demo_option=()
if swift run --quiet trustctl demo --dir "$fuzz_dir/demo" >"$fuzz_dir/demo.log" 2>&1; then
    demo_option=(--demo "$fuzz_dir/demo")
else
    echo "note: 'trustctl demo' failed (log: $fuzz_dir/demo.log); seeding without it" >&2
fi
# The python3 on PATH, or Debian's /usr/bin/python3 when only that one has cbor2 (as the tests look for it).
python=python3
if ! python3 -c "import cbor2" 2>/dev/null && /usr/bin/python3 -c "import cbor2" 2>/dev/null; then
    python=/usr/bin/python3
fi
if command -v "$python" >/dev/null; then
    "$python" scripts/fuzz-seeds.py "$fuzz_dir/seeds" . "$fixtures" "${demo_option[@]}" >"$fuzz_dir/seeds.log" 2>&1 ||
        echo "note: seed generation failed (log: $fuzz_dir/seeds.log); running from the corpora alone" >&2
    grep "^fuzz-seeds: note\|absent" "$fuzz_dir/seeds.log" >&2 || true
else
    echo "note: python3 absent: no seeds; running from the corpora alone" >&2
fi

# Run, one target after another (one worker each: the build machine has two cores).
# The Swift runtime's own backtracer would race libFuzzer's crash handler; libFuzzer prints the stack.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:quarantine_size_mb=64:malloc_context_size=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/.lsan-suppressions}
limits=()
[ -z "$seconds" ] || limits+=("-max_total_time=$seconds")
[ -z "$runs" ] || limits+=("-runs=$runs")
failed=0
interrupted=0
printf '%-16s %14s %10s %8s %9s  %s\n' target executions exec/s seconds "rss MB" crashes
for target in "${targets[@]}"; do
    corpus="$fuzz_dir/corpus/$target"
    artifacts="$fuzz_dir/artifacts/$target"
    seeds="$fuzz_dir/seeds/$target"
    log="$fuzz_dir/$target.log"
    mkdir -p "$corpus" "$artifacts" "$seeds"
    read -r -a options < <(sed -n 's|^// libFuzzer options: ||p' Fuzz/"$target"/*.swift | head -1)
    status=0
    started=$SECONDS
    ".build-fuzz/release/fuzz-$target" -artifact_prefix="$artifacts/" -timeout="$timeout" -rss_limit_mb=2048 \
        -print_final_stats=1 "${limits[@]}" "${options[@]}" "$corpus" "$seeds" >"$log" 2>&1 || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
    reproducer=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    if [ -n "$reproducer" ]; then
        failed=1
        crashes=$reproducer
    elif [ "$status" -eq 72 ]; then
        # libFuzzer's exit status when it is stopped by SIGINT or SIGTERM: no finding, but not a full run either.
        interrupted=1
        crashes="0 (interrupted)"
    elif [ "$status" -ne 0 ]; then
        failed=1
        crashes="exit status $status, see $log"
    else
        crashes=0
    fi
    printf '%-16s %14s %10s %8s %9s  %s\n' "$target" "${executions:-?}" "${rate:-?}" $((SECONDS - started)) \
        "${rss:-?}" "$crashes"
done
if [ "$failed" -ne 0 ]; then
    echo "fuzzing found a problem: reproducers are in $fuzz_dir/artifacts/, logs in $fuzz_dir/<target>.log" >&2
    exit 1
fi
if [ "$interrupted" -ne 0 ]; then
    echo "a target was interrupted before its --seconds or --runs were done" >&2
    exit 130
fi
