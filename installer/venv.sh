# Make .venv with a Python that can run Volley, or make it again if it is broken.
# Sourced by installer/dev.sh and installer/build.sh (bash), after they set
#   here    the repository root        venv    "$here/.venv"
#   python  the Python to make it with (PYTHON, default python3)
#
# A failed first run used to leave a half-made .venv (no pip: Debian ships
# venv's ensurepip in python3-venv) that made every later run fail with
# "No module named pip"; a .venv whose Python was removed or upgraded away
# failed the same way.  Such a .venv is now noticed and made again.

say() { printf '\033[1m[volley]\033[0m %s\n' "$*"; }
fail() {
  printf '\033[1m[volley]\033[0m %s\n' "$*" >&2
  exit 1
}

#: The oldest Python Volley runs on (pyproject.toml: requires-python).
min_python=(3 11)

# Why "$venv" cannot be used as it is, or nothing if it can.  A folder that
# is not there is "missing", not broken.
venv_problem() {
  if [ ! -e "$venv" ]; then
    echo "missing"
    return 0
  elif [ ! -x "$venv/bin/python" ]; then
    echo "it has no bin/python"
    return 0
  fi
  # One interpreter start for every check: this runs on every dev.sh call.
  local code=0
  "$venv/bin/python" -c "
import sys
if sys.version_info < (${min_python[0]}, ${min_python[1]}): sys.exit(3)
try:
    import pip
except ImportError:
    sys.exit(4)
" >/dev/null 2>&1 || code=$?
  case $code in
    0) ;;
    3) echo "its Python is older than ${min_python[0]}.${min_python[1]}" ;;
    4) echo "it has no pip (a half-made .venv from an earlier run?)" ;;
    *) echo "its Python does not start (was the Python it was made with removed?)" ;;
  esac
}

# Debian/Ubuntu: what to install so that "$python" can make a venv.
python_packages_hint() {
  if command -v apt-get >/dev/null 2>&1; then
    echo " (on Debian or Ubuntu, as root: apt-get install python3 python3-venv)"
  fi
}

ensure_venv() {
  local problem
  problem=$(venv_problem)
  if [ -n "$problem" ] && [ "$problem" != missing ]; then
    say "the .venv here cannot be used: $problem; making it again"
    rm -rf "$venv"
  fi
  [ -e "$venv" ] && return 0

  if ! command -v "$python" >/dev/null 2>&1; then
    fail "no '$python' on this machine: install Python ${min_python[0]}.${min_python[1]} or newer$(python_packages_hint), or set PYTHON=/path/to/python3"
  fi
  if ! "$python" -c "import sys; sys.exit(sys.version_info < (${min_python[0]}, ${min_python[1]}))" 2>/dev/null; then
    fail "Volley needs Python ${min_python[0]}.${min_python[1]} or newer; '$python' is $("$python" -c 'import sys; print(sys.version.split()[0])' 2>/dev/null || echo unknown). Set PYTHON=/path/to/python3.11 (or newer)."
  fi
  say "creating a virtual environment in .venv ($("$python" -c 'import sys; print("Python", sys.version.split()[0])'))"
  local log
  log=$(mktemp)
  if ! "$python" -m venv "$venv" >"$log" 2>&1 || [ -n "$(venv_problem)" ]; then
    rm -rf "$venv"  # never leave a half-made one behind
    cat "$log" >&2
    rm -f "$log"
    fail "could not create .venv with '$python'$(python_packages_hint)"
  fi
  rm -f "$log"
}
