#!/usr/bin/env bash
# Set up everything Volley needs on a fresh Debian machine, then run it.
#
#   bash installer/dev.sh run [volley arguments...]   start Volley (default: a bundled scenario)
#   bash installer/dev.sh test [pytest arguments...]  lint, type-check, contracts, then the test suite
#                                                     (with the example ruleset examples/sixes installed)
#   bash installer/dev.sh setup                       only install
#
# It is safe to run again: each step is skipped when already done, and a
# broken .venv (from a run that failed half-way) is made again.  As root with
# apt-get it installs what a minimal Debian 12 lacks: python3, python3-venv,
# CA certificates and the libraries Qt needs.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
venv="$here/.venv"
python=${PYTHON:-python3}
# shellcheck source=installer/venv.sh
. "$here/installer/venv.sh"
# shellcheck source=installer/debian.sh
. "$here/installer/debian.sh"

install_python() {
  ensure_venv
  local stamp="$venv/.volley-installed"
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    say "installing Volley and its Python packages"
    "$venv/bin/python" -m pip install -q --upgrade pip >/dev/null
    "$venv/bin/python" -m pip install -q -e ".[test,cluster]"
    touch "$stamp"
  fi
}

# The example ruleset (docs/writing-a-ruleset.md), installed as a plugin is:
# the tests play it through the same entry points as Volley's own rulesets.
install_example() {
  local stamp="$venv/.volley-example-installed"
  if [ ! -f "$stamp" ] || [ examples/sixes/pyproject.toml -nt "$stamp" ]; then
    say "installing the example ruleset (examples/sixes)"
    "$venv/bin/python" -m pip install -q -e examples/sixes
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
    install_example
    export QT_QPA_PLATFORM=offscreen
    bin="$venv/bin"
    say "ruff"
    "$bin/ruff" check .
    say "mypy (strict on the core)"
    "$bin/mypy"
    say "import contracts (the core stays Qt-free)"
    "$bin/lint-imports"
    say "mypy, strict, on the example ruleset"
    "$bin/mypy" --strict examples/sixes/volley_sixes examples/sixes/tests
    say "tests (with no arguments: the suite and the example ruleset's own)"
    if [ $# -eq 0 ]; then
      set -- tests examples/sixes/tests
    fi
    "$bin/python" -m pytest "$@"
    ;;
  *)
    echo "usage: bash installer/dev.sh {run|test|setup} [args...]" >&2
    exit 2
    ;;
esac
