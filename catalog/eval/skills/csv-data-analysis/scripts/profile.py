#!/usr/bin/env python3
"""Print a one-page profile of a CSV, TSV or Parquet file.

Usage: profile.py data.csv [--top 5]
Per column: inferred type, null share, distinct count, min/max for numbers and dates, top values.
"""
import sys

import duckdb


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    top = int(argv[argv.index("--top") + 1]) if "--top" in argv else 5
    con = duckdb.connect()
    con.execute(f"CREATE VIEW t AS SELECT * FROM '{argv[1]}'")
    total = con.execute("SELECT count(*) FROM t").fetchone()[0]
    print(f"{argv[1]}: {total} rows")
    for name, kind, *_ in con.execute("DESCRIBE t").fetchall():
        col = f'"{name}"'
        nulls, distinct = con.execute(f"SELECT count(*) - count({col}), count(DISTINCT {col}) FROM t").fetchone()
        line = f"- {name} ({kind}): nulls {nulls / max(total, 1):.1%}, distinct {distinct}"
        if any(k in kind for k in ("INT", "DOUBLE", "DECIMAL", "DATE", "TIMESTAMP")):
            low, high = con.execute(f"SELECT min({col}), max({col}) FROM t").fetchone()
            line += f", range {low} .. {high}"
        values = con.execute(
            f"SELECT {col}, count(*) c FROM t GROUP BY 1 ORDER BY c DESC LIMIT {top}").fetchall()
        line += "; top: " + ", ".join(f"{v!r}×{c}" for v, c in values)
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
