"""pnpkit's rules engines: one subpackage per game over a small shared core."""
