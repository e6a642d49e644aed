"""Test and bench support: the virtual table, scripted table games, short games, the speech
corpus and the survey of every game's phrases.

It lives outside :mod:`companion` and outside the wheel; tests, bench and scripts import it
from the repository's root. Nothing in :mod:`companion` imports it.
"""
