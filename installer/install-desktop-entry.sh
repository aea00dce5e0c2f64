#!/bin/sh
# Add Volley to the desktop's application menu (Linux, this user only).
#
#   ./install-desktop-entry.sh            run it from the unpacked bundle folder
#   ./install-desktop-entry.sh --remove   take the menu entry out again
#
# It writes ~/.local/share/applications/volley.desktop (Exec= pointing at this
# folder's volley) and the icon ~/.local/share/icons/hicolor/scalable/apps/volley.svg.
# Nothing outside your home folder is touched; move the bundle, run it again.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
apps="$data/applications"
icons="$data/icons/hicolor/scalable/apps"

if [ "${1:-}" = "--remove" ]; then
  rm -f "$apps/volley.desktop" "$icons/volley.svg"
  echo "Volley's menu entry removed."
  exit 0
fi

[ -x "$here/volley" ] || { echo "no volley executable in $here" >&2; exit 1; }
svg="$here/_internal/icons/volley.svg"
mkdir -p "$apps" "$icons"
if [ -f "$svg" ]; then cp "$svg" "$icons/volley.svg"; fi
# Exec= quotes the path (it may hold spaces); TryExec= takes it as it is.
# Escape what sed's replacement would read as special (& | \).
esc=$(printf '%s' "$here" | sed 's/[&|\\]/\\&/g')
sed -e "s|^Exec=volley|Exec=\"$esc/volley\"|" \
    -e "s|^TryExec=volley|TryExec=$esc/volley|" \
    "$here/volley.desktop" > "$apps/volley.desktop"
chmod 644 "$apps/volley.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$apps" || true
touch "$data/icons/hicolor"  # icon themes rescan a folder whose time changed
echo "Volley is in your application menu (entry: $apps/volley.desktop)."
