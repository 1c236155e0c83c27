#!/bin/sh
# Puts coursebrowser, its manual page and its bash, zsh and fish completions under PREFIX
# (default ~/.local), from the release build. Scripts/uninstall.sh removes them again.
#
#   swift build -c release && Scripts/install.sh
#   PREFIX=/usr/local sudo -E Scripts/install.sh
#
# BINARY names another build to install (default .build/release/coursebrowser).
set -eu

repository=$(cd "$(dirname "$0")/.." && pwd)
prefix=${PREFIX:-$HOME/.local}
binary=${BINARY:-$repository/.build/release/coursebrowser}

if [ ! -x "$binary" ]; then
    echo "install.sh: no build at $binary; run: swift build -c release" >&2
    exit 1
fi

# Everything is written to a scratch folder first, so a build that can't write its pages
# installs nothing.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$binary" man-page > "$scratch/coursebrowser.1"
"$binary" completions bash > "$scratch/bash"
"$binary" completions zsh > "$scratch/zsh"
"$binary" completions fish > "$scratch/fish"

put() { # mode source destination
    install -d "$(dirname "$3")"
    install -m "$1" "$2" "$3"
    echo "installed $3"
}
put 755 "$binary" "$prefix/bin/coursebrowser"
put 644 "$scratch/coursebrowser.1" "$prefix/share/man/man1/coursebrowser.1"
put 644 "$scratch/bash" "$prefix/share/bash-completion/completions/coursebrowser"
put 644 "$scratch/zsh" "$prefix/share/zsh/site-functions/_coursebrowser"
put 644 "$scratch/fish" "$prefix/share/fish/vendor_completions.d/coursebrowser.fish"

case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on your PATH; add it to run coursebrowser by name" ;;
esac
# bash and fish look under PREFIX/share by themselves; zsh only in its fpath.
zsh_functions="$prefix/share/zsh/site-functions"
if command -v zsh >/dev/null 2>&1 && ! zsh -fc 'print -l -- $fpath' | grep -qxF "$zsh_functions"; then
    echo "note: for zsh, add  fpath+=($zsh_functions)  to ~/.zshrc before compinit"
fi
