#!/usr/bin/env bash
# Drives a release modal-lab under a private Xvfb through scripted XTest drags and reports CPU (scheduler ticks
# of 10 ms from /proc/PID/stat, for the lab and for the X server), frames drawn and peak RSS.
#
#   Tools/profile-lab.sh LAB [DRAGS]            30 drags by default, 16 ms between moves
#   DELAY=0.1 CALLGRIND=out Tools/profile-lab.sh LAB 6
#       the lab under callgrind (counters zeroed once the window is up, dumped before it quits); with
#       XCALLGRIND=out the X server too. Slow moves (DELAY) give every move its own frame even under valgrind.
#   SCENE=sheet Tools/profile-lab.sh LAB 6      the sheet scene, with the workload's sheet drags
#   RECORD=file Tools/profile-lab.sh LAB 6      also records the input (--record), for replaying the same session
#       headless on the lab's own clock under callgrind: instruction counts that do not depend on timing
#       (Tools/recordings/, BENCHMARKS.md "Profile of the running lab")
#
# Drags alternate 150 and 400 points down from the middle of the card in 10-point steps; each is released, left
# to settle, and followed by Space (present again). With SCENE=sheet they are modal-bench workload's sheet drags
# (WorkloadScript's .sheet): 150 points up from 450 (a flick from medium to large), then 400 down from 150 (from
# large past dismissal). Needs Xvfb, xdotool and valgrind (for CALLGRIND).
set -u
lab=$1; drags=${2:-30}; delay=${DELAY:-0.016}; settle=${SETTLE:-1.0}
trace=$(mktemp /tmp/profile-lab.XXXXXX)
xserver=(Xvfb -displayfd 1 -noreset -nolisten tcp -screen 0 1024x768x24)
[ -n "${XCALLGRIND:-}" ] && xserver=(valgrind --tool=callgrind "--callgrind-out-file=$XCALLGRIND" "${xserver[@]}")
exec 5< <("${xserver[@]}" 2>/dev/null)
xpid=$!
read -r number <&5
export DISPLAY=:$number
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
frames() { grep -c '"type":"frame"' "$trace"; }
scene=${SCENE:-interactor}
# LABARGS adds options to the lab's command line (e.g. LABARGS=--no-present for the timer path).
run=("$lab" --scene "$scene" --scale 1 --fps 60 ${LABARGS:-} --trace "$trace")
[ -n "${RECORD:-}" ] && run+=(--record "$RECORD")
[ -n "${CALLGRIND:-}" ] && run=(valgrind --tool=callgrind "--callgrind-out-file=$CALLGRIND" "${run[@]}")
"${run[@]}" 2>/dev/null &
lpid=$!
timeout 60 xdotool search --sync --class ModalLab >/dev/null
sleep "${WARM:-0.5}"
[ -n "${CALLGRIND:-}" ] && callgrind_control -z $lpid >/dev/null
[ -n "${XCALLGRIND:-}" ] && callgrind_control -z $xpid >/dev/null
x1=$(ticks $xpid); l1=$(ticks $lpid); f1=$(frames)
script=()
for ((i = 0; i < drags; i++)); do
    distance=$(( i % 2 == 0 ? 150 : 400 )); start=300; sign=1
    if [ "$scene" = sheet ]; then
        if ((i % 2 == 0)); then start=450; sign=-1; else start=150; fi
    fi
    script+=(mousemove 187 $start sleep 0.05 mousedown 1)
    for ((o = 10; o <= distance; o += 10)); do script+=(sleep "$delay" mousemove 187 $((start + sign * o))); done
    # Keys go to the window under the pointer, so the pointer comes back inside before Space.
    script+=(sleep "$delay" mouseup 1 sleep "$settle" mousemove 20 20 key space sleep "$settle")
done
xdotool "${script[@]}"
sleep 0.3
x2=$(ticks $xpid); l2=$(ticks $lpid); f2=$(frames)
peak=$(awk '/VmHWM/ {print $2, $3}' "/proc/$lpid/status")
[ -n "${CALLGRIND:-}" ] && callgrind_control -d $lpid >/dev/null
[ -n "${XCALLGRIND:-}" ] && callgrind_control -d $xpid >/dev/null
xdotool mousemove 20 20 key q
timeout 60 tail --pid=$lpid -f /dev/null || kill $lpid
kill $xpid
rm -f "$trace"
echo "frames $((f2 - f1))  lab ticks $((l2 - l1))  X server ticks $((x2 - x1))  peak RSS $peak"
