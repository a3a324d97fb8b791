"""`python tests/support/file_seconds.py LOG > tests/support/data/file_seconds.txt`: each test file's
seconds (setup + call + teardown, summed) from the output of a whole run with `--durations=0`, longest first.

tests/conftest.py hands the files to the xdist workers longest first by this list, so that no long
file starts last while the other workers, done, wait for it (docs/lab/ci.md); a file not in the list
counts as `UNKNOWN` seconds."""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

UNKNOWN = 5.0
LINE = re.compile(r"\s*([\d.]+)s (?:setup|call|teardown)\s+(\S+?)::")


def summed(lines) -> Counter:
    seconds: Counter = Counter()
    for line in lines:
        m = LINE.match(line)
        if m:
            seconds[m.group(2)] += float(m.group(1))
    return seconds


def read(path: Path) -> dict[str, float]:
    """The committed list: `SECONDS FILE` a line."""
    if not path.is_file():
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            seconds, name = line.split(None, 1)
            out[name.strip()] = float(seconds)
    return out


def main() -> None:
    with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
        seconds = summed(log)
    if not seconds:
        sys.exit("no `--durations=0` lines in that log")
    print("# seconds per test file in one whole run (tests/support/file_seconds.py): the order the workers get them")
    for name, s in seconds.most_common():
        print(f"{s:.1f} {name}")


if __name__ == "__main__":
    main()
