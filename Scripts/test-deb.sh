#!/usr/bin/env bash
# Installs the .deb on this machine, uses what it installed, and removes it again, checking
# that nothing of it is left. Run as root, on a machine where coursebrowser isn't installed.
#
#   Scripts/test-deb.sh                       # builds the package with Scripts/package-deb.sh
#   Scripts/test-deb.sh coursebrowser_0.1.0_amd64.deb
set -euo pipefail

repository=$(cd "$(dirname "$0")/.." && pwd)
say() { echo "test-deb: $*"; }
fail() { say "FAILED: $*"; exit 1; }

[ "$(id -u)" -eq 0 ] || fail "dpkg -i needs root"
for tool in dpkg lintian man; do
    command -v "$tool" >/dev/null || fail "needs $tool (apt-get install lintian man-db)"
done

if [ $# -ge 1 ]; then
    deb=$(readlink -f "$1")
else
    deb=$("$repository/Scripts/package-deb.sh")
fi
[ -f "$deb" ] || fail "no package at $deb"
version=$(dpkg-deb -f "$deb" Version)
say "testing $deb"

say "lintian"
lintian --tag-display-limit 0 --fail-on error "$deb" || fail "lintian found errors"

# The package's own files (not the folders it shares with other packages), as installed paths.
mapfile -t files < <(dpkg-deb --fsys-tarfile "$deb" | tar -t | grep -v '/$' | sed 's|^\./|/|')
if dpkg-query -W -f='${db:Status-Status}\n' coursebrowser 2>/dev/null | grep -qx installed; then
    fail "coursebrowser is already installed here; remove it first, this test removes what it installs"
fi
for file in "${files[@]}"; do
    [ ! -e "$file" ] || fail "$file is already here; removing the package would take it away"
done

# Docker's Debian and Ubuntu images tell dpkg to skip manual pages and documentation
# (path-exclude in /etc/dpkg/dpkg.cfg.d/). Installing there as is would leave out the files
# this test checks, so on such a machine the package's own files are included again.
include=()
excludes=$(grep -hs '^path-exclude' /etc/dpkg/dpkg.cfg.d/* /etc/dpkg/dpkg.cfg || true)
if [ -n "$excludes" ]; then
    say "this machine's dpkg leaves out some paths:"
    sed 's/^/    /' <<<"$excludes"
    say "so the package's files are installed with --path-include for each of them"
    for file in "${files[@]}"; do include+=("--path-include=$file"); done
fi

installed=""
cleanup() {
    if [ -n "$installed" ]; then
        say "removing the package after a failure"
        dpkg -r coursebrowser >/dev/null || true
    fi
    rm -rf "${home:-}"
}
trap cleanup EXIT

say "dpkg -i"
dpkg "${include[@]}" -i "$deb"
installed=yes
mapfile -t listed < <(dpkg -L coursebrowser)
for file in "${files[@]}"; do
    [ -f "$file" ] || fail "$file was not installed"
done

say "coursebrowser --version"
[ "$(command -v coursebrowser)" = /usr/bin/coursebrowser ] || fail "coursebrowser on PATH is $(command -v coursebrowser)"
said=$(coursebrowser --version) || fail "--version failed"
echo "$said"
grep -qF "$version" <<<"$said" || fail "--version doesn't say $version"

# The program must run without the Swift toolchain: where a mount namespace can be made, it
# runs once more with /opt/swift hidden.
if [ -d /opt/swift ] && unshare --mount true 2>/dev/null; then
    unshare --mount sh -c 'mount -t tmpfs none /opt/swift && /usr/bin/coursebrowser --version' >/dev/null \
        || fail "coursebrowser doesn't run with /opt/swift hidden"
    say "runs with /opt/swift hidden"
else
    say "can't hide /opt/swift here (no mount namespace); ldd and readelf were checked when packaging"
fi

say "man -w coursebrowser"
page=$(man -w coursebrowser) || fail "man doesn't find the page"
[ "$page" = /usr/share/man/man1/coursebrowser.1.gz ] || fail "man finds $page"
# Read whole first: grep -q would stop reading early, and man, cut off, fail the pipeline.
rendered=$(MANWIDTH=80 man coursebrowser 2>/dev/null) || fail "man can't render the page"
grep -qF "browse your courses" <<<"$rendered" || fail "the page doesn't render"

say "completions"
bash -c '. /usr/share/bash-completion/completions/coursebrowser && complete -p coursebrowser' >/dev/null \
    || fail "the bash completion doesn't register"
if command -v zsh >/dev/null; then zsh -n /usr/share/zsh/vendor-completions/_coursebrowser || fail "zsh can't read its completion"; fi
if command -v fish >/dev/null; then fish -n /usr/share/fish/vendor_completions.d/coursebrowser.fish || fail "fish can't read its completion"; fi

# The sample catalog is compiled into the program: with a fresh home and no settings, `due`
# lists its assignments and `queue` has nothing.
say "coursebrowser due and queue on the sample catalog"
home=$(mktemp -d)
run() { env -i HOME="$home" PATH=/usr/bin:/bin LANG=C.UTF-8 /usr/bin/coursebrowser "$@"; }
due=$(run due --json) || fail "due failed"
grep -q '"course_code"' <<<"$due" || fail "due listed nothing of the sample catalog: $due"
say "due lists $(grep -o '"course_code"' <<<"$due" | wc -l) items"
queue=$(run queue) || fail "queue failed"
echo "$queue"
grep -q "Nothing queued" <<<"$queue" || fail "queue isn't empty on a fresh home"

say "dpkg -r"
dpkg -r coursebrowser
installed=""
left=()
for path in "${listed[@]}"; do
    [ "$path" != /. ] && [ -e "$path" ] || continue
    # A folder may stay when another package owns it too (/usr/bin, /usr/share/man/man1).
    if [ -d "$path" ] && dpkg -S "$path" >/dev/null 2>&1; then continue; fi
    left+=("$path")
done
[ ${#left[@]} -eq 0 ] || fail "dpkg -r left ${left[*]}"
status=$(dpkg-query -W -f='${db:Status-Status}' coursebrowser 2>/dev/null || echo not-installed)
[ "$status" = not-installed ] || fail "dpkg says coursebrowser is $status after removal"
say "installed, ran, found its manual page, and removed it leaving nothing: $(basename "$deb")"
