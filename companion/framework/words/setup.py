"""What the game kit says while seating the players, in each language a game is played in.

A game words a sentence its own way with :attr:`~companion.framework.kit.GameKit.words`
(Scheherazade's storytellers); an empty wording says nothing.

>>> kit_said("es", "ask_count", players="jugadores", low=spelled("es", 1), high=spelled("es", 4))
'¿Cuántos jugadores sois? Di un número del uno al cuatro.'
>>> kit_said("en", "name_taken", taken="Ali")
'Ali is already playing. Please choose another name.'
>>> count_templates("es", "narradores")
('{n}', '{n} narradores', '{n} jugadores', 'somos {n}')
"""

from __future__ import annotations

from companion.framework.phrases import number_to_words

KIT_SAYINGS: dict[str, dict[str, str]] = {
    "ask_count": {
        "en": "How many {players}? Say a number from {low} to {high}.",
        "es": "¿Cuántos {players} sois? Di un número del {low} al {high}.",
    },
    "count_hint": {
        "en": "This game is for {low} to {high} {players}.",
        "es": "Este juego es para {low} a {high} {players}.",
    },
    "one_player": {"en": "One player. Welcome.", "es": "Un jugador. Te damos la bienvenida."},
    "players_welcome": {
        "en": "{count} {players}. Welcome, all of you.",
        "es": "{count} {players}. Os damos la bienvenida a todos.",
    },
    "ask_name": {
        "en": "Player {position}, what is your name?",
        "es": "Jugador número {position}, ¿cómo te llamas?",
    },
    "name_hint": {"en": "Type or say your name.", "es": "Escribe o di tu nombre."},
    "welcome": {"en": "Welcome, {name}.", "es": "Te damos la bienvenida, {name}."},
    "name_needs_letter": {
        "en": "A name needs at least one letter.",
        "es": "Un nombre necesita al menos una letra.",
    },
    "name_taken": {
        "en": "{taken} is already playing. Please choose another name.",
        "es": "{taken} ya está jugando. Elige otro nombre, por favor.",
    },
    "over": {"en": "The game is over.", "es": "La partida ha terminado."},
}
"""Each sentence of the kit's setup, by language."""

COUNT_TEMPLATES: dict[str, tuple[str, ...]] = {
    "en": ("{n}", "{n} {players}", "{n} players", "we are {n}"),
    "es": ("{n}", "{n} {players}", "{n} jugadores", "somos {n}"),
}
"""How players say how many they are; ``{n}`` is the number, ``{players}`` what the game
calls its players."""

SPANISH_NUMBERS = (
    "(cero|ninguna|ninguno)", "(uno|una)", "dos", "tres", "cuatro", "cinco", "seis", "siete",
    "ocho", "nueve", "diez", "once", "doce",
)  # fmt: skip
"""How a number from 0 to 12 is said in Spanish (each a template; the first form is the
one spoken)."""


def kit_said(language: str, key: str, **values: object) -> str:
    """The kit's sentence ``key`` in ``language`` (English when it has no words)."""
    wordings = KIT_SAYINGS[key]
    return wordings.get(language, wordings["en"]).format(**values)


def spelled(language: str, number: int) -> str:
    """``number`` in words, as the kit says it in ``language``.

    >>> spelled("es", 3), spelled("en", 3), spelled("es", 40)
    ('tres', 'three', 'forty')
    """
    if language == "es" and number < len(SPANISH_NUMBERS):
        return SPANISH_NUMBERS[number].strip("()").split("|")[0]
    return number_to_words(number)


def count_templates(language: str, players: str) -> tuple[str, ...]:
    """How a count of ``players`` (the game's word for them) is said in ``language``."""
    templates = COUNT_TEMPLATES.get(language, COUNT_TEMPLATES["en"])
    return tuple(dict.fromkeys(template.replace("{players}", players) for template in templates))


def heard_numbers(language: str, number: int) -> str:
    """How ``number`` may be said in ``language``, as a template: a Spanish number is also
    heard spelled in English (typed digits are read as English words).

    >>> heard_numbers("es", 1), heard_numbers("en", 2)
    ('((uno|una)|one)', 'two')
    """
    english = number_to_words(number)
    if language != "es" or number >= len(SPANISH_NUMBERS):
        return english
    return f"({SPANISH_NUMBERS[number]}|{english})"
