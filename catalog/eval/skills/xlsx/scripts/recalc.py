#!/usr/bin/env python3
"""Recalculate a workbook's formulas with LibreOffice headless and report error cells.

Usage: recalc.py book.xlsx [timeout_seconds]
Prints JSON: {"status": "ok"|"errors", "formulas": N, "errors": {"#REF!": ["Sheet!A1", ...]}}
The workbook is recalculated in place (LibreOffice re-saves it with cached values).
"""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from openpyxl import load_workbook

ERRORS = ("#REF!", "#DIV/0!", "#VALUE!", "#NAME?", "#N/A", "#NUM!", "#NULL!")


def recalc(path, timeout):
    out_dir = tempfile.mkdtemp()
    subprocess.run(
        ["soffice", "--headless", "--calc", "--convert-to", "xlsx", "--outdir", out_dir, str(path)],
        check=True, timeout=timeout, capture_output=True,
    )
    Path(out_dir, Path(path).name).replace(path)


def scan(path):
    formulas = load_workbook(path)
    values = load_workbook(path, data_only=True)
    found, count = {}, 0
    for ws in formulas.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str) and cell.value.startswith("="):
                    count += 1
                    value = values[ws.title][cell.coordinate].value
                    if isinstance(value, str) and value in ERRORS:
                        found.setdefault(value, []).append(f"{ws.title}!{cell.coordinate}")
    return count, found


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    recalc(argv[1], int(argv[2]) if len(argv) > 2 else 60)
    count, found = scan(argv[1])
    print(json.dumps({"status": "errors" if found else "ok", "formulas": count, "errors": found}, indent=2))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
