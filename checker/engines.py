"""Which rules engine plays which rules family (game.toml's `rules`)."""

ENGINES = {
    "el-dorado-canyon": "checker.el_dorado_canyon",
    "eternal-gold-and-steel": "checker.eternal_gold_and_steel",
    "eldorado": "checker.eldorado",
}
