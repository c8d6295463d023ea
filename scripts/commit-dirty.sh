#!/usr/bin/env bash
# Whether the checkout a build comes from has uncommitted changes to tracked files, for the build's provenance
# (the jar's Switchcost-Commit-Dirty and version.properties; results/Build reads them into provenance.json).
# Writes switchcost.commit.dirty=true or false to FILE; writes nothing when this is not a git checkout or git is
# missing, so the build says "not recorded" instead of failing. Untracked files do not count (results/ holds runs).
#
# usage: scripts/commit-dirty.sh FILE [DIR]   DIR: the checkout (default: this script's); run by Maven in validate;
#                                             exit 0 unless FILE cannot be written
set -uo pipefail
[[ $# == 1 || $# == 2 ]] || { echo "usage: scripts/commit-dirty.sh FILE [DIR]" >&2; exit 2; }
out=$(realpath -m "$1")
cd "${2:-$(dirname "${BASH_SOURCE[0]}")/..}" || exit 3
rm -f "$out"
command -v git > /dev/null && git rev-parse --is-inside-work-tree > /dev/null 2>&1 || exit 0
changes=$(git status --porcelain --untracked-files=no 2> /dev/null) || exit 0
mkdir -p "$(dirname "$out")" || exit 3
printf 'switchcost.commit.dirty=%s\n' "$([[ -n $changes ]] && echo true || echo false)" > "$out.part" && mv "$out.part" "$out" || exit 3
