#!/usr/bin/env bash
# The A/A and A/B study of `switchcost ab` on a JMH jar nobody here wrote: JMH's own samples (org.openjdk.jmh:jmh-samples,
# sources from Maven Central), built twice the way JMH's archetype builds a benchmarks jar. BASE is the samples as
# published; HEAD is the same sources with one line added to the end of one benchmark method (SAMPLE.METHOD, by default
# JMHSample_34_SafeLooping.measureRight_1 at size 1000: CPU work, one call per element):
# `Blackhole.consumeCPU(TOKENS)`, TOKENS read from -Dstudy.inject.tokens (0 by default). A calibration sizes TOKENS to
# EFFECTS percent of the method's time per op, by measurement. (JMHSample_37_CacheAccess.rowFirst, a memory-bound walk, was tried first:
# its rounds varied ±12-18 % on the 2-vCPU guest, too much for a +10 % study at 20 rounds.) Each trial is one `ab` of ROUNDS rounds: A/A is BASE against BASE,
# A/B is BASE against HEAD with the delay; the study counts, per effect, the trials flagged, the same, not resolved.
#   M=docs/results/<date>/ab-foreign N=10 ROUNDS=20 EFFECTS="10" scripts/studies/measure-ab-foreign.sh
# Takes about (3 + N x (1 + number of EFFECTS)) x ROUNDS x 5 s. Nothing else may run meanwhile.
set -euo pipefail
N=${N:-10}
ROUNDS=${ROUNDS:-20}
EFFECTS=${EFFECTS:-"10"}
JMH_VERSION=1.37
SAMPLE=${SAMPLE:-JMHSample_34_SafeLooping}
METHOD=${METHOD:-measureRight_1}
read -ra JMH <<< "${JMH_ARGS:--wi 2 -w 300ms -i 3 -r 200ms $SAMPLE.$METHOD\$ -p size=1000}"
CAL_TOKENS=${CAL_TOKENS:-10}
source "$(dirname "$0")/measure-lib.sh"
M=${M:-$(mktemp -d)}; mkdir -p "$M"; M=$(cd "$M" && pwd)
measure_start
measure_build -Dmaven.test.skip=true

# The samples' sources and JMH's jars from Maven Central (the local repository when already there)
m2=${M2_REPO:-$HOME/.m2/repository}  # the local repository (M2_REPO when settings.xml moves it)
jar_of() { # group artifact version [classifier]
    mvn -B -q dependency:get -Dartifact="$1:$2:$3:jar${4:+:$4}" -Dtransitive=false > /dev/null 2>&1 ||
        { log "cannot get $1:$2:$3 from Maven Central"; exit 3; }
    echo "$m2/${1//.//}/$2/$3/$2-$3${4:+-$4}.jar"
}
sources=$(jar_of org.openjdk.jmh jmh-samples $JMH_VERSION sources)
deps=("$(jar_of org.openjdk.jmh jmh-core $JMH_VERSION)" "$(jar_of net.sf.jopt-simple jopt-simple 5.0.4)"
      "$(jar_of org.apache.commons commons-math3 3.6.1)")
processor=$(jar_of org.openjdk.jmh jmh-generator-annprocess $JMH_VERSION)
# a javac of JDK 21 or newer: JAVAC, else JAVA_HOME's, PATH's or an installed one's
if [[ -z "${JAVAC:-}" ]]; then
    for j in ${JAVA_HOME:+"$JAVA_HOME/bin/javac"} "$(command -v javac || true)" /usr/lib/jvm/*/bin/javac; do
        [[ -x "$j" ]] && (( $("$j" -version 2>&1 | sed -E 's/^javac ([0-9]+).*/\1/') >= 21 )) && { JAVAC=$j; break; }
    done
fi
[[ -n "${JAVAC:-}" ]] || { log "no javac of JDK 21 or newer: set JAVAC"; exit 3; }

# build NAME: a fat benchmarks jar from $W/NAME/src, as the archetype's shade plugin would make it
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
build() {
    local d=$W/$1
    mkdir -p "$d/classes"
    find "$d/src" -name '*.java' > "$d/sources.txt"
    (IFS=:; "$JAVAC" --release 21 -proc:full -nowarn -cp "${deps[*]}:$processor" -d "$d/classes" @"$d/sources.txt") \
        > "$d/javac.txt" 2>&1 || { log "javac $1 failed: $(grep -m1 error "$d/javac.txt")"; exit 3; }
    for j in "${deps[@]}"; do (cd "$d/classes" && unzip -qo "$j" -x 'META-INF/*'); done
    printf 'Main-Class: org.openjdk.jmh.Main\n' > "$d/manifest"
    "$(dirname "$JAVAC")/jar" --create --file "$W/$1.jar" --manifest "$d/manifest" -C "$d/classes" .
    log "built $1.jar ($(unzip -l "$W/$1.jar" | grep -c 'JMHSample_.*\.class') sample classes)"
}
mkdir -p "$W/base/src" "$W/head/src"
(cd "$W/base/src" && unzip -q "$sources" 'org/*' -x '*/jmh_generated/*')  # the sources jar holds JMH's generated code too
cp -r "$W/base/src/." "$W/head/src/"
sample=$W/head/src/org/openjdk/jmh/samples/$SAMPLE.java
# the one change: a delay of TOKENS at the end of METHOD (a static final, so the JIT folds it as a constant)
M_=$METHOD S_=$SAMPLE perl -0pi -e 's/(public void $ENV{M_}\(Blackhole bh\) \{.*?\n        \}\n)(    \})/$1        Blackhole.consumeCPU(INJECT_TOKENS);\n$2/s;
              s/(public class $ENV{S_} \{\n)/$1    static final long INJECT_TOKENS = Long.getLong("study.inject.tokens", 0);\n/' "$sample"
grep -q 'consumeCPU(INJECT_TOKENS)' "$sample" && grep -q 'INJECT_TOKENS = ' "$sample" || { log "the patch of $SAMPLE did not apply"; exit 3; }
diff -u "$W/base/src/org/openjdk/jmh/samples/$SAMPLE.java" "$sample" > "$M/head.diff" || true
build base
build head

# one trial: ab of BASE against $2's jar with $3 tokens; prints the row's line
trial() {
    local dir=$M/$1 head=$2 tokens=$3
    scripts/switchcost ab "$W/base.jar" "$W/$head.jar" --rounds "$ROUNDS" --seed "$RANDOM" \
        --head-jvm-args="-Dstudy.inject.tokens=$tokens" -o "$dir" -- "${JMH[@]}" \
        > "$dir.txt" 2> "$dir.err" || log "$1 exited $? (see $dir.err)"
    grep "^$SAMPLE" "$dir.txt" | head -1
}
# calibration by measurement: the head with 0 tokens (it must read as the base), then ab_calibrate from CAL_TOKENS
log "calibration: $ROUNDS rounds each; load $(cat /proc/loadavg)"
line0=$(trial calibration-0 head 0); log "calibration, no delay: $line0"
head_trial() { trial "$1" head "$2"; }
per_effect=$(ab_calibrate head_trial "$CAL_TOKENS" "${EFFECTS%% *}")
log "one percent takes $per_effect tokens"
printf 'trial\teffect %%\ttokens\thead/base\tdetects\tverdict\n' > "$M/ab-study.tsv"
for effect in 0 $EFFECTS; do
    tokens=$(awk -v p="$per_effect" -v e="$effect" 'BEGIN {printf "%d", p * e + 0.5}')
    head=head; ((effect == 0)) && head=base
    for i in $(seq 1 "$N"); do
        t0=$(date +%s)
        line=$(trial "e$effect-$i" "$head" "$tokens")
        awk -F'  +' -v t="e$effect-$i" -v e="$effect" -v d="$tokens" '{print t "\t" e "\t" d "\t" $5 "\t" $6 "\t" $7}' \
            <<< "$line" >> "$M/ab-study.tsv"
        log "effect +$effect % ($tokens tokens), trial $i of $N: $(( $(date +%s) - t0 )) s: $(cut -f4- <<< "$(tail -1 "$M/ab-study.tsv")")"
    done
done
{
    echo "| injected | trials | head slower | same | not resolved | other |"
    echo "|--:|--:|--:|--:|--:|--:|"
    for effect in 0 $EFFECTS; do
        awk -F'\t' -v e="$effect" 'NR > 1 && $2 == e {n++; if ($6 ~ /slower/) s++; else if ($6 ~ /same/) q++;
            else if ($6 ~ /not resolved/) u++; else o++}
            END {printf "| +%s %% | %d | %d | %d | %d | %d |\n", e, n, s, q, u, o}' "$M/ab-study.tsv"
    done
} > "$M/ab-study.md"
log "study written: ab-study.tsv, ab-study.md"
# the committed evidence names no machine's paths: the clone, the jars' directory and this directory become relative
grep -rlIE "$F|$M|$W" "$M" | xargs -r sed -i "s#$F/switchcost#.#g; s#$W/##g; s#$M/##g; s#$M#.#g"
measure_end 'benchmarks.jar|base.jar|head.jar'
