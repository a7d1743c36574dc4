"""Preferans as the 1992 encyclopedia plays it, with the Russian Preferans Code's conventions."""
