"""pnpkit's layout engine and the per-game templates that draw each card."""
