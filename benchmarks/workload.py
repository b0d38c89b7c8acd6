"""What a built kit asks of a PDF writer, read back from its PDFs (for a like-for-like reference).

For each PDF: every page's size and the forms placed on it (the printed faces),
and for every distinct form the number of curve, line, rectangle and text-show
operators its drawing holds (nested icon forms counted where they are defined).
`reference_reportlab.py --workload` then draws that much with bare ReportLab.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

COUNTED = {b"c": "curves", b"l": "lines", b"re": "rects", b"Tj": "texts", b"TJ": "texts"}


def _count(stream, reader) -> dict[str, int]:
    ops = Counter(COUNTED[op] for _, op in ContentStream(stream, reader).operations if op in COUNTED)
    return {k: ops.get(k, 0) for k in ("curves", "lines", "rects", "texts")}


def workload(pdf: Path) -> dict:
    reader = PdfReader(pdf)
    forms: dict[int, dict] = {}
    index: dict[int, int] = {}

    def visit(xobjects) -> None:
        for ref in xobjects.values():
            key = ref.idnum
            if key in index:
                continue
            obj = ref.get_object()
            index[key] = len(forms)
            forms[index[key]] = _count(obj, reader)
            nested = obj.get("/Resources", {}).get("/XObject")
            if nested:
                visit(nested)

    pages = []
    for page in reader.pages:
        xobjects = page.get("/Resources", {}).get("/XObject", {})
        visit(xobjects)
        names = {name: index[ref.idnum] for name, ref in xobjects.items()}
        placed = [names[str(args[0])] for args, op in ContentStream(page.get_contents(), reader).operations
                  if op == b"Do"]
        pages.append({"w": float(page.mediabox.width), "h": float(page.mediabox.height), "placed": placed})
    return {"pages": pages, "forms": [forms[i] for i in range(len(forms))]}


if __name__ == "__main__":
    print(json.dumps([workload(Path(p)) for p in sys.argv[1:]]))
