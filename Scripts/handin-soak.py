#!/usr/bin/env python3
"""Hand-ins made exactly once, however `drain` is killed: a soak against the fake Canvas.

Each trial queues one submission (one or two files of random bytes) with the real binary,
as a student, in a queue of its own; sets a fault on the hand-in's POST (the reply dropped
on its connection, cut short, or slow, or none) and slows every request a little; runs
`coursebrowser drain` and kills it with SIGKILL at a random moment; then drains to the end,
the hand-in meeting a fault again. At the close it counts, from the server's own record
(`/__control/submissions`), the attempts that carry each trial's files: every one must be
exactly one. It prints one summary line, and exits 1 otherwise.

    python3 Scripts/handin-soak.py --trials 200 --binary .build/release/coursebrowser

Standard library only; the fake is Tests/FakeCanvas/fake_canvas.py.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
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
TOKEN = "soak-token-5c1e"
# Courses a student may hand in to on the fake (published, current, not closed by date).
COURSES = (43, 44, 46, 48, 49)
# Homework 1 takes .pdf, Essay .pdf and .docx.
ASSIGNMENTS = {1: ("pdf",), 2: ("pdf", "docx")}
HAND_IN_FAULTS = ("drop_reply", "drop_reply", "lost_reply", "slow", "slow", None)
KILL_WINDOW = (0.02, 1.0)          # seconds after drain starts
FINAL_DRAIN_TIMEOUT = 180


class Trial:
    """One queued submission: where its queue lives, what it hands in, and how to run the app."""

    def __init__(self, number: int, binary: str, fake: Fake, rng: random.Random, scratch: str):
        self.number = number
        self.binary = binary
        self.fake = fake
        self.home = os.path.join(scratch, f"trial-{number:04d}")
        os.makedirs(self.home)
        self.course = rng.choice(COURSES)
        which = rng.choice(sorted(ASSIGNMENTS))
        self.assignment = 500000 + self.course * 10 + which
        extensions = ASSIGNMENTS[which]
        self.files = []
        for index in range(rng.choice((1, 2))):
            # One name for every trial's first file, so copies pile up in a course's submissions
            # folder and Canvas's renaming (-1 .. -7, then a UUID) is met along the way.
            name = "essay" if index == 0 else f"sources-{number}"
            path = os.path.join(self.home, f"{name}.{rng.choice(extensions)}")
            with open(path, "wb") as out:
                out.write(rng.randbytes(rng.randint(1, 200_000)))
            self.files.append(path)
        self.digests = sorted(sha256(path) for path in self.files)
        self.environment = app_environment(self.home, TOKEN)
        self.backend = ["--canvas", fake.base, "--data-dir", os.path.join(self.home, "data")]

    def command(self, *arguments: str) -> list:
        return [self.binary, *arguments, *self.backend]

    def submit(self) -> None:
        arguments = ["submit", "--course", str(self.course), "--assignment", str(self.assignment), *self.files]
        done = subprocess.run(self.command(*arguments), env=self.environment, capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise SystemExit(f"trial {self.number}: submit failed: {done.stderr.strip()}")

    def drain_killed_after(self, seconds: float) -> bool:
        """Starts a drain and kills it with SIGKILL after `seconds`; False when it ended first."""
        drain = subprocess.Popen(self.command("drain", "--timeout", "60"), env=self.environment,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            drain.wait(seconds)
            return False
        except subprocess.TimeoutExpired:
            drain.kill()
            drain.wait()
            return True

    def drain_to_the_end(self) -> subprocess.CompletedProcess:
        return subprocess.run(self.command("drain", "--timeout", str(FINAL_DRAIN_TIMEOUT)), env=self.environment,
                              capture_output=True, text=True, timeout=FINAL_DRAIN_TIMEOUT + 30)

    def is_hand_in(self, logged: dict) -> bool:
        return logged["method"] == "POST" and logged["path"].split("?")[0].endswith(f"/assignments/{self.assignment}/submissions")


def sha256(path: str) -> str:
    with open(path, "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()


def hand_in_rules(trial: Trial, rng: random.Random, slow_everything: bool) -> list:
    """A fault on the trial's hand-in POST (its reply dropped on its connection, cut short, or
    slow; or none) and, with `slow_everything`, every request a little slow, so that a kill can
    land anywhere from the first read to the answer."""
    rules = []
    kind = rng.choice(HAND_IN_FAULTS)
    if kind is not None:
        rule = {"match": f"/assignments/{trial.assignment}/submissions$", "method": "POST", "kind": kind,
                "count": rng.choice((1, 1, 2))}
        if kind == "slow":
            rule["seconds"] = round(rng.uniform(0.2, 1.2), 2)
        rules.append(rule)
    if slow_everything:
        rules.append({"match": "/", "kind": "slow", "seconds": round(rng.uniform(0.05, 0.15), 3), "count": -1})
    return rules


def set_faults(fake: Fake, rules: list) -> None:
    fake.control("DELETE", "faults")
    fake.control("DELETE", "requests")
    fake.control("POST", "faults", rules)


def wait_for_answers(fake: Fake, timeout: float = 30) -> None:
    """Waits until the server has finished every request it was serving (a slow hand-in goes
    on after its client was killed), so the next drain reads what it made."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(entry.get("status") is not None for entry in fake.control("GET", "requests")):
            return
        time.sleep(0.05)


def dropped_replies(fake: Fake, trial: Trial) -> int:
    return sum(1 for e in fake.control("GET", "requests") if trial.is_hand_in(e) and e["fault"] == "drop_reply")


def carries(attempt: dict, trial: Trial) -> bool:
    return sorted(f["sha256"] for f in attempt["files"]) == trial.digests


def run_trial(trial: Trial, fake: Fake, rng: random.Random, tally: collections.Counter):
    """Queues the trial's submission, kills a drain at a random moment, then drains to the
    end (meeting a fault on the hand-in again); returns what went wrong, if anything."""
    trial.submit()
    set_faults(fake, hand_in_rules(trial, rng, slow_everything=True))
    killed = trial.drain_killed_after(rng.uniform(*KILL_WINDOW))
    seen = fake.control("GET", "requests")
    tally["kills"] += killed
    # Killed while the server still held the hand-in, which goes on to make the attempt.
    tally["kills during the POST"] += killed and any(trial.is_hand_in(e) and e["status"] is None for e in seen)
    wait_for_answers(fake)
    tally["kills after the attempt was made"] += killed and any(carries(a, trial) for a in fake.control("GET", "submissions"))
    tally["dropped replies"] += dropped_replies(fake, trial)
    set_faults(fake, hand_in_rules(trial, rng, slow_everything=False))
    final = trial.drain_to_the_end()
    tally["dropped replies"] += dropped_replies(fake, trial)
    if final.returncode != 0:
        return f"trial {trial.number}: the last drain exited {final.returncode}: {final.stdout.strip()} {final.stderr.strip()}"
    return None


def count_attempts(trials: list, recorded: list) -> tuple:
    """Attempts per trial (a histogram), and what is wrong: a trial without exactly one, an
    attempt that is no trial's."""
    histogram = collections.Counter()
    problems = []
    for trial in trials:
        attempts = sum(1 for a in recorded if a["course_id"] == trial.course and a["assignment_id"] == trial.assignment
                       and carries(a, trial))
        histogram[attempts] += 1
        if attempts != 1:
            problems.append(f"trial {trial.number}: {attempts} attempts at {trial.assignment} of course {trial.course}")
    strays = len(recorded) - sum(count * n for n, count in histogram.items())
    if strays:
        problems.append(f"{strays} attempts carry no trial's files exactly")
    return histogram, problems


def run(options) -> int:
    rng = random.Random(options.seed)
    started = time.monotonic()
    fake = Fake(TOKEN, lifetime=max(600.0, options.trials * 60.0))
    scratch = tempfile.mkdtemp(prefix="handin-soak-")
    tally = collections.Counter()
    trials, failures = [], []
    try:
        fake.control("POST", "config", {"role": "student"})
        for number in range(1, options.trials + 1):
            began = time.monotonic()
            trial = Trial(number, options.binary, fake, rng, scratch)
            trials.append(trial)
            failure = run_trial(trial, fake, rng, tally)
            failures += [failure] if failure else []
            if options.verbose:
                print(f"trial {number}: course {trial.course} assignment {trial.assignment} "
                      f"{time.monotonic() - began:.1f} s", flush=True)
        recorded = fake.control("GET", "submissions")
    finally:
        fake.stop()
    histogram, problems = count_attempts(trials, recorded)
    failures += problems
    for failure in failures:
        print(failure, file=sys.stderr)
    if failures:
        print(f"the trials' queues are kept in {scratch}", file=sys.stderr)
    else:
        shutil.rmtree(scratch, ignore_errors=True)
    spread = " ".join(f"{n}:{histogram[n]}" for n in sorted(histogram))
    print(f"handin-soak: {len(trials)} trials, {len(trials)} submissions, {len(recorded)} attempts; "
          f"attempts per submission {spread}; {tally['kills']} drains killed, "
          f"{tally['kills during the POST']} during the hand-in's POST, "
          f"{tally['kills after the attempt was made']} after the attempt was made; "
          f"{tally['dropped replies']} replies dropped; {time.monotonic() - started:.0f} s, seed {options.seed}; "
          f"{'ok' if not failures else 'FAILED'}")
    return 0 if not failures else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--binary", default=os.environ.get("COURSEBROWSER_BINARY", os.path.join(ROOT, ".build", "release", "coursebrowser")))
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--verbose", action="store_true", help="one line per trial")
    options = parser.parse_args()
    if not os.access(options.binary, os.X_OK):
        parser.error(f"no coursebrowser binary at {options.binary} (build it, or pass --binary)")
    return run(options)


if __name__ == "__main__":
    sys.exit(main())
