# The Debian packages Volley needs, installed when dev.sh runs as root with apt.
# Sourced by installer/dev.sh after installer/venv.sh (bash; uses say, fail,
# venv_problem).  Not root, or no apt-get: it says what is missing and goes on.

# Debian packages Qt needs to run offscreen (and under Xvfb for a real
# window), fonts for glyphs the DejaVu Volley ships lacks, poppler for PDF
# previews, and CA certificates for pip.
apt_packages=(
  ca-certificates
  libgl1 libegl1 libglib2.0-0 libdbus-1-3 libfontconfig1 libfreetype6
  libxkbcommon0 libx11-6 fonts-dejavu-core
  libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
  libxcb-render-util0 libxcb-shape0 libxcb-util1 libxcb-xkb1 libxkbcommon-x11-0
  xvfb xauth poppler-utils
)
# Debian's Python, when .venv must be made with it: python3-venv carries the
# ensurepip that `python3 -m venv` needs (a minimal Debian 12 has neither).
python_apt_packages=(python3 python3-venv)

# Those of the given Debian packages that are not installed (one dpkg-query
# for all of them, so a second run costs a few milliseconds).
missing_debs() {
  local installed
  # dpkg-query fails for a package it has never heard of (on a fresh machine,
  # most of them), yet still lists the others: its status is not the answer.
  installed=$( (dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "$@" 2>/dev/null || true) \
              | awk '$2 == "ii" { print $1 }')
  local p
  for p in "$@"; do
    grep -qx -- "$p" <<<"$installed" || echo "$p"
  done
}

install_system() {
  local wanted=("${apt_packages[@]}")
  # Only when .venv has to be made with the default python3: someone who
  # set PYTHON, or whose .venv works, needs no Debian Python.
  if [ -z "${PYTHON:-}" ] && [ -n "$(venv_problem)" ]; then
    wanted+=("${python_apt_packages[@]}")
  fi
  if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then
    say "no apt-get here: install Python 3.11+ (with venv) and the Qt runtime libraries yourself (see README)"
    return 0
  fi
  local missing=()
  local listed
  listed=$(missing_debs "${wanted[@]}")  # not <(...): that would hide a failure
  [ -n "$listed" ] && mapfile -t missing <<<"$listed"
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then
    say "not root, so these Debian packages are not installed: ${missing[*]}"
    say "install them as root (apt-get install ${missing[*]}) if what follows fails"
    return 0
  fi
  say "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  local log
  log=$(mktemp)
  if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } \
      >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    fail "apt-get could not install: ${missing[*]} (its messages are above)"
  fi
  rm -f "$log"
}
