#!/bin/sh
# Removes what Scripts/install.sh put under PREFIX (default ~/.local), and nothing else:
# saved logins, the upload queue and saved copies stay (coursebrowser logout forgets a login).
set -eu

prefix=${PREFIX:-$HOME/.local}
for file in \
    "$prefix/bin/coursebrowser" \
    "$prefix/share/man/man1/coursebrowser.1" \
    "$prefix/share/bash-completion/completions/coursebrowser" \
    "$prefix/share/zsh/site-functions/_coursebrowser" \
    "$prefix/share/fish/vendor_completions.d/coursebrowser.fish"
do
    if [ -e "$file" ] || [ -L "$file" ]; then
        rm -f "$file"
        echo "removed $file"
    fi
done
