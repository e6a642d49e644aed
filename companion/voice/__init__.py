"""The voice layer: hearing players and speaking to them, fully offline.

Everything here sits behind small protocols so the session only deals in text:

* :mod:`~companion.voice.recognizers`: audio + the step's phrase set -> phrase and a
  calibrated confidence (whisper tiny.en phrase search, pocketsphinx, Vosk).
* :mod:`~companion.voice.grammars`: the same phrase set as a JSGF or Vosk grammar.
* :mod:`~companion.voice.speakers`: text -> audio (Piper, espeak-ng, pyttsx3).
* :mod:`~companion.voice.audio`: WAV files, resampling, the microphone with
  endpointing and half-duplex muting, playback.
* :mod:`~companion.voice.io`: the session's ears and mouth built from those
  (:func:`~companion.voice.io.open_voice_io`, :class:`~companion.voice.io.FileEars`,
  :class:`~companion.voice.io.SpeakingMouth`).

Heavy engines are imported only when built, so ``companion --help`` stays fast.
"""
