"""Poker by the Russian rulebook: hands, the table, and every variant."""
