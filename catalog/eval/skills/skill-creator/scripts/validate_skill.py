#!/usr/bin/env python3
"""Check a skill folder: front matter, name, description, body size and referenced files.

Usage: validate_skill.py path/to/skill
"""
import re
import sys
from pathlib import Path

import yaml

NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    folder = Path(argv[1])
    text = (folder / "SKILL.md").read_text(encoding="utf-8")
    m = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.S)
    if not m:
        print("SKILL.md: front matter missing (--- lines)")
        return 2
    meta, body = yaml.safe_load(m.group(1)) or {}, m.group(2)
    problems = []
    if not NAME.match(str(meta.get("name", ""))):
        problems.append("name: lowercase letters, digits and hyphens, up to 64")
    description = str(meta.get("description", ""))
    if not 50 <= len(description) <= 1024:
        problems.append(f"description: {len(description)} characters; aim for 50-1024")
    if not re.search(r"\b(Use (when|for|to|if)|When)\b", description):
        problems.append("description: no 'Use when ...' clause; say when to load the skill")
    if len(body.splitlines()) > 500:
        problems.append(f"body: {len(body.splitlines())} lines; move detail to references/")
    for ref in set(re.findall(r"`((?:scripts|references|assets)/[^`\s]+)`", body)):
        if not (folder / ref).exists():
            problems.append(f"body: mentions {ref}, which does not exist")
    for p in problems:
        print(p)
    print("ok" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
