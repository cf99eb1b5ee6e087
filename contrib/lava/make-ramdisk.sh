#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# contrib/lava/make-ramdisk.sh BUSYBOX VDSOTEST OUTPUT
#
# Writes OUTPUT, a gzipped initramfs (cpio newc) for the LAVA jobs of
# this directory (job-qemu-*.yaml): a static busybox (Debian's
# busybox-static of the board's architecture) as /bin/busybox, a static
# vdsotest (configure LDFLAGS=-static) as /usr/bin/vdsotest, and an
# /init that installs busybox's applets, mounts /dev, /proc, /sys and
# /tmp, and starts a shell on the console, whose prompt is '/ # '.
# LAVA adds its test shell to it (the job's "overlays: lava: true" on the
# ramdisk) and runs contrib/lava/vdsotest.yaml there with SKIP_INSTALL
# true: the vdsotest of the ramdisk.  make check-lava builds it so.
# Needs cpio and gzip.  Exit status 0, 1 when OUTPUT could not be
# written, 2 on bad usage (naming the bad argument).
set -eu

if [ $# -ne 3 ]; then
	echo "usage: $0 BUSYBOX VDSOTEST OUTPUT" >&2
	exit 2
fi
for f in "$1" "$2"; do
	if [ ! -f "$f" ] || [ ! -x "$f" ]; then
		echo "$0: '$f': not an executable file" >&2
		exit 2
	fi
done
for tool in cpio gzip; do
	command -v "$tool" >/dev/null 2>&1 || { echo "$0: no $tool (Debian: $tool)" >&2; exit 2; }
done

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/bin" "$root/sbin" "$root/usr/bin" "$root/usr/sbin" "$root/dev" \
	"$root/proc" "$root/sys" "$root/tmp" "$root/root"
cp "$1" "$root/bin/busybox"
cp "$2" "$root/usr/bin/vdsotest"
cat >"$root/init" <<'INIT'
#!/bin/busybox sh
# vdsotest's LAVA ramdisk (contrib/lava/make-ramdisk.sh)
/bin/busybox --install -s
mount -t devtmpfs devtmpfs /dev
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t tmpfs tmpfs /tmp
echo "vdsotest ramdisk: $(uname -srm)"
exec setsid cttyhack sh
INIT
chmod 755 "$root/init" "$root/bin/busybox" "$root/usr/bin/vdsotest"
if ! (cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) |
	gzip -9 -n >"$3.new" || ! mv "$3.new" "$3"; then
	rm -f "$3.new"
	echo "$0: '$3': could not be written" >&2
	exit 1
fi
