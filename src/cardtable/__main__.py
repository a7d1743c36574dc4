"""``python -m cardtable`` runs the command line."""

from cardtable.cli.main import run

run()
