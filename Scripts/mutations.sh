#!/usr/bin/env bash
# Plants small deliberate bugs one at a time and checks that the tests named for each catch it.
#
#   Scripts/mutations.sh                 every line of Scripts/mutations.txt
#   Scripts/mutations.sh 3 7-9           only those lines (numbers as --list prints them)
#   Scripts/mutations.sh --check         only checks that every line applies, builds nothing
#   Scripts/mutations.sh --list          prints the lines with their numbers
#
# Each line of the list is three fields separated by tabs, and an optional fourth:
#
#   <file>  <sed expression, or patch:<name> for Scripts/mutations/<name>.patch>  <swift test --filter>  [<VAR=value …>]
#
# The fourth sets the tests' environment, as a bug seen only away from UTC needs (`TZ=America/Los_Angeles`).
#
# For each line the file is changed, the tests are built, the filter is run, and the file is
# put back (also on Ctrl-C). A line is "killed" when the filtered tests fail, "survived" when
# they pass. A line whose pattern is not found, that does not build, or whose filter runs no
# test is an error: it says nothing about the tests. Tests that hang are stopped after
# MUTATIONS_TEST_TIMEOUT seconds (600) and count as killed; each line's output is kept in
# .build/mutations/<number>.log. Prints killed/total, then the survivors and the errors;
# exits 0 only when every line was killed. MUTATIONS_LIST names another list file.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
list=${MUTATIONS_LIST:-"$root/Scripts/mutations.txt"}
patches="$root/Scripts/mutations"
log_dir=${MUTATIONS_LOG_DIR:-"$root/.build/mutations"}
test_timeout=${MUTATIONS_TEST_TIMEOUT:-600}
mode=run
selected=()

for argument in "$@"; do
    case "$argument" in
        --check) mode=check ;;
        --list) mode=list ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *[!0-9-]*|"") echo "mutations.sh: unknown argument $argument" >&2; exit 2 ;;
        *-*) for ((n = ${argument%-*}; n <= ${argument#*-}; n++)); do selected+=("$n"); done ;;
        *) selected+=("$argument") ;;
    esac
done

# The lines that are mutations, as "number<TAB>line", comments and blank lines left out.
entries() {
    awk '!/^[[:space:]]*(#|$)/ { n++; print n "\t" $0 }' "$list"
}

wanted() {
    [ ${#selected[@]} -eq 0 ] && return 0
    local n
    for n in "${selected[@]}"; do [ "$n" = "$1" ] && return 0; done
    return 1
}

if [ "$mode" = list ]; then
    entries | awk -F '\t' '{ printf "%3d  %s  %s%s\n      %s\n", $1, $2, $4, ($5 == "" ? "" : "  with " $5), $3 }'
    exit 0
fi

backup=""
mutated=""
restore() {
    if [ -n "$mutated" ] && [ -n "$backup" ]; then
        # Not -p: the restored file must be newer than the mutated build, so the next build sees it.
        cp "$backup" "$mutated"
        mutated=""
    fi
}
trap 'restore; exit 130' INT TERM
trap 'restore; [ -n "$backup" ] && rm -f "$backup" "$backup.mutation"' EXIT
backup=$(mktemp)

# Changes `file` as `change` says; fails, leaving it as it was, when the change does not apply.
apply() {
    local file=$1 change=$2
    case "$change" in
        patch:*)
            local patch="$patches/${change#patch:}.patch"
            [ -f "$patch" ] || { echo "no patch $patch"; return 1; }
            (cd "$root" && patch --quiet --dry-run --no-backup-if-mismatch -p1 < "$patch" >/dev/null) || { echo "patch does not apply"; return 1; }
            (cd "$root" && patch --quiet --no-backup-if-mismatch -p1 < "$patch" >/dev/null)
            ;;
        *)
            # Made beside the backup, outside Sources, where an interrupted run would leave a file SwiftPM warns of.
            sed -e "$change" "$backup" > "$backup.mutation" || { echo "bad sed expression"; return 1; }
            if cmp -s "$backup" "$backup.mutation"; then
                echo "pattern not found"
                return 1
            fi
            cat "$backup.mutation" > "$file"
            ;;
    esac
}

mkdir -p "$log_dir"
cd "$root" || exit 2
killed=0
total=0
survivors=()
errors=()

while IFS=$'\t' read -r number file change filter environment; do
    wanted "$number" || continue
    if [ -z "$file" ] || [ -z "$change" ] || [ -z "$filter" ]; then
        errors+=("$number: not three or four tab-separated fields")
        continue
    fi
    if [ ! -f "$file" ]; then
        errors+=("$number: no file $file")
        continue
    fi
    cp -p "$file" "$backup"
    mutated=$file
    if ! reason=$(apply "$file" "$change"); then
        restore
        errors+=("$number: $file: $reason: $change")
        echo "[$number] ERROR  $file: $reason"
        continue
    fi
    if [ "$mode" = check ]; then
        restore
        echo "[$number] applies  $file"
        continue
    fi
    total=$((total + 1))
    out="$log_dir/$number.log"
    echo "[$number] $file  ($filter)"
    if ! swift build --build-tests > "$out" 2>&1; then
        restore
        total=$((total - 1))
        errors+=("$number: does not build (see $out)")
        echo "[$number] ERROR  does not build"
        continue
    fi
    # Word splitting is wanted: the field is a list of VAR=value words.
    # shellcheck disable=SC2086
    timeout "$test_timeout" env ${environment:-} swift test --skip-build --filter "$filter" >> "$out" 2>&1
    status=$?
    restore
    if grep -q "Test run with 0 tests" "$out"; then
        total=$((total - 1))
        errors+=("$number: the filter runs no test: $filter")
        echo "[$number] ERROR  the filter runs no test"
    elif [ "$status" -ne 0 ]; then
        killed=$((killed + 1))
        [ "$status" -eq 124 ] && echo "[$number] killed (the tests timed out)" || echo "[$number] killed"
    else
        survivors+=("$number: $file: $change  ($filter)")
        echo "[$number] SURVIVED"
    fi
done < <(entries)

if [ "$mode" = check ]; then
    [ ${#errors[@]} -eq 0 ] && echo "every selected line applies" && exit 0
    printf 'does not apply: %s\n' "${errors[@]}"
    exit 1
fi

echo
echo "$killed/$total killed"
[ ${#survivors[@]} -gt 0 ] && printf 'survived: %s\n' "${survivors[@]}"
[ ${#errors[@]} -gt 0 ] && printf 'error: %s\n' "${errors[@]}"
[ "$killed" -eq "$total" ] && [ ${#errors[@]} -eq 0 ]
