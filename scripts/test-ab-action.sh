#!/usr/bin/env bash
# Runs the steps of action.yml (scripts/ab-action.sh) here, with the environment GitHub gives a composite action, on two
# commits of this repository: its HEAD as the base, and a head that slows FutexPingPong's partner by DELAY ns per round
# trip (InjectedDelay's default, changed in a commit of a temporary clone). Prints the job summary, the outputs and the
# comment body, and exits 0 when the action flagged the slowdown (exit 1 with FAIL_ABOVE) and wrote all three.
#   DELAY=300 ROUNDS=40 FAIL_ABOVE=5% scripts/test-ab-action.sh
# Takes about two builds and ROUNDS x 4.5 s (40 rounds: the design of the A/B study in docs/paired-rounds.md). Nothing else may run meanwhile.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DELAY=${DELAY:-300}
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
git clone -q "$here" "$t/workspace"
cd "$t/workspace"
sed -i 's/long ns = nanos(System.getProperty(PROPERTY));/long ns = nanos(System.getProperty(PROPERTY, "'"$DELAY"'"));/' \
    src/main/java/dev/switchcost/measure/workload/InjectedDelay.java
git diff --quiet && { echo "test-ab-action: the slowdown was not injected (InjectedDelay changed?)" >&2; exit 3; }
git -c user.name=test -c user.email=test@localhost commit -qam "slow the partner by $DELAY ns"
mkdir -p "$t/runner"
: > "$t/summary.md"; : > "$t/output"
set +e
GITHUB_WORKSPACE=$t/workspace GITHUB_STEP_SUMMARY=$t/summary.md GITHUB_OUTPUT=$t/output RUNNER_TEMP=$t/runner \
    AB_BASE=HEAD~1 AB_BUILD="mvn -B -q -Dmaven.test.skip=true package" AB_ROUNDS=${ROUNDS:-40} AB_FAIL_ABOVE=${FAIL_ABOVE:-5%} \
    AB_JMH_ARGS="-wi 2 -w 300ms -i 3 -r 200ms FutexPingPong.roundTrip\$ -p placement=SAME_CPU -p wait=UNTIMED -p binding=FFM" \
    SWITCHCOST=$here/scripts/switchcost "$here/scripts/ab-action.sh"
code=$?
set -e
echo "--- exit $code; GITHUB_OUTPUT:"; cat "$t/output"
echo "--- GITHUB_STEP_SUMMARY:"; cat "$t/summary.md"
comment=$(sed -n 's/^comment-file=//p' "$t/output")
[[ $code == 1 ]] || { echo "test-ab-action: expected exit 1 (a regression beyond ${FAIL_ABOVE:-5%}), got $code" >&2; exit 1; }
grep -q 'head slower' "$t/summary.md" || { echo "test-ab-action: the summary does not flag the head as slower" >&2; exit 1; }
[[ -s $comment ]] || { echo "test-ab-action: no comment body" >&2; exit 1; }
echo "test-ab-action: the action flagged the injected slowdown and wrote the summary, the outputs and the comment body"
