#!/usr/bin/env bash
# Issue 11's probes, repeated from a fresh clone of the repository given as $1 (as root: it mounts
# tmpfs file systems and runs commands as nobody). Prints: case, exit code, last lines of stderr/stdout.
set -u
SRC=$(cd "${1:?usage: probe.sh PATH-TO-SWITCHCOST-REPOSITORY}" && pwd)
P=${P:-$(mktemp -d)}; rm -rf "$P"; mkdir -p "$P"; cd "$P"  # P: the scratch directory
git clone -q "$SRC" switchcost && cd switchcost
mvn -B -q package -DskipTests >$P/build.log 2>&1 || { echo "build failed"; exit 1; }
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
S=scripts/switchcost
show() { local name=$1; shift; echo "=== $name"; echo "\$ $*"; "$@" >$P/out 2>$P/err; echo "exit $?"; echo "--- stderr (last 3)"; tail -3 $P/err; echo "--- stdout (last 2)"; tail -2 $P/out; echo; }
before_tmp=$(ls /tmp | grep -c switchcost-partner); before_shm=$(ls /dev/shm | grep -c switchcost-turn)

# 1. failed trial: kill the partner process mid-run
echo "=== 1 failed trial (partner process killed mid-run), switchcost run"
( $S run -f 1 -wi 1 -i 5 -w 1s -r 1s -o $P/r1 ProcessVsThreadSwitch.roundTrip_processes >$P/out1 2>$P/err1; echo "exit $?" >$P/rc1 ) &
for i in $(seq 1 200); do p=$(pgrep -f PartnerProcessMain | head -1); [ -n "$p" ] && break; sleep 0.1; done
sleep 3; kill -9 $p; wait
cat $P/rc1; grep -v "too old" $P/err1 | tail -3; echo "status: $(cat $P/r1/vm-*/status 2>&1)"
python3 - <<'P'
import json,glob; d=json.load(open(glob.glob('$P/r1/vm-*/jmh.json')[0]))
print("rows in jmh.json:", [(r['benchmark'].split('.')[-1], r['params']['placement']) for r in d])
P
echo "=== 1b same through java -jar target/benchmarks.jar"
( $J25 -jar target/benchmarks.jar -f 1 -wi 1 -i 5 -w 1s -r 1s -rf json -rff $P/b1.json ProcessVsThreadSwitch.roundTrip_processes >$P/out1b 2>&1; echo "exit $?" >$P/rc1b ) &
for i in $(seq 1 200); do p=$(pgrep -f PartnerProcessMain | head -1); [ -n "$p" ] && break; sleep 0.1; done
sleep 3; kill -9 $p; wait
cat $P/rc1b; grep -i "fail\|switchcost:" $P/out1b | tail -3

# 2. nearly full disk
mkdir -p $P/tiny
for sz in 16k 24k 32k 48k; do
  mount -t tmpfs -o size=$sz tmpfs $P/tiny
  show "2 nearly full disk ($sz tmpfs) run" $S run -f 1 -wi 1 -i 1 -w 200ms -r 200ms -o $P/tiny/r SyscallBaseline.baseline
  echo "files: $(ls -A $P/tiny/r/vm-* | tr '\n' ' ')"; echo "status: $(head -1 $P/tiny/r/vm-*/status)"
  [ -f $P/tiny/r/vm-*/jmh.json ] && python3 -c "import json,glob; json.load(open(glob.glob('$P/tiny/r/vm-*/jmh.json')[0])); print('jmh.json is valid JSON')"
  umount $P/tiny
done
mount -t tmpfs -o size=4k tmpfs $P/tiny; dd if=/dev/zero of=$P/tiny/fill bs=1k count=8 2>/dev/null
show "2b 0 bytes free run" $S run -f 1 -wi 1 -i 1 -w 200ms -r 200ms -o $P/tiny/r SyscallBaseline.baseline
ls -la $P/tiny/r 2>&1 | head -5
show "2c 0 bytes free report -o" $S report docs/results/2026-11-22-epyc-kvm/quick -o $P/tiny/rep
umount $P/tiny

# 3. -jvm through a symlink to java 17
show "3 -jvm /usr/bin/java (java 17 via link), run" $S run -f 1 -wi 1 -i 1 -jvm /usr/bin/java SyscallBaseline.baseline
show "3b -jvm /usr/bin/java, benchmarks.jar" $J25 -jar target/benchmarks.jar -f 1 -wi 1 -i 1 -jvm /usr/bin/java SyscallBaseline.baseline

# 4. bad JAVA_HOME
show "4 bad JAVA_HOME" env JAVA_HOME=/nonexistent $S doctor

# 5. two runs in the same second
( $S run -f 1 -wi 0 -i 1 -r 200ms SyscallBaseline.baseline >$P/o5a 2>&1 & $S run -f 1 -wi 0 -i 1 -r 200ms SyscallBaseline.baseline >$P/o5b 2>&1 & wait )
echo "=== 5 two runs at once"; grep -h "Report:\|results/" $P/o5a $P/o5b | tail -4

# 6. user/environment errors
for c in doctor list "compare --repetitions 1"; do show "6 SWITCHCOST_CPUS=bogus $c" env SWITCHCOST_CPUS=bogus $S $c; done
mkdir -p $P/ro && chmod 555 $P/ro
show "6 compare -o unwritable (as nobody)" su nobody -s /bin/bash -c "$S compare --repetitions 1 -o $P/ro/x"
show "6 report -o unwritable (as nobody)" su nobody -s /bin/bash -c "$S report docs/results/2026-11-22-epyc-kvm/quick -o $P/ro/x"
cp -r docs/results/2026-11-22-epyc-kvm/quick $P/roq && chmod -R a-w $P/roq
show "6 report on a read-only dir (as nobody)" su nobody -s /bin/bash -c "$S report $P/roq"

# 8. interrupted run
echo "=== 8 SIGTERM during run --quick"
$S run --quick -o $P/r8 >$P/o8 2>&1 & rp=$!
sleep 25; kill -TERM $rp; t0=$(date +%s%N); wait $rp; echo "exit $? after $(( ($(date +%s%N)-t0)/1000000 )) ms"
echo "status: $(cat $P/r8/vm-*/status 2>&1)"; echo "files: $(ls -A $P/r8/vm-* | tr '\n' ' ')"; echo "run.log ends: $(tail -1 $P/r8/vm-*/run.log)"
sleep 1; echo "java children left: $(pgrep -fc 'benchmarks.jar|PartnerProcessMain|ForkedMain')"

# 9b. a fork killed while its partner process starts
( $J25 -jar target/benchmarks.jar -f 1 -wi 1 -i 1 -w 1s -r 1s ProcessVsThreadSwitch.roundTrip_processes -p placement=SAME_CPU >$P/o9 2>&1; echo "exit $?" >$P/rc9 ) &
for i in $(seq 1 400); do f=$(ls /dev/shm | grep "switchcost-turn-" | head -1); [ -n "$f" ] && break; sleep 0.02; done
kill -9 $(pgrep -f ForkedMain); wait; sleep 2
echo "=== 9b fork SIGKILLed while partner starts (turn file $f seen): $(cat $P/rc9); turn files left: $(ls /dev/shm | grep -c switchcost-turn); partner processes left: $(pgrep -fc PartnerProcessMain)"
# 9. temp files
sleep 1
echo "=== 9 temp files: partner logs before/after $before_tmp/$(ls /tmp | grep -c switchcost-partner), turn maps $before_shm/$(ls /dev/shm | grep -c switchcost-turn)"

# 10. smaller
show "10 indirect --machine missing file" $S indirect --machine $P/nope.json docs/results/2026-11-21-epyc-kvm
show "10 sample --interval 600s" timeout 20 $S sample --interval 600s -- true
show "10 sample CSV unwritable" su nobody -s /bin/bash -c "$S sample --csv $P/ro/s.csv -- true"
show "10 run -prof bogus" $S run -f 1 -wi 0 -i 1 -prof bogus SyscallBaseline.baseline
show "10 run bad @Param" $S run -f 1 -wi 0 -i 1 -p binding=BOGUS SyscallBaseline.gettid
show "10 footprint unbounded" $S footprint --kind virtual --counts 1000000000
echo "=== leftovers: $(pgrep -fc 'benchmarks.jar|PartnerProcessMain|ForkedMain') java; partner logs $(ls /tmp | grep -c switchcost-partner); turn maps $(ls /dev/shm | grep -c switchcost-turn)"
