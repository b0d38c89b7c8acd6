"""PLACEHOLDER family: only the shared record schemas until this game's issue lands."""
from __future__ import annotations

from ..effects import unknown_icons
from .common import Marker, Record, Reference

ICONS = {"gold", "health"}
BACKS = {"reference", "marker"}
RECORDS = {"marker": Marker, "reference": Reference}


def check_record(record: Record) -> list[tuple[str, str]]:
    texts = [line for s in record.sections for line in s.lines] if isinstance(record, Reference) else [getattr(record, "text", "")]
    return [("text", f"unknown icon ':{n}:': expected one of {', '.join(sorted(ICONS))}")
            for t in texts for n in unknown_icons(t, ICONS)]
