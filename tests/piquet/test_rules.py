"""Piquet's rules as data: the seed's rule is every default; each option names its source."""

from __future__ import annotations

from cardtable.engine import describe_rules, get_game
from cardtable.piquet.game import PIQUET
from cardtable.piquet.rules import PiquetRules


def test_the_seed_preset_is_the_defaults() -> None:
    """docs/architecture.md, protocol: the seed's rule is the default of every option."""
    assert PIQUET.rules("seed") == PiquetRules()
    assert get_game("пикет").default_preset == "seed"


def test_every_option_says_what_it_does_and_cites_the_seed_or_parlett() -> None:
    """docs/architecture.md, rules: every option carries its meaning and its clause."""
    for info in describe_rules(PiquetRules()):
        assert info.doc, info.name
        assert "001_776ed664a35a376f.txt" in info.source or "Parlett" in info.source, info.name


def test_the_cavendish_preset_scores_the_english_rubicon_game() -> None:
    """Parlett's rules (Cavendish): last trick 1, no carte rouge, rubicon partie."""
    rules = PIQUET.rules("cavendish")
    assert (rules.scoring, rules.last_trick_extra, rules.carte_rouge) == ("rubicon", 1, 0)
    assert (rules.elder_min_exchange, rules.elder_may_refuse) == (1, False)
    english = {
        info.name
        for info in describe_rules(rules)
        if getattr(rules, info.name) != getattr(PiquetRules(), info.name)
    }
    for name in english:
        source = next(i.source for i in describe_rules(rules) if i.name == name)
        assert "Parlett" in source, name
