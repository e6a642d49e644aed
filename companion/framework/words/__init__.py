"""What the session itself says and hears, in each language a game is played in.

A game played in another language (Scheherazade with ``lang=es``) says so with a
``language`` attribute on its dialogue; the session's own words, its global commands and
the yes or no of a confirmation then follow it. English is the default.

>>> said("es", "missed")
'Perdón, no lo he entendido.'
>>> said("en", "did_you_say", answer="pray")
'Did you say pray?'
>>> said("fr", "missed")
'Sorry, I did not catch that.'
"""

from __future__ import annotations

from typing import Literal

from companion.framework.phrases import expand_template

Language = Literal["en", "es"]

SAYINGS: dict[str, dict[str, str]] = {
    "missed": {"en": "Sorry, I did not catch that.", "es": "Perdón, no lo he entendido."},
    "say_again": {"en": "Then please say it again.", "es": "Entonces dilo otra vez, por favor."},
    "did_you_say": {"en": "Did you say {answer}?", "es": "¿Has dicho {answer}?"},
    "or_type": {"en": " Or type your answer.", "es": " O escribe tu respuesta."},
    "type_from_now": {
        "en": "{error} Please type your answers from now on.",
        "es": "{error} A partir de ahora, escribid las respuestas, por favor.",
    },
    "quit_plainly": {
        "en": "To stop, say save and quit.",
        "es": "Para terminar, di guardar y salir.",
    },
    "slower": {"en": "I will speak more slowly.", "es": "Hablaré más despacio."},
    "faster": {"en": "I will speak faster.", "es": "Hablaré más deprisa."},
    "not_paused": {"en": "We are not paused.", "es": "No estamos en pausa."},
    "stopped": {"en": "Stopped.", "es": "Me detengo."},
    "nothing_to_undo": {"en": "There is nothing to undo.", "es": "No hay nada que deshacer."},
    "undone": {"en": "Undone: {what}. Back one step.", "es": "Deshecho: {what}. Un paso atrás."},
    "the_last_answer": {"en": "the last answer", "es": "la última respuesta"},
    "paused": {
        "en": "Paused. Say resume when you are ready.",
        "es": "En pausa. Di seguir cuando estéis listos.",
    },
    "still_paused": {
        "en": "We are paused. Say resume when you are ready.",
        "es": "Estamos en pausa. Di seguir cuando estéis listos.",
    },
    "resume_hint": {
        "en": "Say resume when you are ready.",
        "es": "Di seguir cuando estéis listos.",
    },
    "resuming": {"en": "Resuming.", "es": "Seguimos."},
    "welcome_back": {"en": "Welcome back to {title}.", "es": "Bienvenidos de nuevo a {title}."},
    "quit_question": {
        "en": "Save the game and stop playing? Say yes or no.",
        "es": "¿Guardo la partida y dejamos de jugar? Di sí o no.",
    },
    "play_on": {"en": "Then we play on.", "es": "Entonces seguimos jugando."},
    "goodbye": {
        "en": "The game is saved. Resume it whenever you like. Goodbye.",
        "es": "La partida está guardada. Podéis seguirla cuando queráis. Adiós.",
    },
    "enrol_offer": {
        "en": "Shall I learn your voices first? Each of you says the numbers one to six. "
        "Say yes or no.",
        "es": "¿Aprendo primero vuestras voces? Cada uno dice los números del uno al seis. "
        "Di sí o no.",
    },
    "enrolled": {
        "en": "Thank you. I will go on learning your voices as we play.",
        "es": "Gracias. Seguiré aprendiendo vuestras voces mientras jugamos.",
    },
    "view_now": {"en": "Now: {prompt}", "es": "Ahora: {prompt}"},
    "view_last_answer": {"en": "Last answer: {answer}", "es": "Última respuesta: {answer}"},
    "view_typed": {"en": "typed", "es": "escrito"},
    "view_tapped_table": {
        "en": "tapped on the table page",
        "es": "pulsado en la página de la mesa",
    },
    "view_tapped_page": {
        "en": "tapped on {player}'s page",
        "es": "pulsado en la página de {player}",
    },
    "view_heard": {"en": "heard, confidence {confidence}", "es": "oído, confianza {confidence}"},
    "view_not_understood": {"en": "not understood", "es": "no entendido"},
    "and_more": {
        "en": "{listed} and {more} more; say all to hear them",
        "es": "{listed} y {more} más; di todo para oír la lista entera",
    },
    "or_more": {
        "en": "{listed}, or one of {more} more; say all to hear them",
        "es": "{listed} o {more} más; di todo para oír la lista entera",
    },
    "you_can_say": {"en": "You can say: {options}.", "es": "Puedes decir: {options}."},
    "type_your_answer": {"en": "Type your answer.", "es": "Escribe tu respuesta."},
    "tap_your_answer": {
        "en": "Say your answer, or tap it on your own page.",
        "es": "Di tu respuesta, o púlsala en tu propia página.",
    },
    "global_hint": {
        "en": "At any time you can say: repeat, undo, status, whose turn, help, all, pause, "
        "or save and quit.",
        "es": "En cualquier momento podéis decir: repite, deshacer, estado, a quién le toca, "
        "ayuda, todo, pausa, o guardar y salir.",
    },
}
"""Each thing the session says, by language."""

GLOBAL_TEMPLATES: dict[str, dict[str, list[str]]] = {
    "en": {
        "repeat": ["repeat [that]", "say [that] again", "pardon", "what did you say"],
        "slower": ["[speak] slower", "slow down"],
        "faster": ["[speak] faster", "speed up"],
        "stop reading": ["stop [reading]", "skip [reading]", "enough", "skip [it]"],
        "undo": ["undo", "go back", "take [that] back"],
        "status": ["status", "my status", "(read|show) my sheet"],
        "whose turn": ["whose turn [is it]", "who's turn [is it]"],
        "help": ["help", "what can i say", "options"],
        "all": ["all", "say all", "[say|read|list] them all", "all of them", "the whole list"],
        "pause": ["pause", "wait a moment"],
        "resume": ["resume", "continue", "go on"],
        "save and quit": ["save and quit", "quit", "exit [the game]"],
    },
    "es": {
        "repeat": ["repite", "repítelo", "otra vez", "qué has dicho"],
        "slower": ["más despacio", "habla más despacio"],
        "faster": ["más deprisa", "más rápido", "habla más rápido"],
        "stop reading": ["para [de leer]", "basta", "sáltalo", "salta"],
        "undo": ["deshacer", "deshaz", "vuelve atrás"],
        "status": ["estado", "mi estado", "cómo vamos"],
        "whose turn": ["a quién le toca", "de quién es el turno"],
        "help": ["ayuda", "qué puedo decir", "opciones"],
        "all": ["todo", "dilo todo", "todas", "todos", "la lista entera"],
        "pause": ["pausa", "espera un momento"],
        "resume": ["seguir", "sigue", "continúa", "continuar"],
        "save and quit": ["guardar y salir", "salir", "terminar [la partida]"],
    },
}
"""The global commands' wordings, by language."""


def is_command(words: str, language: str = "en") -> bool:
    """Whether ``words`` (lower case) are exactly one of the global commands' phrases.

    >>> is_command("help"), is_command("bargain"), is_command("ayuda", "es")
    (True, False, True)
    """
    return any(
        words in expand_template(template)
        for templates in GLOBAL_TEMPLATES[known(language)].values()
        for template in templates
    )


STATUS_OF: dict[str, list[str]] = {
    "en": ["status of {name}", "{name} status", "read {name}s sheet"],
    "es": ["estado de {name}", "cómo va {name}"],
}

YES_NO_TEMPLATES: dict[str, dict[str, list[str]]] = {
    "en": {
        "yes": ["yes", "yeah", "yep", "correct", "right", "that is right", "sure", "ok"],
        "no": ["no", "nope", "wrong", "that is wrong", "no thanks"],
    },
    "es": {
        "yes": ["sí", "si", "claro", "correcto", "eso es", "vale", "de acuerdo"],
        "no": ["no", "para nada", "eso no", "incorrecto", "no gracias"],
    },
}


def said(language: str, key: str, **values: object) -> str:
    """What the session says for ``key`` in ``language`` (English when it has no words)."""
    wordings = SAYINGS[key]
    return wordings.get(language, wordings["en"]).format(**values)


def known(language: str) -> str:
    """``language`` when the session speaks it, else English."""
    return language if language in GLOBAL_TEMPLATES else "en"
