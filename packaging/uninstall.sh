#!/bin/sh
# Remove what install.sh put in place: the installed folder (~/.local/lib/roundkeeper,
# or ROUNDKEEPER_PREFIX), the ~/.local/bin/roundkeeper link, and the desktop entry, icon
# and metainfo in the user's XDG data folder. The encounters, the library and the
# settings (~/.local/share/roundkeeper, ~/.config/roundkeeper) are kept.
set -eu

app_id=io.github.roundkeeper.Roundkeeper
case "${XDG_DATA_HOME:-}" in
  /*) data_home=$XDG_DATA_HOME ;;
  *) data_home=$HOME/.local/share ;;
esac
prefix=${ROUNDKEEPER_PREFIX:-$HOME/.local/lib/roundkeeper}
bin_dir=$HOME/.local/bin

rm -f "$data_home/applications/$app_id.desktop" "$data_home/metainfo/$app_id.metainfo.xml"
for icon in "$data_home"/icons/hicolor/*/apps/"$app_id.png"; do
  rm -f "$icon"
done
if [ -L "$bin_dir/roundkeeper" ] && [ "$(readlink "$bin_dir/roundkeeper")" = "$prefix/roundkeeper" ]; then
  rm -f "$bin_dir/roundkeeper"
fi
if [ -x "$prefix/roundkeeper" ]; then
  rm -rf "$prefix"
fi
update-desktop-database -q "$data_home/applications" 2>/dev/null || true
gtk-update-icon-cache -q -t "$data_home/icons/hicolor" 2>/dev/null || true

echo "Roundkeeper is uninstalled; your encounters, library and settings are kept."
