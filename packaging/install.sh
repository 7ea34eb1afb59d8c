#!/bin/sh
# Install Roundkeeper for this user, from the unpacked Linux download:
#   ./install.sh
# copies this folder to ~/.local/lib/roundkeeper (ROUNDKEEPER_PREFIX to choose another),
# links the program as ~/.local/bin/roundkeeper, and puts the desktop entry, the icon
# and the AppStream metainfo in the user's XDG data folder ($XDG_DATA_HOME, else
# ~/.local/share), the entry's Exec= naming the installed program. Nothing needs root.
# ./uninstall.sh (also in the installed folder) removes it all again; the encounters,
# the library and the settings are kept.
set -eu

app_id=io.github.roundkeeper.Roundkeeper
here=$(cd "$(dirname "$0")" && pwd -P)
case "${XDG_DATA_HOME:-}" in
  /*) data_home=$XDG_DATA_HOME ;;
  *) data_home=$HOME/.local/share ;;
esac
prefix=${ROUNDKEEPER_PREFIX:-$HOME/.local/lib/roundkeeper}
bin_dir=$HOME/.local/bin
program=$prefix/roundkeeper

case "$program" in
  *[\"\`\$\\]*)
    echo "install.sh: cannot install to $prefix: a desktop entry cannot name a path with \", \`, \$ or \\ in it; set ROUNDKEEPER_PREFIX to another folder." >&2
    exit 1 ;;
esac
if [ ! -x "$here/roundkeeper" ]; then
  echo "install.sh: run it from the unpacked Roundkeeper folder (no program beside it)." >&2
  exit 1
fi

# The bundle: copied whole beside the old install, then swapped in.
if [ "$here" != "$(cd "$prefix" 2>/dev/null && pwd -P || true)" ]; then
  mkdir -p "$(dirname "$prefix")"
  rm -rf "$prefix.new"
  cp -R "$here" "$prefix.new"
  rm -rf "$prefix"
  mv "$prefix.new" "$prefix"
fi
assets=$prefix/_internal/tracker/assets

# The menu entry, naming the installed program; the icon at every size; the metainfo.
mkdir -p "$data_home/applications" "$data_home/metainfo"
awk -v program="$program" '
  /^Exec=/ { print "TryExec=" program; print "Exec=\"" program "\" %f"; next }
  { print }
' "$assets/desktop/$app_id.desktop" > "$data_home/applications/.$app_id.desktop.tmp"
mv "$data_home/applications/.$app_id.desktop.tmp" "$data_home/applications/$app_id.desktop"
for icon in "$assets"/icons/hicolor/*/apps/"$app_id.png"; do
  size=$(basename "$(dirname "$(dirname "$icon")")")
  mkdir -p "$data_home/icons/hicolor/$size/apps"
  cp "$icon" "$data_home/icons/hicolor/$size/apps/$app_id.png"
done
cp "$assets/desktop/$app_id.metainfo.xml" "$data_home/metainfo/$app_id.metainfo.xml"

# The command, unless something else of that name is there already.
mkdir -p "$bin_dir"
if [ -L "$bin_dir/roundkeeper" ] || [ ! -e "$bin_dir/roundkeeper" ]; then
  ln -sfn "$program" "$bin_dir/roundkeeper"
fi

# Let the desktop notice now rather than at the next login (where the tools exist).
update-desktop-database -q "$data_home/applications" 2>/dev/null || true
gtk-update-icon-cache -q -t "$data_home/icons/hicolor" 2>/dev/null || true

echo "Roundkeeper is installed in $prefix."
echo "Start it from the application menu, or with: $program"
