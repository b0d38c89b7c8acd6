"""Embedded open fonts shipped with pnpkit (data only; see the *-LICENSE.txt files)."""
from pathlib import Path

DIR = Path(__file__).resolve().parent
