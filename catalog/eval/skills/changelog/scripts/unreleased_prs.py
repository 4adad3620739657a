#!/usr/bin/env python3
"""List pull requests merged since a tag that CHANGELOG.md does not mention.

Usage: unreleased_prs.py TAG [CHANGELOG.md]
Reads merge commits ("Merge pull request #N") and squash merges ("title (#N)") from git log.
"""
import re
import subprocess
import sys


def merged_since(tag):
    log = subprocess.run(["git", "log", f"{tag}..HEAD", "--pretty=%s"], check=True, capture_output=True, text=True).stdout
    found = {}
    for subject in log.splitlines():
        m = re.search(r"Merge pull request #(\d+)", subject) or re.search(r"\(#(\d+)\)\s*$", subject)
        if m:
            found[int(m.group(1))] = subject
    return found


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    changelog = open(argv[2] if len(argv) > 2 else "CHANGELOG.md", encoding="utf-8").read()
    mentioned = {int(n) for n in re.findall(r"#(\d+)", changelog)}
    missing = {n: s for n, s in merged_since(argv[1]).items() if n not in mentioned}
    for n, subject in sorted(missing.items()):
        print(f"#{n}\t{subject}")
    print(f"{len(missing)} pull request(s) without an entry", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
