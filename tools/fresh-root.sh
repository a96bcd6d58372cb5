#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# tools/fresh-root.sh COMMAND...: runs COMMAND in this checkout as a newcomer's fresh machine
# would: inside a minimal root of this machine's own Debian release (debootstrap
# --variant=minbase: none of the packages the project needs, not even `file`), so that
# tools/deps.sh, which ./test.sh and ./run.sh call first, must install every one of them.
# The checkout's parent folder (the clone and ../shared beside it) is bound in at the same
# path, with /proc, /sys and /dev. Needs root (debootstrap, chroot, mount).
#   tools/fresh-root.sh ./test.sh          # what .ci/run does
# URIX_FRESH_ROOT names the root's folder (default /var/tmp/urix-fresh-root, made anew).
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$#" -gt 0 ] || { echo "usage: tools/fresh-root.sh COMMAND..." >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "tools/fresh-root.sh: needs root (debootstrap, chroot)" >&2; exit 2; }
here=$(pwd -P)
parent=$(dirname "$here")
root=${URIX_FRESH_ROOT:-/var/tmp/urix-fresh-root}
. /etc/os-release
codename=${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}

if ! command -v debootstrap >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >&2
fi

mounts=()
cleanup() {
  local i
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "${mounts[i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
bind() {  # bind SOURCE TARGET-INSIDE-ROOT
  mkdir -p "$root$2"
  mount --rbind "$1" "$root$2"
  mounts+=("$root$2")
}

# A root that an interrupted run left mounted is unmounted first, and nothing is deleted across
# a mount: the checkout and /dev are bound in there.
if [ -d "$root" ]; then
  awk -v r="$root" 'index($2, r) == 1 {print $2}' /proc/mounts | sort -r |
    while read -r m; do umount -l "$m" || true; done
  rm -rf --one-file-system "$root"
fi
echo "fresh-root: debootstrap --variant=minbase $codename $root" >&2
debootstrap --variant=minbase "$codename" "$root" http://deb.debian.org/debian >/dev/null
# The same archives as this machine (updates and security included), and its name servers.
cp /etc/resolv.conf "$root/etc/resolv.conf"
rm -f "$root/etc/apt/sources.list"
cp -r /etc/apt/sources.list.d "$root/etc/apt/"
[ -f /etc/apt/sources.list ] && cp /etc/apt/sources.list "$root/etc/apt/"
find "$root/etc/apt/sources.list.d" -name '*.disabled*' -delete

mount -t proc proc "$root/proc" && mounts+=("$root/proc")
mount -t sysfs sysfs "$root/sys" && mounts+=("$root/sys")
bind /dev /dev
bind /dev/pts /dev/pts
mkdir -p "$root/dev/shm" && mount -t tmpfs tmpfs "$root/dev/shm" && mounts+=("$root/dev/shm")
bind "$parent" "$parent"

echo "fresh-root: running '$*' in $here inside it" >&2
chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" CI="${CI:-}" \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  bash -c 'cd "$1" && shift && exec "$@"' fresh-root "$here" "$@"
