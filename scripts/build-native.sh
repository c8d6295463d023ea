#!/usr/bin/env bash
# Builds switchcost's native baseline programs (src/main/c) into target/native/ with the system C
# compiler:  scripts/build-native.sh [--if-possible]
#
# CC overrides the compiler (default: cc). Without a compiler this exits 3 and says why; with
# --if-possible (used by the Maven build) it says why and exits 0, so the rest of the build goes on
# and `switchcost compare` / `report` say the native column is missing.
# On success, prints one line per program built (its path) on stdout; progress on stderr.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src="$here/src/main/c"
out="$here/target/native"
if_possible=0
case "${1:-}" in
  "") ;;
  --if-possible) if_possible=1 ;;
  -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "usage: scripts/build-native.sh [--if-possible]" >&2; exit 2 ;;
esac
[[ -d "$src" ]] || { echo "build-native: $src not found (run from a switchcost checkout)" >&2; exit 2; }

cc="${CC:-cc}"
if ! command -v "$cc" >/dev/null 2>&1; then
  msg="build-native: no C compiler ('$cc' not on PATH): native baseline not built; install gcc or clang, or set CC"
  echo "$msg" >&2
  mkdir -p "$out"
  echo "$msg" > "$out/UNAVAILABLE"
  [[ $if_possible -eq 1 ]] && exit 0 || exit 3
fi
if [[ "$(uname -s)" != Linux ]]; then
  msg="build-native: the native baseline needs Linux (futex, sched_setaffinity, RUSAGE_THREAD); this is $(uname -s)"
  echo "$msg" >&2
  mkdir -p "$out"
  echo "$msg" > "$out/UNAVAILABLE"
  [[ $if_possible -eq 1 ]] && exit 0 || exit 3
fi

mkdir -p "$out"
rm -f "$out/UNAVAILABLE"
cflags=(-std=c11 -O2 -Wall -Wextra -Werror -pthread)
programs=(gettid_loop futex_threads futex_processes pipe_processes ws_threads ws_pipe_processes ws_single parker_threads spin_futex)
for p in "${programs[@]}"; do
  # each compiler line only when asked (VERBOSE=1): a build shows what it made, not how
  [[ "${VERBOSE:-0}" == 1 ]] && echo "build-native: $cc ${cflags[*]} -o target/native/$p $p.c common.c -lm" >&2
  "$cc" "${cflags[@]}" -o "$out/$p.tmp" "$src/$p.c" "$src/common.c" -lm
  mv "$out/$p.tmp" "$out/$p"
done
echo "build-native: ${#programs[@]} programs built in $out ($cc; VERBOSE=1 shows each command)" >&2
"$cc" --version | head -n 1 > "$out/COMPILER"
