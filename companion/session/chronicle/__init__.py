"""The night's chronicle: a journal of what happened, and the pages made from it.

:mod:`.journal` appends each answer's story (and each undo) to a JSON Lines file beside
the save, so nothing is lost to a crash; :mod:`.pages` turns the journal into the
chronicle a table keeps, in Markdown and as a printable HTML page. The session observer
that writes them is :mod:`companion.session.observers.chronicle`.
"""
