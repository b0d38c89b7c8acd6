"""El Dorado Canyon's own step sentences, rendered from their values (checker.core.wording.family):
a card bought from town (H8), Go to Town's new row (EDC-14)."""
from __future__ import annotations

from checker.core.wording import Words, amount, family, verb

WORDS: Words = family({
    "buy": lambda v: (f"{v['who']} buys {v['name']} for {amount(v['amount'], 'gold')} (unbanked {v['unbanked']}, "
                      f"banked {v['banked']}) into the hand; the row: {', '.join(v['row']) or 'empty'}"),
    "pay/refresh": lambda v: (f"{v['who']} pays {amount(v['amount'], 'gold')} (unbanked {v['unbanked']}, banked "
                              f"{v['banked']}); {', '.join(v['returned']) or 'nothing'} "
                              f"{verb(len(v['returned']), 'goes', 'go')} under the town deck; the new row: "
                              f"{', '.join(v['row']) or 'empty'}"),
})
