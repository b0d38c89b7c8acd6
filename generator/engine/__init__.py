"""The game-agnostic print engine: fonts, text, icons, imposition, marks, outputs."""
