#!/usr/bin/env bash
# Smoke test of the download build (tools/build_bundle.py) as a player without Python gets it.
#
#   python3 tools/build_bundle.py && bash tools/smoke_bundle.sh
#
# Unpacks dist/clinch-*.tar.gz (or copies dist/clinch/) into a temporary folder and runs the bundle
# there under `env -i` with an empty PATH (no python3 to fall back on) and a fresh HOME (user folders
# through platformdirs land there): a screenshot of every shipped scenario (a PNG with real colours),
# two simulated battles of one scenario per ruleset, `resolve`, `explain`, `compare` of a situation
# fixture, `check-map` of every shipped map, `check-lesson` of one lesson, `check-save` of the
# autosave the window leaves, a bad file refused in one sentence (exit 2, no traceback), and, when Xvfb
# and xdotool are installed, the window on display :114 to the main menu and a quick battle's first
# move. Exit status 0 when everything passed.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
DISPLAY_NUM="${SMOKE_DISPLAY:-114}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/clinch-smoke.XXXXXX")"
XVFB_PID=""
GAME_PID=""
cleanup() {
    [ -n "$GAME_PID" ] && kill "$GAME_PID" 2>/dev/null || true
    [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
fail() { echo "smoke: FAILED: $*" >&2; exit 1; }
pass() { echo "smoke: ok: $*"; }

archive="$(ls dist/clinch-*-linux-*.tar.gz 2>/dev/null | head -n 1 || true)"
if [ -n "$archive" ]; then
    tar -xzf "$archive" -C "$WORK"
    echo "smoke: unpacked $archive into $WORK"
elif [ -x dist/clinch/clinch ]; then
    cp -a dist/clinch "$WORK/clinch"
    echo "smoke: copied dist/clinch into $WORK"
else
    fail "no dist/clinch-*.tar.gz or dist/clinch/clinch: run python3 tools/build_bundle.py first"
fi
B="$WORK/clinch/clinch"
DATA="$WORK/clinch/_internal"
mkdir -p "$WORK/home" "$WORK/emptybin" "$WORK/out"

# the bundle alone: no inherited variables, a PATH with nothing in it, a HOME of its own
run() {
    env -i HOME="$WORK/home" PATH="$WORK/emptybin" LANG=C.UTF-8 SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
        "$B" "$@"
}
env -i PATH="$WORK/emptybin" /bin/sh -c 'command -v python3 python' >/dev/null 2>&1 \
    && fail "python is on the smoke PATH"
pass "no python on PATH ($WORK/emptybin), HOME=$WORK/home"

run --help >/dev/null || fail "clinch --help"
run rulesets >"$WORK/out/rulesets.txt" || fail "clinch rulesets"

# 1. a screenshot of every shipped scenario, not blank
colours() {
    if command -v identify >/dev/null 2>&1; then identify -format %k "$1"; else stat -c %s "$1"; fi
}
for scenario in "$DATA"/maps/*.toml; do
    name="$(basename "$scenario" .toml)"
    png="$WORK/out/$name.png"
    run screenshot "$scenario" --out "$png" >/dev/null || fail "screenshot $name"
    n="$(colours "$png")"
    [ "$n" -gt 64 ] || fail "screenshot $name looks blank ($n colours or bytes)"
    pass "screenshot $name ($n colours)"
done

# 2. two computer battles of one scenario per ruleset (the ruleset each scenario names)
seen=" "
for scenario in "$DATA"/maps/*.toml; do
    ruleset="$(sed -n 's/^ruleset *= *"\(.*\)".*/\1/p' "$scenario" | head -n 1)"
    [ -n "$ruleset" ] || continue
    case "$seen" in *" $ruleset "*) continue ;; esac
    seen="$seen$ruleset "
    run simulate "$scenario" --battles 2 >"$WORK/out/sim.txt" || fail "simulate $(basename "$scenario")"
    pass "simulate --battles 2 $(basename "$scenario") ($ruleset)"
done
for ruleset in $(awk 'NR > 1 { print $1 }' "$WORK/out/rulesets.txt"); do
    case "$seen" in *" $ruleset "*) ;; *) echo "smoke: note: no shipped scenario names $ruleset" ;; esac
done

# 3. the rules commands on a situation fixture
situation="$REPO/tests/fixtures/situations/break_free_full.json"
run resolve "$situation" >"$WORK/out/resolve.json" || fail "resolve $(basename "$situation")"
grep -q '"events"' "$WORK/out/resolve.json" || fail "resolve printed no events"
pass "resolve $(basename "$situation")"
run explain "$situation" >/dev/null || fail "explain"
pass "explain"
first_two="$(awk 'NR > 1 { printf "%s%s", sep, $1; sep = ","; if (++n == 2) exit }' "$WORK/out/rulesets.txt")"
run compare "$situation" --rulesets "$first_two" >/dev/null || fail "compare --rulesets $first_two"
pass "compare --rulesets $first_two"

# 4. every shipped map, and a lesson played by its examples
for map in "$DATA"/maps/*.tmx; do
    run check-map "$map" >/dev/null || fail "check-map $(basename "$map")"
    pass "check-map $(basename "$map")"
done
lesson="$(ls "$DATA"/maps/lessons/*.toml | head -n 1)"
run check-lesson "$lesson" >/dev/null || fail "check-lesson $(basename "$lesson")"
pass "check-lesson $(basename "$lesson")"

# 5. bad input: one sentence, exit 2, no traceback
set +e
run resolve "$WORK/missing.json" >/dev/null 2>"$WORK/out/err.txt"
status=$?
set -e
[ "$status" = 2 ] || fail "a missing file gave exit $status, not 2"
grep -q Traceback "$WORK/out/err.txt" && fail "a missing file gave a traceback"
[ "$(wc -l <"$WORK/out/err.txt")" -le 1 ] || fail "a missing file gave more than one line"
pass "bad file refused: $(cat "$WORK/out/err.txt")"

# 6. the window under Xvfb: main menu, quick battle (Enter, Enter past the briefing), the first move
if ! command -v Xvfb >/dev/null 2>&1 || ! command -v xdotool >/dev/null 2>&1 || ! command -v xwininfo >/dev/null 2>&1; then
    echo "smoke: skipped the window (Xvfb, xdotool or xwininfo not installed)"
    echo "smoke: all passed"
    exit 0
fi
Xvfb ":$DISPLAY_NUM" -screen 0 1920x1080x24 >/dev/null 2>&1 &
XVFB_PID=$!
sleep 2
export DISPLAY=":$DISPLAY_NUM"
env -i HOME="$WORK/home" PATH="$WORK/emptybin" LANG=C.UTF-8 DISPLAY="$DISPLAY" SDL_AUDIODRIVER=dummy \
    "$B" >"$WORK/out/window.log" 2>&1 &
GAME_PID=$!
win=""
for _ in $(seq 1 60); do
    win="$(xwininfo -root -tree | awk '/"Clinch"/ { print $1; exit }')"
    [ -n "$win" ] && break
    kill -0 "$GAME_PID" 2>/dev/null || fail "the window closed: $(tail -n 3 "$WORK/out/window.log")"
    sleep 0.5
done
[ -n "$win" ] || fail "no window titled Clinch on $DISPLAY"
sleep 2
shot() { if command -v import >/dev/null 2>&1; then import -window "$win" "$1"; fi; }
shot "$WORK/out/menu.png"
pass "main menu open (window $win)"
xdotool key --window "$win" Return
sleep 3
xdotool key --window "$win" Return
sleep 2
shot "$WORK/out/battle.png"
# the hex east of the first fighter of the arena, in the default 1280x800 window
xdotool mousemove --window "$win" 316 342 click 1
sleep 3
shot "$WORK/out/moved.png"
kill -0 "$GAME_PID" 2>/dev/null || fail "the game closed during the first move: $(tail -n 3 "$WORK/out/window.log")"
if command -v compare >/dev/null 2>&1; then
    changed="$(compare -metric AE "$WORK/out/battle.png" "$WORK/out/moved.png" null: 2>&1 || true)"
    [ "${changed%%.*}" -gt 1000 ] 2>/dev/null || fail "the first move changed nothing on screen ($changed pixels)"
    pass "quick battle: first move drawn ($changed pixels changed)"
else
    pass "quick battle: first move clicked"
fi
xdotool key --window "$win" ctrl+q
for _ in $(seq 1 20); do kill -0 "$GAME_PID" 2>/dev/null || break; sleep 0.5; done
if kill -0 "$GAME_PID" 2>/dev/null; then fail "Ctrl+Q did not close the window"; fi
set +e
wait "$GAME_PID"
status=$?
set -e
GAME_PID=""
grep -q Traceback "$WORK/out/window.log" && fail "the window printed a traceback"
[ "$status" = 0 ] || fail "the window exited with status $status"
pass "window closed with Ctrl+Q"

# 7. the user folders (platformdirs) are under the fresh HOME; the autosave holds the move and replays
echo "smoke: files the game wrote under HOME:"
(cd "$WORK/home" && find . -type f | sort | sed 's/^/smoke:   /')
autosave="$(find "$WORK/home" -type f \( -name '*.json' -o -name '*.zst' -o -name '*.clinch*' \) -path '*save*' | head -n 1)"
[ -n "$autosave" ] || fail "the window left no autosave under HOME"
grep -q '"type": *"move"' "$autosave" || fail "the autosave holds no move: the first move was not made"
run check-save "$autosave" >/dev/null || fail "check-save $(basename "$autosave")"
pass "the autosave holds the first move and check-save replays it ($(basename "$autosave"))"
echo "smoke: all passed"
