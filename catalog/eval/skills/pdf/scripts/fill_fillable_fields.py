#!/usr/bin/env python3
"""Fill a PDF's form fields from a JSON map of field name -> value.

Usage: fill_fillable_fields.py form.pdf values.json out.pdf [--flatten]
Unknown field names stop the run with the list of names the form does have, so a typo never
silently leaves a field empty. Check boxes take the state name (often "/Yes" or "/On").
"""
import json
import sys

from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, BooleanObject


def main(argv):
    if len(argv) < 4:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    src, values_file, out = argv[1], argv[2], argv[3]
    values = json.load(open(values_file, encoding="utf-8"))
    reader = PdfReader(src)
    known = set((reader.get_fields() or {}).keys())
    unknown = sorted(set(values) - known)
    if unknown:
        print(f"unknown fields: {', '.join(unknown)}", file=sys.stderr)
        print(f"the form has: {', '.join(sorted(known))}", file=sys.stderr)
        return 2
    writer = PdfWriter(clone_from=reader)
    for page in writer.pages:
        writer.update_page_form_field_values(page, values, auto_regenerate=False)
    writer._root_object["/AcroForm"][NameObject("/NeedAppearances")] = BooleanObject(True)
    if "--flatten" in argv:
        writer.flatten = True
        for page in writer.pages:
            writer.update_page_form_field_values(page, values, flatten=True)
    with open(out, "wb") as f:
        writer.write(f)
    print(f"filled {len(values)} fields -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
