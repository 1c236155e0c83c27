#!/usr/bin/env python3
"""Joins two runs of coursebrowser-bench into README's table: each row as the first run gave
it, and beside it what the second run gave, so a reader sees how far a figure moves.

    Scripts/bench-table.py FIRST.txt SECOND.txt

A row the second run lacks shows a dash there; rows only the second run has are left out.
"""
import sys


def rows(path):
    """The table rows of a bench output, by measure, in their order."""
    found = {}
    with open(path, encoding="utf-8") as text:
        for line in text:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if not line.startswith("| ") or len(cells) != 4 or cells[0] in ("measure", "---"):
                continue
            found[cells[0]] = cells[1:]
    return found


def second_figure(cells):
    """What the second run says of a row: its ratio where it has one, else its figure."""
    app, _, ratio = cells
    return ratio if ratio and ratio != "—" else app


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    first, second = rows(sys.argv[1]), rows(sys.argv[2])
    print("| measure | app | baseline | ratio | second run |")
    print("| --- | --- | --- | --- | --- |")
    for measure, (app, baseline, ratio) in first.items():
        again = second_figure(second[measure]) if measure in second else "—"
        print(f"| {measure} | {app} | {baseline} | {ratio} | {again} |")


if __name__ == "__main__":
    main()
