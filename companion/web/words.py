"""The table page's own words (headings, buttons, states), in each language a game is
played in; the game's own words come from the game.

>>> page_words("es")["now"]
'Ahora'
>>> page_words("fr")["now"]
'Now'
"""

from __future__ import annotations

PAGE_WORDS: dict[str, dict[str, str]] = {
    "now": {"en": "Now", "es": "Ahora"},
    "map": {"en": "Map", "es": "Mapa"},
    "whole_map": {"en": "Whole map", "es": "Mapa entero"},
    "reading": {"en": "Read aloud", "es": "Leído en voz alta"},
    "sheets": {"en": "Sheets", "es": "Hojas"},
    "history": {"en": "Recent answers", "es": "Respuestas recientes"},
    "only_for": {"en": "Only for", "es": "Solo para"},
    "nothing_secret": {"en": "Nothing secret yet.", "es": "Nada secreto todavía."},
    "live": {"en": "Live", "es": "En directo"},
    "connecting": {"en": "Connecting…", "es": "Conectando…"},
    "reconnecting": {"en": "Reconnecting…", "es": "Reconectando…"},
    "over": {"en": "The game is over.", "es": "La partida ha terminado."},
    "heard": {"en": "Heard", "es": "Oído"},
    "typed": {"en": "typed or tapped", "es": "escrito o tocado"},
    "sure": {"en": "sure", "es": "seguro al"},
    "not_understood": {"en": "not understood", "es": "no entendido"},
    "stop": {"en": "Stop reading", "es": "Dejar de leer"},
    "skip": {"en": "Skip", "es": "Saltar"},
    "tale_told": {"en": "The tale is told", "es": "Fin del cuento"},
    "sent": {"en": "Answer sent.", "es": "Respuesta enviada."},
    "moved_on": {
        "en": "That question was already answered.",
        "es": "Esa pregunta ya tenía respuesta.",
    },
}


def page_words(language: str) -> dict[str, str]:
    """Every word of the page in ``language`` (English where it has none)."""
    return {key: words.get(language, words["en"]) for key, words in PAGE_WORDS.items()}
