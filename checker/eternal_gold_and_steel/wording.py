"""Gold and Steel's own step sentences, rendered from their values (checker.core.wording.family): a
market card's gold (G3), the Eternal Throne's power (G7), a "you may pay" ability (G6)."""
from __future__ import annotations

from checker.core.wording import Words, amount, costs, family

WORDS: Words = family({
    "pay/market": lambda v: (f"{v['who']} pays {amount(v['amount'], 'gold')} to the token pool and plays {v['name']} "
                             f"from their market (gold {v['before']} -> {v['after']}); no warp token is spent"),
    "pay/throne": lambda v: (f"{v['who']} pays {amount(v['amount'], 'power')} to use the Eternal Throne "
                             f"(power {v['before']} -> {v['after']}): {v['ability']}"),
    "pay/ability": lambda v: (f"{v['who']} pays {costs(v['paid'])}, once "
                              f"({', '.join(f'{what} {n}' for what, n in v['left'].items())} left)"),
    "nothing/ability": lambda v: f"{v['who']} does not pay {costs(v['cost'])} (action.pay is false): nothing more",
})
