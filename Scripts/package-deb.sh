#!/usr/bin/env bash
# Builds coursebrowser_<version>_<arch>.deb: the program with the Swift runtime linked in, its
# manual page, its bash, zsh and fish completions and its documentation, in Debian's places.
#
#   Scripts/package-deb.sh                   # builds the static release binary, then the package
#   sudo apt install ./.build/deb/coursebrowser_*.deb
#
# The program is built with --static-swift-stdlib into .build/static, so the package needs no
# Swift toolchain and the ordinary release build in .build/release is left as it is.
# BINARY names another build to package instead; it must not need the toolchain either.
# OUTPUT_DIR says where the .deb goes (default .build/deb). MAINTAINER overrides the
# Maintainer field (default: this checkout's git user, else the last commit's author).
#
# Progress goes to standard error; the one line on standard output is the package's path.
set -euo pipefail

repository=$(cd "$(dirname "$0")/.." && pwd)
cd "$repository"
export PATH="/opt/swift/usr/bin:$PATH"
output_dir=${OUTPUT_DIR:-$repository/.build/deb}

say() { echo "package-deb: $*" >&2; }
fail() { say "$*"; exit 1; }

for tool in dpkg-deb dpkg-shlibdeps dpkg-query strip readelf ldd ldconfig strings gzip; do
    command -v "$tool" >/dev/null || fail "needs $tool (apt-get install dpkg-dev binutils)"
done

# The package's version is the program's own, so the two can't disagree.
version=$(sed -n 's/^ *public static let version = "\([^"]*\)".*/\1/p' Sources/Launch/LaunchOptions.swift)
case "$version" in
    [0-9]*) ;;
    *) fail "can't read the version from Sources/Launch/LaunchOptions.swift (got '$version')" ;;
esac
architecture=$(dpkg --print-architecture)

if [ -n "${BINARY:-}" ]; then
    binary=$BINARY
else
    # Symbols bound at start (-z now) so the whole relocation table can be read-only, as
    # Debian builds programs.
    build=(swift build -c release --static-swift-stdlib -Xlinker -z -Xlinker now
           --product coursebrowser --scratch-path .build/static)
    say "${build[*]}"
    "${build[@]}" >&2
    binary=.build/static/release/coursebrowser
fi
[ -x "$binary" ] || fail "no build at $binary"

# Whatever is in the package is dated by the commit it was built from (or SOURCE_DATE_EPOCH),
# so building the same commit twice gives the same package.
# A clone owned by another user (root building someone's checkout) is still read.
git() { command git -c safe.directory="$repository" -C "$repository" "$@"; }
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
    SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s)
fi
export SOURCE_DATE_EPOCH
maintainer=${MAINTAINER:-}
if [ -z "$maintainer" ]; then
    # This checkout's git user, or where it has none (a CI machine), the last commit's author.
    name=$(git config user.name || true)
    email=$(git config user.email || true)
    if [ -n "$name" ] && [ -n "$email" ]; then
        maintainer="$name <$email>"
    else
        maintainer=$(git log -1 --format='%an <%ae>' 2>/dev/null || true)
    fi
fi
[ -n "$maintainer" ] || fail "no maintainer: set MAINTAINER='Name <address>'"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# dpkg-shlibdeps expects a source tree: debian/control naming the package, and the package's
# files under debian/<package>, beside its DEBIAN folder.
root=$work/debian/coursebrowser
# Before anything is made: dpkg-deb refuses a control folder a strict umask left private.
umask 022
mkdir -p "$root/DEBIAN"
printf 'Source: coursebrowser\n\nPackage: coursebrowser\nArchitecture: any\n' > "$work/debian/control"

put() { # mode source destination-inside-the-package
    install -D -m "$1" "$2" "$root$3"
}

# The binary, stripped as Debian ships programs (debug symbols would triple its size).
put 755 "$binary" /usr/bin/coursebrowser
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/coursebrowser"
program=$root/usr/bin/coursebrowser

# It must not reach into the toolchain: no search path into it (SwiftPM always adds $ORIGIN,
# the program's own folder, which is harmless), and no library found there.
if readelf -d "$program" | grep -E '\((RUNPATH|RPATH)\)' | grep -vE '\[\$ORIGIN\]$' >&2; then
    fail "$binary looks for libraries outside the system's; build it with --static-swift-stdlib"
fi
libraries=$(ldd "$program")
if grep -E 'not found|/opt/swift|libswift|libdispatch|libFoundation' <<<"$libraries" >&2; then
    fail "$binary needs libraries outside the system's; build it with --static-swift-stdlib"
fi
said=$("$program" --version) || fail "the stripped program doesn't run"
grep -qF "$version" <<<"$said" || fail "the program says '$said', not $version"
# The commit the program itself reports ("coursebrowser 0.1.0 (abc1234)"), so the changelog
# can't name another when BINARY is a build of a different checkout.
commit=$(sed -n 's/.*(\(.*\))$/\1/p' <<<"$said")
commit=${commit:-unknown}

# The pages the program writes about itself.
"$program" man-page > "$work/coursebrowser.1"
gzip -9n < "$work/coursebrowser.1" > "$work/coursebrowser.1.gz"
put 644 "$work/coursebrowser.1.gz" /usr/share/man/man1/coursebrowser.1.gz
"$program" completions bash > "$work/bash"
"$program" completions zsh > "$work/zsh"
"$program" completions fish > "$work/fish"
put 644 "$work/bash" /usr/share/bash-completion/completions/coursebrowser
put 644 "$work/zsh" /usr/share/zsh/vendor-completions/_coursebrowser
put 644 "$work/fish" /usr/share/fish/vendor_completions.d/coursebrowser.fish

# The documentation: README, the copyright file, and a Debian changelog for this version.
gzip -9n < README.md > "$work/README.md.gz"
put 644 "$work/README.md.gz" /usr/share/doc/coursebrowser/README.md.gz
year=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y)
# Put in as they are: a name with & or | in it must not be read as a pattern's.
awk -v year="$year" -v maintainer="$maintainer" '{
    while ((i = index($0, "@YEAR@")) > 0) $0 = substr($0, 1, i - 1) year substr($0, i + 6)
    while ((i = index($0, "@MAINTAINER@")) > 0) $0 = substr($0, 1, i - 1) maintainer substr($0, i + 12)
    print
}' Packaging/copyright > "$work/copyright"
put 644 "$work/copyright" /usr/share/doc/coursebrowser/copyright
cat > "$work/changelog" <<EOF
coursebrowser ($version) unstable; urgency=medium

  * Built from commit $commit.

 -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")
EOF
gzip -9n < "$work/changelog" > "$work/changelog.gz"
put 644 "$work/changelog.gz" /usr/share/doc/coursebrowser/changelog.gz

# The libraries the loader links, each with the oldest version that has every symbol used
# (dpkg-shlibdeps reads the libraries' symbols files).
linked=$(cd "$work" && dpkg-shlibdeps -O -e"$program" | sed -n 's/^shlibs:Depends=//p')
[ -n "$linked" ] || fail "dpkg-shlibdeps found no libraries in $binary"
say "linked: $linked"

# The oldest version of an installed package that has every symbol the program names: the
# newest "first appeared in" among them in the package's symbols file (the installed version
# when it has no symbols file).
oldest_with_symbols() { # package
    local package=$1 file
    file=$(ls "/var/lib/dpkg/info/$package:$architecture.symbols" "/var/lib/dpkg/info/$package.symbols" 2>/dev/null | head -n 1 || true)
    if [ -z "$file" ]; then
        dpkg-query -W -f='${Version}' "$package"
        return
    fi
    local needed="" name symbol_version
    while read -r name symbol_version; do
        if [ -z "$needed" ] || dpkg --compare-versions "$symbol_version" gt "$needed"; then
            needed=$symbol_version
        fi
    done < <(awk 'NR == FNR { named[$0] = 1; next }
                  /^ / { name = $1; sub(/@.*/, "", name); if (name in named) print name, $2 }' \
                 <(strings -n 4 "$program" | sort -u) "$file")
    if [ -n "$needed" ]; then echo "$needed"; else dpkg-query -W -f='${Version}' "$package"; fi
}

# The package that owns a library, under the name the loader gives or the one it points to
# (with merged /usr, dpkg may know /lib/… or /usr/lib/…).
owner() { # path
    local real
    real=$(readlink -f "$1")
    for candidate in "$1" "$real" "${real#/usr}"; do
        if dpkg -S "$candidate" >/dev/null 2>&1; then
            dpkg -S "$candidate" | awk -F: 'NR == 1 { print $1 }'
            return
        fi
    done
}

# The libraries it opens itself with dlopen (libcurl in Sources/CCurl, libcrypto in
# Sources/CSHA256): their sonames are strings in the program. Of the sonames one library is
# tried under (libcrypto.so.3, then .so.1.1), the newest this machine has is the one depended
# on. A library the loader links already has its entry above.
opened=""
declare -A seen=()
while read -r soname; do
    base=${soname%%.so.*}
    [ -z "${seen[$base]:-}" ] || continue
    path=$(ldconfig -p | awk -v soname="$soname" '$1 == soname && !found { print $NF; found = 1 }')
    [ -n "$path" ] || continue
    seen[$base]=1
    package=$(owner "$path")
    [ -n "$package" ] || fail "no package owns $path (opened by the program as $soname)"
    case ", $linked, " in
        *", $package "* | *", $package, "*) continue ;;
    esac
    needed=$(oldest_with_symbols "$package")
    say "opened: $soname from $package (>= $needed)"
    opened="$opened, $package (>= $needed)"
done < <(strings -n 6 "$program" | grep -xE 'lib[A-Za-z0-9_+-]+\.so\.[0-9][0-9.]*' | sort -u -V -r)
depends="$linked$opened"

installed_size=$(du -sk --apparent-size "$root/usr" | cut -f1)
cat > "$root/DEBIAN/control" <<EOF
Package: coursebrowser
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Section: utils
Priority: optional
Description: terminal course browser for Canvas LMS
 coursebrowser shows your courses from a terminal: the course list with your
 grades, a course's assignments, announcements, files, syllabus and modules,
 what is due across all your courses, what changed since you last looked, and
 the upload queue, side by side.
 .
 It talks to Canvas LMS, runs offline on a built-in sample catalog, or reads a
 catalog file of your own. Every pane loads on its own and shows its own errors
 inline, and homework handed in goes through a queue that survives network
 drops and crashes. Commands (due, calendar, upload, submit, queue, status)
 serve scripts.
EOF
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

mkdir -p "$output_dir"
deb=$output_dir/coursebrowser_${version}_${architecture}.deb
dpkg-deb --root-owner-group --build "$root" "$deb" >&2
say "Depends: $depends"
echo "$deb"
