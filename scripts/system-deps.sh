#!/usr/bin/env bash
# Installs the Debian packages the tests need (Xvfb, the Qt xcb libraries, Mesa; gcc for the
# native engine modules, docs/native.md) when they are missing and we are root; otherwise says
# what is missing.
set -euo pipefail
packages=(xvfb xauth libxkbcommon-x11-0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
          libxcb-render-util0 libxcb-xinerama0 libxcb-xfixes0 libxcb-shape0 libxcb-cursor0
          libegl1 libgl1 libglx-mesa0 libgl1-mesa-dri libfontconfig1 libdbus-1-3 libxkbcommon0
          gcc libc6-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "warning: missing Debian packages (the 3D tests need them): ${missing[*]}" >&2
  echo "         install them with: sudo apt-get install ${missing[*]}" >&2
fi
