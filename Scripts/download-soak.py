#!/usr/bin/env python3
"""Downloads kept whole, in place and once, however `sync` is killed: a soak against the fake Canvas.

The fake's file store is on a host of its own, as Canvas's is. Course 1 gets files of random
sizes in nested folders, among them names a part could have (`x.txt.part`) and a name of 250
bytes. Each trial syncs the course into a folder of its own, with a queue of its own, in rounds:
a `sync` killed with SIGKILL at a random moment, the server changing some files between
rounds, and now and then two `sync` runs into the folder at once (one of them maybe killed).
A last `sync` must end, exit 0, and leave exactly the course's files in the folder: each
under its own name, byte for byte the store's current version, and nothing else (no numbered
copy, no part, nothing misplaced). Every run not killed must end within its time.

It prints one summary line, and exits 1 when any trial lost, misplaced or duplicated a file,
or a run did not end.

    python3 Scripts/download-soak.py --trials 200 --binary .build/release/coursebrowser

Standard library only; the fake is Tests/FakeCanvas/fake_canvas.py.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from soak_support import Fake, app_environment  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOKEN = "download-soak-7a31"
COURSE = 1
KILL_WINDOW = (0.05, 2.0)      # seconds after a sync starts
RUN_LIMIT = 120                # seconds a sync that is not killed may take
FOLDERS = ("", "Week 1", "Week 1/Notes", "Week 2", "Labs")


def text_of(rng: random.Random, size: int) -> str:
    """`size` characters of printable text, so the fake can take it as a file's content."""
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 \n"
    return "".join(rng.choice(alphabet) for _ in range(size))


def add_files(fake: Fake, rng: random.Random, count: int) -> list:
    """Adds `count` files to the course, a few with names that look like parts; returns their IDs."""
    names = [f"file-{number:03d}.txt" for number in range(count)]
    names[0] = "notes.txt.part"
    names[1] = "notes.txt"
    names[2] = "n" * 246 + ".txt"
    ids = []
    for index, name in enumerate(names):
        folder = "" if index < 3 else rng.choice(FOLDERS)
        size = rng.choice((1, 100, 5_000, 60_000, 250_000, 1_000_000))
        added = fake.control("POST", "files", {"course": COURSE, "name": name, "folder": folder,
                                              "content": text_of(rng, size)})
        ids.append(added["id"])
    return ids


class Trial:
    """One folder synced in rounds, with a queue of its own."""

    def __init__(self, number: int, binary: str, fake: Fake, scratch: str):
        self.number = number
        self.binary = binary
        self.fake = fake
        self.home = os.path.join(scratch, f"trial-{number:04d}")
        self.target = os.path.join(self.home, "course files")
        os.makedirs(self.home)
        self.environment = app_environment(self.home, TOKEN)
        self.arguments = [binary, "sync", "--course", str(COURSE), self.target,
                          "--canvas", fake.base, "--data-dir", os.path.join(self.home, "data")]
        self.unended = 0
        self.killed = 0
        self.runs = 0

    def start(self) -> subprocess.Popen:
        return subprocess.Popen(self.arguments + ["--json"], env=self.environment,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def finish(self, run: subprocess.Popen, kill_after: float | None) -> tuple:
        """Kills `run` after `kill_after` seconds when given; else waits for its end. Returns
        (killed, exit status or None, what it printed)."""
        limit = kill_after if kill_after is not None else RUN_LIMIT
        self.runs += 1
        try:
            printed, _ = run.communicate(timeout=limit)
            return False, run.returncode, printed
        except subprocess.TimeoutExpired:
            run.kill()
            run.communicate()
            if kill_after is None:
                self.unended += 1
            else:
                self.killed += 1
            return True, None, ""

    def round(self, rng: random.Random) -> None:
        """One sync killed at a random moment, or two at once, one of which may be killed."""
        if rng.random() < 0.35:
            runs = [self.start(), self.start()]
            kills = [rng.uniform(*KILL_WINDOW) if rng.random() < 0.5 else None, None]
            for run, kill_after in zip(runs, kills):
                self.finish(run, kill_after)
        else:
            self.finish(self.start(), rng.uniform(*KILL_WINDOW))


def change_some(fake: Fake, rng: random.Random, ids: list) -> None:
    for file_id in rng.sample(ids, rng.randint(0, 3)):
        fake.control("POST", "files", {"course": COURSE, "id": file_id,
                                       "content": text_of(rng, rng.choice((3, 4_000, 90_000)))})


def files_below(folder: str) -> set:
    found = set()
    for directory, _, names in os.walk(folder):
        for name in names:
            found.add(os.path.relpath(os.path.join(directory, name), folder))
    return found


def sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as source:
        for block in iter(lambda: source.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def check(trial: Trial, fake: Fake, printed: str) -> dict:
    """What the last sync left, against the server's files: counts of each kind of wrong."""
    wrong = {"lost": 0, "misplaced": 0, "duplicates": 0}
    report = json.loads(printed)
    current = {str(entry["id"]): entry["sha256"] for entry in fake.control("GET", "course_files")}
    expected = set()
    for entry in report["files"]:
        if entry["status"] == "locked":
            continue
        relative = os.path.join(entry["folder"], entry["name"]) if entry["folder"] else entry["name"]
        expected.add(relative)
        path = os.path.join(trial.target, relative)
        if entry.get("path") != path or not os.path.isfile(path) or sha256(path) != current.get(str(entry["id"])):
            wrong["lost"] += 1
    for extra in files_below(trial.target) - expected:
        stem = os.path.basename(extra)
        wrong["duplicates" if " (" in stem else "misplaced"] += 1
    return wrong


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--files", type=int, default=24, help="files added to the course")
    parser.add_argument("--rounds", type=int, default=3, help="killed rounds before the last sync of each trial")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "coursebrowser"))
    parser.add_argument("--seed", type=int, default=None)
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    scratch = tempfile.mkdtemp(prefix="download-soak-")
    fake = Fake(TOKEN, lifetime=options.trials * 300 + 600)
    totals = {"lost": 0, "misplaced": 0, "duplicates": 0, "unended": 0, "failed_runs": 0}
    runs = killed = 0
    started = time.monotonic()
    try:
        ids = add_files(fake, rng, options.files)
        # A slower store stretches each download, so kills land mid-file as often as between files.
        fake.control("POST", "faults", {"kind": "slow", "match": "/store/", "count": 1_000_000, "seconds": 0.05})
        for number in range(1, options.trials + 1):
            trial = Trial(number, options.binary, fake, scratch)
            for _ in range(options.rounds):
                trial.round(rng)
                change_some(fake, rng, ids)
            stopped, status, printed = trial.finish(trial.start(), None)
            totals["unended"] += trial.unended
            runs += trial.runs
            killed += trial.killed
            if stopped or status != 0 or not printed:
                totals["failed_runs"] += 1
                print(f"trial {number}: the last sync {'did not end' if stopped else f'exited {status}'}", file=sys.stderr)
                continue
            for kind, count in check(trial, fake, printed).items():
                totals[kind] += count
                if count:
                    print(f"trial {number}: {count} {kind} (seed {seed})", file=sys.stderr)
            shutil.rmtree(trial.home, ignore_errors=True)
    finally:
        fake.stop()
        shutil.rmtree(scratch, ignore_errors=True)
    took = time.monotonic() - started
    bad = sum(totals.values())
    print(f"download soak: {options.trials} trials, {options.files} files each, {runs} runs ({killed} killed mid-way), "
          f"seed {seed}, {took:.0f} s: "
          f"{totals['lost']} lost, {totals['misplaced']} misplaced, {totals['duplicates']} duplicates, "
          f"{totals['unended']} runs that did not end, {totals['failed_runs']} last syncs that failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
