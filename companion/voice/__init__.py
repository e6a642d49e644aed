"""The voice layer: hearing players and speaking to them, fully offline.

Everything here sits behind small protocols so the session only deals in text. What
the voice layer needs from the session (what was heard, the global commands,
the confidence levels) is in :mod:`companion.session.ports`; nothing here imports the
session.

* :mod:`~companion.voice.recognizers`: the engine dispatcher; each engine in its own
  module under :mod:`companion.voice.engines` (whisper tiny.en phrase search,
  pocketsphinx, Vosk) turns audio + the step's phrase set into a phrase and a
  calibrated confidence (:mod:`~companion.voice.confidence` for whisper's).
* :mod:`~companion.voice.telling_listener`: timed storytelling turns heard from WAV files or
  the microphone, with spotters.
* :mod:`~companion.voice.grammars`: the same phrase set as a JSGF or Vosk grammar.
* :mod:`~companion.voice.speakers`: text -> audio (Piper, espeak-ng, pyttsx3).
* :mod:`~companion.voice.audio`: WAV files, resampling, the microphone with
  endpointing and half-duplex muting, playback.
* :mod:`~companion.voice.io`: the session's ears and mouth built from those
  (:func:`~companion.voice.io.open_voice_io`, :class:`~companion.voice.io.FileEars`,
  :class:`~companion.voice.io.SpeakingMouth`).

Heavy engines are imported only when built, so ``companion --help`` stays fast.
"""
