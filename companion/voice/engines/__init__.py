"""One module per speech engine: :mod:`.whisper`, :mod:`.vosk`, :mod:`.pocketsphinx`.

:func:`companion.voice.recognizers.make_recognizer` picks one; each is imported only
when it is built, so ``companion --help`` never loads a model. :class:`Engine` names
them, for the command line and the dispatcher alike.
"""

from enum import StrEnum


class Engine(StrEnum):
    """The speech recognisers ``companion play --engine`` and ``companion hear`` offer."""

    AUTO = "auto"
    """The best one installed with its model (see
    :func:`companion.voice.recognizers.make_recognizer`)."""
    VOSK = "vosk"
    WHISPER = "whisper"
    POCKETSPHINX = "pocketsphinx"
