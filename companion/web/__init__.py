"""The table display: a live page for phones and tablets at the table, served offline.

``companion play --display`` starts a small web server beside the session. Every page
follows the game as it happens (whose turn, the question and its answers, what was heard,
the text being read, every sheet) through server-sent events, and a tap on an answer goes
through the same session as speech. Each player also has a private view (a token of their
own) for what only they may see: the Reader's secret goal, a Scheherazade hand.

Pieces, one way: :mod:`companion.web.view` turns a dialogue into JSON-ready snapshots
(pure; the page's own words in :mod:`companion.web.words`); :mod:`companion.web.server`
serves them and takes taps, guarded against strangers by :mod:`companion.web.guard`;
:mod:`companion.web.taps` lets those taps answer the session's questions, one answer per
question, beside the voice or the keyboard; :mod:`companion.web.reading` lets the page
cut a reading short and :mod:`companion.web.tellings` end a telling.
"""
