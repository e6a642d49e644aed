"""One module per speech engine: :mod:`.whisper`, :mod:`.vosk`, :mod:`.pocketsphinx`.

:func:`companion.voice.recognizers.make_recognizer` picks one; each is imported only
when it is built, so ``companion --help`` never loads a model.
"""
