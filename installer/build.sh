#!/usr/bin/env bash
# Build Volley's one-folder bundle, dist/volley/, with PyInstaller.
#
#   bash installer/build.sh              build, smoke-test the bundle, print its size
#   bash installer/build.sh --no-check   build only
#
# Linux and macOS (Windows: see docs/installer.md). It creates .venv/ if there
# is none and installs Volley with its `bundle` extra (PyInstaller) into it;
# running it again rebuilds from scratch (build/ and dist/volley/ are replaced).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
venv="$here/.venv"
python=${PYTHON:-python3}
check=1
[ "${1:-}" = "--no-check" ] && check=0

# shellcheck source=installer/venv.sh
. "$here/installer/venv.sh"

ensure_venv  # makes .venv, or makes a broken one again
stamp="$venv/.volley-bundle-installed"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] \
   || ! "$venv/bin/python" -c "import PyInstaller, desktop" >/dev/null 2>&1; then
  say "installing Volley and PyInstaller (the 'bundle' extra) into .venv"
  log="$venv/volley-bundle-pip.log"
  if ! { "$venv/bin/python" -m pip install -q --upgrade pip \
         && "$venv/bin/python" -m pip install -q -e ".[bundle]"; } >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
  fi
  touch "$stamp"
fi

say "building dist/volley/ (PyInstaller $("$venv/bin/python" -m PyInstaller --version))"
start=$(date +%s)
"$venv/bin/python" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$here/dist" --workpath "$here/build" installer/volley.spec
seconds=$(( $(date +%s) - start ))

exe="dist/volley/volley"

if [ "$check" = 1 ]; then
  say "smoke test: the frozen program validates its own bundled scenarios"
  "$exe" --version
  "$exe" validate dist/volley/_internal/scenarios/*.yaml
fi

size=$(du -sh dist/volley | cut -f1)
files=$(find dist/volley -type f | wc -l | tr -d ' ')
say "built dist/volley/ in ${seconds}s: ${size}, ${files} files"
say "run it:            dist/volley/volley"
say "without a display: dist/volley/volley --screenshot table.png"
if [ "$(uname -s)" = Linux ]; then
  say "add it to the application menu: dist/volley/install-desktop-entry.sh"
fi
