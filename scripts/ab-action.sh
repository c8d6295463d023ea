#!/usr/bin/env bash
# The steps of action.yml (the switchcost regression gate): build the base and the head of the repository in
# $GITHUB_WORKSPACE, run `switchcost ab` of their benchmarks jars on this runner, and write the Markdown table to the job
# summary ($GITHUB_STEP_SUMMARY) and to a file for a pull request comment (its path in $GITHUB_OUTPUT as comment-file).
# Everything comes from the environment, as GitHub gives it to a composite action's step:
#   GITHUB_WORKSPACE    the repository, checked out at the head, with the base commit in its history
#   GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, RUNNER_TEMP   files and a directory GitHub provides
#   AB_BASE             the base commit (default: the merge base with origin's default branch, else HEAD~1)
#   AB_BUILD            the build command run in each checkout (default: mvn -B -q -DskipTests package)
#   AB_JAR              the benchmarks jar it makes, relative to the checkout (default: target/benchmarks.jar)
#   AB_ROUNDS           rounds (default 20); AB_FAIL_ABOVE e.g. 10% (default: empty, warn only)
#   AB_JMH_ARGS         JMH's arguments for both sides, e.g. "-wi 1 -i 3 MyBenchmark"
#   SWITCHCOST          the switchcost command (default: scripts/switchcost beside this script, built if needed)
# Exit: 0, or 1 when a run failed or --fail-above found a regression (only with AB_FAIL_ABOVE), 2/3 as switchcost's.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
: "${GITHUB_WORKSPACE:?run by action.yml: GITHUB_WORKSPACE is the checkout}" "${GITHUB_STEP_SUMMARY:?}" "${GITHUB_OUTPUT:?}"
tmp=${RUNNER_TEMP:-$(mktemp -d)}/switchcost-ab
rm -rf "$tmp"; mkdir -p "$tmp"
build=${AB_BUILD:-mvn -B -q -DskipTests package}
jar=${AB_JAR:-target/benchmarks.jar}
switchcost=${SWITCHCOST:-$here/scripts/switchcost}
if [[ $switchcost == "$here/scripts/switchcost" && ! -f $here/target/benchmarks.jar ]]; then
    echo "switchcost-ab: building switchcost in $here" >&2
    (cd "$here" && mvn -B -q -Dmaven.test.skip=true package)
fi

cd "$GITHUB_WORKSPACE"
base=${AB_BASE:-$(git merge-base HEAD "origin/$(git remote show origin 2>/dev/null | sed -n 's/.*HEAD branch: //p')" 2>/dev/null || git rev-parse HEAD~1)}
base=$(git rev-parse --verify "$base^{commit}") || { echo "switchcost-ab: base $AB_BASE is not a commit here" >&2; exit 2; }
head=$(git rev-parse HEAD)
echo "switchcost-ab: base ${base:0:12}, head ${head:0:12}" >&2

# the head as checked out, the base in a worktree of its own; each jar copied out before the next build
git worktree add -q --detach "$tmp/base" "$base"
trap 'git -C "$GITHUB_WORKSPACE" worktree remove --force "$tmp/base" 2>/dev/null || true' EXIT
for side in head base; do
    dir=$GITHUB_WORKSPACE; [[ $side == base ]] && dir=$tmp/base
    (cd "$dir" && eval "$build") > "$tmp/build-$side.log" 2>&1 \
        || { echo "switchcost-ab: the $side's build failed: see $tmp/build-$side.log" >&2; exit 3; }
    [[ -f $dir/$jar ]] || { echo "switchcost-ab: the $side's build made no $jar (set AB_JAR)" >&2; exit 3; }
    cp "$dir/$jar" "$tmp/$side.jar"
done

read -ra jmh <<< "${AB_JMH_ARGS:-}"
args=(ab "$tmp/base.jar" "$tmp/head.jar" --rounds "${AB_ROUNDS:-20}" --markdown "$tmp/comment.md" -o "$tmp/results")
[[ -n ${AB_FAIL_ABOVE:-} ]] && args+=(--fail-above "$AB_FAIL_ABOVE")
set +e
"$switchcost" "${args[@]}" -- "${jmh[@]}" | tee "$tmp/ab.txt"
code=${PIPESTATUS[0]}
set -e
if [[ -f $tmp/comment.md ]]; then
    { printf '<!-- switchcost-ab -->\n'; cat "$tmp/comment.md"; printf '\nbase `%s`, head `%s`\n' "${base:0:12}" "${head:0:12}"; } \
        > "$tmp/comment-body.md"
    cat "$tmp/comment-body.md" >> "$GITHUB_STEP_SUMMARY"
    echo "comment-file=$tmp/comment-body.md" >> "$GITHUB_OUTPUT"
fi
echo "results-dir=$tmp/results" >> "$GITHUB_OUTPUT"
echo "exit-code=$code" >> "$GITHUB_OUTPUT"
# without AB_FAIL_ABOVE a regression is reported, not failed (ab exits 1 then only when a run failed)
exit "$code"
