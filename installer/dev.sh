#!/usr/bin/env bash
# Set up everything Volley needs on a fresh Debian machine, then run it.
#
#   bash installer/dev.sh run [volley arguments...]   start Volley (default: a bundled scenario)
#   bash installer/dev.sh test [pytest arguments...]  lint, type-check, contracts, then the test suite
#   bash installer/dev.sh setup                       only install
#
# It is safe to run again: each step is skipped when already done.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
venv="$here/.venv"
python=${PYTHON:-python3}

say() { printf '\033[1m[volley]\033[0m %s\n' "$*"; }

# Debian packages Qt needs to run offscreen (and under Xvfb for a real
# window), fonts so text is not drawn as boxes, poppler for PDF previews.
apt_packages=(
  libgl1 libegl1 libglib2.0-0 libdbus-1-3 libfontconfig1 libfreetype6
  libxkbcommon0 libx11-6 fonts-dejavu-core
  libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
  libxcb-render-util0 libxcb-shape0 libxcb-util1 libxcb-xkb1 libxkbcommon-x11-0
  xvfb xauth poppler-utils
)

install_system() {
  if ! command -v apt-get >/dev/null 2>&1; then
    say "no apt-get here: install the Qt runtime libraries yourself (see README)."
    return 0
  fi
  local missing=()
  for p in "${apt_packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then
    say "not root: please install these Debian packages: ${missing[*]}"
    return 0
  fi
  say "installing Debian packages: ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

install_python() {
  local stamp="$venv/.volley-installed"
  if [ ! -x "$venv/bin/python" ]; then
    say "creating a virtual environment in .venv"
    "$python" -m venv "$venv"
  fi
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    say "installing Volley and its Python packages"
    "$venv/bin/python" -m pip install -q --upgrade pip >/dev/null
    "$venv/bin/python" -m pip install -q -e ".[test]"
    touch "$stamp"
  fi
}

setup() {
  install_system
  install_python
}

cmd=${1:-run}
[ $# -gt 0 ] && shift
case "$cmd" in
  setup)
    setup
    say "ready: .venv/bin/volley --help"
    ;;
  run)
    setup
    # With no arguments Volley opens its default bundled scenario. Without a
    # display it says so and suggests --screenshot (or: xvfb-run -a ...).
    exec "$venv/bin/volley" "$@"
    ;;
  test)
    setup
    export QT_QPA_PLATFORM=offscreen
    bin="$venv/bin"
    say "ruff"
    "$bin/ruff" check .
    say "mypy (strict on the core)"
    "$bin/mypy"
    say "import contracts (the core stays Qt-free)"
    "$bin/lint-imports"
    say "tests"
    "$bin/python" -m pytest "$@"
    ;;
  *)
    echo "usage: bash installer/dev.sh {run|test|setup} [args...]" >&2
    exit 2
    ;;
esac
