#!/usr/bin/env bash
# Runs the fuzz targets: fuzz/run.sh [SECONDS] [TARGET...]
#   SECONDS  how long each target runs (default 30)
#   TARGET   which targets (default: every target of `cargo fuzz list`), one after the other
#
# Needs cargo-fuzz (installed if missing) and no nightly toolchain: RUSTC_BOOTSTRAP=1 lets the
# stable compiler take the -Z flags cargo-fuzz passes (AddressSanitizer and sanitizer coverage).
# Seeds the corpora first (seed.sh), builds every target once with debug assertions (so that
# arithmetic overflow panics), then runs each with bounded input size, memory and time per
# input. A crash leaves its input in fuzz/artifacts/<target>/ and fails the run after every
# target has had its turn. Logs go to fuzz/logs/<target>.log; a summary of executions and
# coverage is printed at the end.
set -euo pipefail
cd "$(dirname "$0")"

seconds=${1:-30}
shift || true
export RUSTC_BOOTSTRAP=1
export CARGO_TERM_COLOR=never

command -v cargo-fuzz >/dev/null || cargo install --locked cargo-fuzz
if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi

./seed.sh
cargo fuzz build --debug-assertions
mkdir -p logs

# libFuzzer options: inputs up to 4 KiB; no input may take more than 10 s, use more than
# 1 GiB in all (AddressSanitizer included) or allocate more than 64 MiB at once. FUZZ_SEED
# fixes libFuzzer's random seed (CI sets it, so that a smoke run can be replayed); unset or 0,
# every run explores differently.
options=(-max_total_time="$seconds" -seed="${FUZZ_SEED:-0}" -max_len=4096 -timeout=10
    -rss_limit_mb=1024 -malloc_limit_mb=64 -print_final_stats=1)

failed=()
summary=()
for target in "${targets[@]}"; do
    echo "==> $target: ${seconds}s"
    mkdir -p "corpus/$target"
    if ! cargo fuzz run --debug-assertions "$target" "corpus/$target" -- "${options[@]}" \
        >"logs/$target.log" 2>&1; then
        failed+=("$target")
        grep -E -A8 'panicked|ERROR: libFuzzer|SUMMARY' "logs/$target.log" | head -30 || true
    fi
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "logs/$target.log" | tail -1 || true)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "logs/$target.log" | tail -1)
    cov=$(sed -n 's/.* cov: \([0-9]*\) ft: \([0-9]*\) corp: \([0-9]*\).*exec\/s: \([0-9]*\).*/cov \1, ft \2, corpus \3, \4 exec\/s/p' <<<"$done_line")
    summary+=("$target: ${runs:-?} executions, ${cov:-no DONE line}")
done

echo
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "crashes in: ${failed[*]} (inputs in fuzz/artifacts/)"
    exit 1
fi
