#!/usr/bin/env bash
# Installs every Debian package trex needs to build and test; safe to run again.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache git python3
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools lld-22
  qt6-base-dev qt6-base-dev-tools libgl-dev
  libimgui-dev libglfw3-dev libgl1-mesa-dri pkg-config zlib1g-dev
  libcli11-dev libgtest-dev libgmock-dev nlohmann-json3-dev
  xvfb xauth
  # ockl/ocml bitcode: tl.device_print, device assertions and libdevice calls on AMD (0.5 MB).
  rocm-device-libs
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
echo "setup: installing ${missing[*]}"
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
