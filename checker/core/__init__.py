"""What every game's engine shares: state I/O, the cited log, seeded dice, rulings."""
