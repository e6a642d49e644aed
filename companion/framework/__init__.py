"""What a game codes against: answers, errors, phrases, the dialogue types, the game kit,
the typed telling contract, pack locations and the words every game and the session speak.

It imports nothing else of :mod:`companion` (``tests/framework/test_import_graph.py``).
"""
