#!/usr/bin/env python3
"""Summarise axe-core results: one row per rule with its WCAG criteria, impact, count, examples.

Usage: summarise_axe.py axe.json [--markdown]
Accepts the array the axe CLI saves (one result per page) or a single result object.
"""
import json
import re
import sys

IMPACT = {"critical": 0, "serious": 1, "moderate": 2, "minor": 3}


def criteria(tags):
    out = []
    for tag in tags:
        m = re.fullmatch(r"wcag(\d)(\d)(\d+)", tag)
        if m:
            out.append(".".join(m.groups()))
    return out


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    data = json.load(open(argv[1], encoding="utf-8"))
    pages = data if isinstance(data, list) else [data]
    rules = {}
    for page in pages:
        for v in page.get("violations", []):
            row = rules.setdefault(v["id"], {"impact": v.get("impact") or "minor", "criteria": criteria(v.get("tags", [])),
                                             "help": v.get("help", ""), "count": 0, "examples": []})
            row["count"] += len(v.get("nodes", []))
            for node in v.get("nodes", [])[:2]:
                if len(row["examples"]) < 3:
                    row["examples"].append(f"{page.get('url', '?')} {' '.join(node.get('target', []))}")
    ordered = sorted(rules.items(), key=lambda kv: (IMPACT.get(kv[1]["impact"], 9), -kv[1]["count"]))
    if "--markdown" in argv:
        print("| rule | criteria | impact | count | example |\n| --- | --- | --- | --- | --- |")
        for rule, r in ordered:
            print(f"| {rule} | {', '.join(r['criteria'])} | {r['impact']} | {r['count']} | {r['examples'][0] if r['examples'] else ''} |")
    else:
        for rule, r in ordered:
            print(f"{r['impact']:9} {r['count']:4}  {rule}  [{', '.join(r['criteria'])}]  {r['help']}")
            for e in r["examples"]:
                print(f"            {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
