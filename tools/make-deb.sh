#!/usr/bin/env bash
# Turns a `make install DESTDIR=ROOT PREFIX=/usr ...` tree into a Debian package (dpkg-deb):
#   tools/make-deb.sh ROOT VERSION OUTDIR MAINTAINER
# Adds the man page compressed, the copyright file, DEBIAN/{control,md5sums,shlibs,triggers}; the
# Depends come from dpkg-shlibdeps on the ELF files. `make deb` calls it; Tests/packaging/test_deb.py
# checks the result.
set -euo pipefail
root=$(realpath "$1") version=$2 out=$3 maintainer=$4
arch=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
major=${version%%.*}
doc=$root/usr/share/doc/gridlayout

gzip -9n "$root/usr/share/man/man1/gridrepl.1" "$root/usr/share/man/man1/gridlayout.1"
cat > "$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: gridlayout

Files: *
Copyright: the gridlayout authors
License: MIT
Comment: gridrepl, gridlayout, libgridlayout.so.$version and the Lua module gridlayout.so link
 the Swift standard library statically (gridlayout also FoundationEssentials)
 (Copyright Apple Inc. and the Swift project authors, Apache-2.0 with the Runtime Library
 Exception, see /usr/share/common-licenses/Apache-2.0).
 gridlayout also links yajl statically (Copyright 2007-2014 Lloyd Hilaiel, License: ISC below).

License: ISC
 Permission to use, copy, modify, and/or distribute this software for any purpose with or
 without fee is hereby granted, provided that the above copyright notice and this permission
 notice appear in all copies.
 .
 THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES WITH REGARD TO THIS
 SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE
 AUTHOR BE LIABLE FOR ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN ACTION OF CONTRACT,
 NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF OR IN CONNECTION WITH THE USE OR
 PERFORMANCE OF THIS SOFTWARE.

License: MIT
 Permission is hereby granted, free of charge, to any person obtaining a copy of this software
 and associated documentation files (the "Software"), to deal in the Software without
 restriction, including without limitation the rights to use, copy, modify, merge, publish,
 distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
 Software is furnished to do so, subject to the following conditions:
 .
 The above copyright notice and this permission notice shall be included in all copies or
 substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
 BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
 NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
 DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
COPYRIGHT
chmod 644 "$doc/copyright"

# dpkg-shlibdeps wants a debian/control to read; it is given the files to scan with -e.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/debian"
printf 'Source: gridlayout\n\nPackage: gridlayout\nArchitecture: any\n' > "$work/debian/control"
elves=("$root/usr/bin/gridrepl" "$root/usr/bin/gridlayout" "$root/usr/lib/$multiarch/libgridlayout.so.$version"
       "$root/usr/lib/$multiarch/lua/5.4/gridlayout.so")
depends=$(cd "$work" && dpkg-shlibdeps -O "${elves[@]/#/-e}" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

install -d -m 755 "$root/DEBIAN"
size=$(du -sk --apparent-size --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: gridlayout
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Suggests: lua5.4, python3, pkg-config
Section: libs
Priority: optional
Description: headless grid layout engine: gridrepl, C library, Lua and Python modules
 gridlayout computes the frames of grids (lanes, waterfall or masonry, flow, justified,
 same-size grids), the items visible in a viewport, scrolling, paging, sticky headers, view
 reuse, animated inserts, removals and moves, and drag reordering, with no UI toolkit.
 .
 This package holds gridrepl (Lua 5.4 with the gridlayout module preloaded), gridlayout (a
 JSON request in, frames out, from the shell), libgridlayout.so
 with its C header and pkg-config file (the C library needs no Lua), the module for the stock
 lua5.4 (gridlayout.so, a library of its own), the Python package, the man pages and the
 documentation. The Swift standard library is linked in.
CONTROL
printf 'libgridlayout %s gridlayout (>= %s)\n' "$major" "$version" > "$root/DEBIAN/shlibs"
printf 'activate-noawait ldconfig\n' > "$root/DEBIAN/triggers"
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/"*

mkdir -p "$out"
deb=$out/gridlayout_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" > /dev/null
echo "built $deb ($(du -k "$deb" | cut -f1) kB)"
