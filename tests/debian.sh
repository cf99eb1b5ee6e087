#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# debian/ agrees with the tree: the changelog's upstream version is
# configure.ac's (PACKAGE_VERSION), the autopkgtests run the commands the
# package promises, and every file debian/copyright names exists.  The
# package build itself, lintian and the autopkgtests run in CI
# (.ci/stage-45-debian).  Output: TAP.
set -u
: "${PACKAGE_VERSION:?set by make check}"
srcdir=${srcdir:-$(dirname "$0")/..}
. "$srcdir/tests/tap-lib.sh"
tap_tmpdir
debian=$srcdir/debian

# "vdsotest (0.1.0-1) unstable; urgency=medium"
first=$(head -n 1 "$debian/changelog")
version=$(echo "$first" | sed -n 's/^vdsotest (\([^)]*\)) [a-z-]*; urgency=[a-z]*$/\1/p')
[ "${version%-*}" = "$PACKAGE_VERSION" ] && [ "${version##*-}" -ge 1 ] 2>/dev/null
ok $? "debian/changelog's version '$version' is configure.ac's $PACKAGE_VERSION, a Debian revision after it"

if command -v dpkg-parsechangelog >/dev/null 2>&1; then
	[ "$(cd "$srcdir" && dpkg-parsechangelog -S Version 2>"$err")" = "$version" ]
	ok $? "dpkg-parsechangelog reads the same version"
else
	tap_skip "no dpkg-parsechangelog (Debian: dpkg-dev)"
fi

grep -qx 'Test-Command: vdsotest all verify -d 0.2 -o ktap' "$debian/tests/control" &&
	grep -qx 'Test-Command: vdsotest all abi -o ktap' "$debian/tests/control" &&
	[ -x "$debian/tests/wrappers" ] && grep -qx 'Tests: wrappers' "$debian/tests/control"
ok $? "debian/tests/control: all verify and all abi as KTAP, and the wrappers test"

# The bash completion the package installs works only with bash-completion.
sed -n '/^Package: vdsotest$/,/^$/p' "$debian/control" | grep -q '^Suggests:.*bash-completion'
ok $? "debian/control: the package suggests bash-completion"

# Every Files: pattern of debian/copyright matches something.
# (the patterns are read with globbing off, or "*" would expand in the
# current directory, the build tree of a VPATH build)
missing=
set -f
patterns=$(sed -n 's/^Files: //p' "$debian/copyright")
for pattern in $patterns; do
	[ "$pattern" = "*" ] && continue
	set +f
	# shellcheck disable=SC2086
	set -- "$srcdir"/$pattern
	set -f
	[ -e "$1" ] || missing="$missing $pattern"
done
set +f
[ -z "$missing" ]
ok $? "debian/copyright's Files: patterns all match files (missing:${missing:- none})"

tap_done
