# ruff: noqa: E501 - a table of sentences reads best one sentence to a line
"""Everything Scheherazade mode says, in English and Spanish (our own words).

>>> line("es", "hope_now", hope=7)
'La Esperanza queda en 7.'
>>> spoken_list("es", ["a", "b", "c"])
'a, b y c'
"""

from __future__ import annotations

from typing import Literal

from companion.games.scheherazade.content.deck import Language
from companion.games.scheherazade.rules import Action, EventCard

LINES: dict[str, tuple[str, str]] = {
    "title": ("Scheherazade and the Wonderful Lamp", "Schehrazada y la Lámpara Maravillosa"),
    "opening": (
        "I am Shahryar, your Sultan. Each turn one of you is Scheherazade and tells the next "
        "part of the tale with a card from your hand, or discards one and loses 1 Hope. Four "
        "cards in a row of one colour, one of each type, complete a tale. Tell four tales of "
        "four colours and I pardon her; if Hope runs out, she dies at dawn. End each telling "
        "with: the end.",
        "Soy Schahriar, vuestro sultán. En cada turno uno de vosotros es Schehrazada y "
        "cuenta la siguiente parte del cuento con una carta de su mano, o descarta una y "
        "pierde 1 de Esperanza. Cuatro cartas seguidas de un color, una de cada tipo, "
        "completan un cuento. Contad cuatro cuentos de cuatro colores y la indultaré; si la "
        "Esperanza se acaba, morirá al amanecer. Terminad cada relato con: fin.",
    ),
    "house_rules": (
        "House rules of this companion, not of the rulebook: {rules}. Settings turn them off.",
        "Reglas de la casa de este acompañante, no del reglamento: {rules}. Los ajustes las "
        "desactivan.",
    ),
    "rule_timer": ("{seconds} seconds a telling", "{seconds} segundos por relato"),
    "rule_nudges": (
        "I stir after {seconds} seconds of silence",
        "me revuelvo tras {seconds} segundos de silencio",
    ),
    "rule_silences": (
        "two long silences cost 1 Hope",
        "dos silencios largos cuestan 1 de Esperanza",
    ),
    "rule_mention": (
        "a card never named costs 1 Hope",
        "una carta nunca nombrada cuesta 1 de Esperanza",
    ),
    "no_house_rules": (
        "Tonight I play by the rulebook only: no timer and no penalties of mine.",
        "Esta noche juego solo con el reglamento: sin reloj y sin castigos míos.",
    ),
    "setup_summary": (
        "{storytellers}: Scheherazade starts with {hope} Hope, {on_card} of them on her own "
        "card. Each hand holds {hand}. Among the story cards hide {events}.",
        "{storytellers}: Schehrazada empieza con {hope} de Esperanza, {on_card} sobre su "
        "propia carta. Cada mano tiene {hand}. Entre las cartas de narración se esconden "
        "{events}.",
    ),
    "not_that_number": ("Not {number}. {hint}", "{number} no. {hint}"),
    "count_hint": (
        "Say a number from one to four: the rulebook's table has rows for one to four "
        "storytellers.",
        "Di un número de uno a cuatro: la tabla del reglamento tiene filas de uno a cuatro "
        "narradores.",
    ),
    "how_many_hint": (
        "Say a number from {low} to {high}.",
        "Di un número de {low} a {high}.",
    ),
    "ask_count": (
        "How many storytellers are here tonight, from one to four?",
        "¿Cuántos narradores hay esta noche, de uno a cuatro?",
    ),
    "ask_name": (
        "What is the name of storyteller {position}?",
        "¿Cómo se llama el narrador número {position}?",
    ),
    "name_hint": ("Type or say a name.", "Escribe o di un nombre."),
    "names_differ": (
        "Please give each storyteller a different name.",
        "Dad a cada narrador un nombre distinto.",
    ),
    "ask_oldest": (
        "The oldest storyteller begins. Who is the oldest: {names}?",
        "Empieza el narrador de más edad. ¿Quién es el mayor: {names}?",
    ),
    "oldest_hint": ("Say the name of the oldest storyteller.", "Di el nombre del mayor."),
    "first_player": (
        "{name} begins, and play goes clockwise.",
        "Empieza {name}, y se sigue en el sentido de las agujas del reloj.",
    ),
    "deal_prompt": (
        "Shuffle the 64 story cards with {events}. Deal until each storyteller holds "
        "{hand} story cards; any other card dealt is discarded without effect. Tell me "
        "each card you discard, then say done.",
        "Baraja las 64 cartas de narración con {events}. Reparte hasta que cada narrador "
        "tenga {hand} cartas de narración; cualquier otra carta repartida se descarta sin "
        "efecto. Dime cada carta que descartes y después di hecho.",
    ),
    "deal_next": (
        "Name the next card you set aside, or say done.",
        "Nombra la siguiente carta que apartes, o di hecho.",
    ),
    "deal_hint": (
        "Say the name of each card you set aside, for example: queen. Then: done.",
        "Di el nombre de cada carta apartada, por ejemplo: reina. Después: hecho.",
    ),
    "set_aside": ("Set aside: {card}, without effect.", "Apartada: {card}, sin efecto."),
    "dealt_aside": (
        "Dealt and discarded without effect: {cards}.",
        "Repartidas y descartadas sin efecto: {cards}.",
    ),
    "deck_now": ("The deck holds {count}.", "El mazo tiene {count}."),
    "ask_hope": (
        "{name}, place a Hope token on an action card: {actions}. {left} left to place.",
        "{name}, pon una ficha de Esperanza en una carta de acción: {actions}. Fichas por poner: {left}.",
    ),
    "ask_hope_brief": (
        "{name}, your next Hope token? {left} left.",
        "{name}, ¿tu siguiente ficha de Esperanza? Por poner: {left}.",
    ),
    "hope_hint": (
        "Say an action card: {actions}.",
        "Di una carta de acción: {actions}.",
    ),
    "hope_placed": (
        "Hope is placed: {tokens}. Let the night begin.",
        "La Esperanza está repartida: {tokens}. Que empiece la noche.",
    ),
    "your_turn": (
        "{name}, you are Scheherazade.",
        "{name}, eres Schehrazada.",
    ),
    "your_hand": ("Your hand: {cards}.", "Tu mano: {cards}."),
    "play_prompt": (
        "{name}, you are Scheherazade. Play a card from your hand, discard one, or use an "
        "action card.",
        "{name}, eres Schehrazada. Juega una carta de tu mano, descarta una o usa una carta "
        "de acción.",
    ),
    "play_printed_prompt": (
        "{name}, you are Scheherazade. Play a story card and say its colour and type, for "
        "example: blue place. Or say discard, or use an action card.",
        "{name}, eres Schehrazada. Juega una carta de narración y di su tipo y color, por "
        "ejemplo: lugar azul. O di descartar, o usa una carta de acción.",
    ),
    "play_brief": (
        "{name}, you are Scheherazade: play a card, discard one, or use an action.",
        "{name}, eres Schehrazada: juega una carta, descarta una o usa una acción.",
    ),
    "play_hint": (
        "Say: play and a card's name, discard and a card's name, or use and an action.",
        "Di: juego y el nombre de una carta, descarto y el nombre, o uso y una acción.",
    ),
    "play_printed_hint": (
        "Say a colour and a type, for example: red artifact; or discard; or use search.",
        "Di un tipo y un color, por ejemplo: artefacto rojo; o descartar; o uso buscar.",
    ),
    "cannot_play": ("You cannot play {card}: {why}.", "No puedes jugar {card}: {why}."),
    "why_same_kind": (
        "a {kind} cannot follow a {kind}: the type must change from one card to the next",
        "un {kind} no puede seguir a otro {kind}: el tipo debe cambiar de una carta a la siguiente",
    ),
    "why_same_colour": (
        "the {colour} tale has just been completed: the next card must be of another colour",
        "el cuento {colour} se acaba de completar: la siguiente carta debe ser de otro color",
    ),
    "not_held": ("That card is not in your hand.", "Esa carta no está en tu mano."),
    "discarded": (
        "You discard {card}. Scheherazade loses 1 Hope; Hope is {hope}.",
        "Descartas {card}. Schehrazada pierde 1 de Esperanza; la Esperanza queda en {hope}.",
    ),
    "discard_printed": (
        "You discard a card; if it is an artifact, apply its effect now. Scheherazade loses 1 "
        "Hope; Hope is {hope}.",
        "Descartas una carta; si es un artefacto, aplica ahora su efecto. Schehrazada pierde 1 "
        "de Esperanza; la Esperanza queda en {hope}.",
    ),
    "event_ends_tale": (
        "The tale ends with an event: apply the effect printed on it now.",
        "El cuento termina con un suceso: aplica ahora el efecto impreso en la carta.",
    ),
    "ally_more": (
        "Your ally lets you discard more cards of your hand: name one, or say done.",
        "Tu aliado te deja descartar más cartas de tu mano: nombra una, o di hecho.",
    ),
    "ally_more_printed": (
        "An ally of that type is on the table: how many more cards do you discard? Say a "
        "number, or none.",
        "Hay un aliado de ese tipo en la mesa: ¿cuántas cartas más descartas? Di un número, "
        "o ninguna.",
    ),
    "also_discarded": ("{card} is discarded too.", "También se descarta {card}."),
    "hope_now": ("Hope is {hope}.", "La Esperanza queda en {hope}."),
    "no_hope_there": ("The {action} card holds no Hope.", "La carta {action} no tiene Esperanza."),
    "not_an_action": (
        "The Scheherazade card holds Hope but is not an action.",
        "La carta de Schehrazada guarda Esperanza pero no es una acción.",
    ),
    "action_used": (
        "You use {action} with a strength of {x}; Hope is {hope}.",
        "Usas {action} con fuerza {x}; la Esperanza queda en {hope}.",
    ),
    "action_free": (
        "A protagonist! You use {action} for free, with a strength of {x}.",
        "¡Un protagonista! Usas {action} gratis, con fuerza {x}.",
    ),
    "ask_free": (
        "{card} is a protagonist: you may take one action for free. Which one? Or say none.",
        "{card} es un protagonista: puedes hacer una acción gratis. ¿Cuál? O di ninguna.",
    ),
    "free_hint": (
        "Say an action, for example: search; or none.",
        "Di una acción, por ejemplo: buscar; o ninguna.",
    ),
    "queens_back": (
        "A special place: {count} from the discard pile go back into the deck, which is shuffled.",
        "Un lugar especial: {count} de la pila de descartes vuelven al mazo, que se baraja.",
    ),
    "printed_queens": (
        "A special place: shuffle the queens of the discard pile back into the deck. How "
        "many went back? Say a number, or none.",
        "Un lugar especial: devuelve al mazo las reinas de la pila de descartes y baraja. "
        "¿Cuántas volvieron? Di un número, o ninguna.",
    ),
    "ask_keep": (
        "{name}, you drew {cards}. Which one do you keep? The others go to the bottom of the deck.",
        "{name}, has robado {cards}. ¿Con cuál te quedas? Las demás van al fondo del mazo.",
    ),
    "keep_hint": (
        "Say the name of the card you keep.",
        "Di el nombre de la carta con la que te quedas.",
    ),
    "ask_keep_private": (
        "{name}, you drew {count} cards: see them on your screen and say the one you keep. The others go to the bottom of the deck.",
        "{name}, has robado {count} cartas: míralas en tu pantalla y di con cuál te quedas. Las demás van al fondo del mazo.",
    ),
    "drawn_private": ("You drew: {cards}. Keep one.", "Has robado: {cards}. Quédate con una."),
    "hand_on_screen": (
        "{name}, your hand is on your own screen.",
        "{name}, tu mano está en tu propia pantalla.",
    ),
    "kept": ("You keep {card}.", "Te quedas con {card}."),
    "kept_passed": ("{name} keeps one card.", "{name} se queda con una carta."),
    "hand_passed": (
        "{name}, take the companion, or put on its headphones, and say my hand to hear your "
        "cards alone.",
        "{name}, toma el acompañante, o ponte sus auriculares, y di mi mano para oír tus "
        "cartas a solas.",
    ),
    "ask_keep_passed": (
        "{name}, you drew {cards}. Which one do you keep? Say its place, the first or the "
        "second, so the table does not hear it.",
        "{name}, has robado {cards}. ¿Con cuál te quedas? Di su lugar, la primera o la "
        "segunda, para que la mesa no la oiga.",
    ),
    "drew_one": ("{name} draws {card}.", "{name} roba {card}."),
    "drew_private": ("{name} draws a card.", "{name} roba una carta."),
    "excess_discarded": ("{card} goes to the discard pile.", "{card} va a la pila de descartes."),
    "ask_excess": (
        "{name}, your hand is over its limit of {limit}: which card do you discard? No Hope is lost.",
        "{name}, tu mano pasa del límite de {limit}: ¿qué carta descartas? No se pierde Esperanza.",
    ),
    "reveal_done": (
        "The top {x} cards: {cards}. Story cards stay on top; the others go to the bottom. {hints}",
        "Las {x} primeras cartas: {cards}. Las de narración se quedan arriba; las demás van al fondo. {hints}",
    ),
    "reveal_printed": (
        "Reveal the top {x} cards, put any of them at the bottom and the rest back on top in "
        "any order. {hints}",
        "Revela las {x} primeras cartas, pon las que quieras al fondo y el resto arriba en "
        "cualquier orden. {hints}",
    ),
    "hints_given": (
        "{count} may each give one hint.",
        "{count} pueden dar una pista cada uno.",
    ),
    "ask_search": (
        "Search {left}: which colour and type do you seek? For example: red place; or any card.",
        "Búsqueda (por buscar: {left}): ¿qué tipo y color buscas? Por ejemplo: lugar rojo; o cualquiera.",
    ),
    "ask_recover": (
        "Recover {left}: which colour and type do you take from the discard pile? Or any card.",
        "Recuperar (por tomar: {left}): ¿qué tipo y color tomas de la pila de descartes? O cualquiera.",
    ),
    "wish_hint": ("Say a type and a colour, or any.", "Di un tipo y un color, o cualquiera."),
    "found": ("You take {card}.", "Tomas {card}."),
    "not_found": ("There is no such card there.", "No hay ninguna carta así."),
    "deck_shuffled": ("The deck is shuffled.", "Se baraja el mazo."),
    "search_printed": (
        "Take {x} story cards of your choice from the deck, then shuffle it.",
        "Toma del mazo {x} cartas de narración a tu elección y después barájalo.",
    ),
    "recover_printed": (
        "Take {x} story cards of your choice from the discard pile.",
        "Toma de la pila de descartes {x} cartas de narración a tu elección.",
    ),
    "overcome_found": (
        "Overcome: {count} revealed; {card} is discarded, the others go to the bottom of the deck.",
        "Superar: {count} reveladas; se descarta {card} y las demás van al fondo del mazo.",
    ),
    "overcome_none": (
        "Overcome: {count} revealed and no obstacle among them; they go to the bottom of the deck.",
        "Superar: {count} reveladas y ningún obstáculo; van al fondo del mazo.",
    ),
    "overcome_printed": (
        "Reveal the top {count}; discard one obstacle among them and put the rest at the "
        "bottom. Which obstacle did you discard? Or none.",
        "Revela las {count} primeras; descarta un obstáculo de entre ellas y pon el resto al "
        "fondo. ¿Qué obstáculo descartaste? O ninguno.",
    ),
    "draw_action_printed": (
        "Set your hand aside and draw story cards one by one, {x} in all; keep one and put "
        "the rest at the bottom. Tell me each obstacle, favour or ally you draw, then say done.",
        "Aparta tu mano y roba de una en una {x} cartas de narración; quédate con una y pon "
        "el resto al fondo. Dime cada traba, favor o aliado que robes y después di hecho.",
    ),
    "ask_exchange": (
        "Exchange {left}: move a Hope token from one action card to another, for example: "
        "from search to draw; or say stop.",
        "Intercambiar (por mover: {left}): mueve una ficha de Esperanza de una carta de acción a "
        "otra, por ejemplo: de buscar a robar; o di basta.",
    ),
    "exchange_cards": (
        "Or give a story card to another storyteller: give, the card, to, the name.",
        "O da una carta de narración a otro narrador: doy, la carta, a, el nombre.",
    ),
    "gave": (
        "{name} gives a story card to {other}.",
        "{name} da una carta de narración a {other}.",
    ),
    "exchange_hint": ("Say: from search to draw; or stop.", "Di: de buscar a robar; o basta."),
    "moved": (
        "A Hope token moves from {source} to {target}.",
        "Una ficha de Esperanza pasa de {source} a {target}.",
    ),
    "ask_begin": (
        "Say begin when you are ready.",
        "Di empiezo cuando estés lista.",
    ),
    "tell_with": ("{name}, tell the tale with {card}.", "{name}, cuenta el cuento con {card}."),
    "begin_hint": (
        "Say begin, and the Sultan starts listening.",
        "Di empiezo, y el sultán empieza a escuchar.",
    ),
    "say_begin": (
        "Say begin when you are ready to tell.",
        "Di empiezo cuando estés lista para contar.",
    ),
    "telling_prompt": (
        "You have {seconds} seconds before dawn. Begin.",
        "Tienes {seconds} segundos antes del amanecer. Empieza.",
    ),
    "telling_untimed": ("The Sultan listens. Begin.", "El sultán escucha. Empieza."),
    "telling_hint": ("Tell the tale; end with: the end.", "Cuenta el cuento; termina con: fin."),
    "telling_again": (
        "Tell the tale aloud, and finish with: the end.",
        "Cuenta el cuento en voz alta y termina con: fin.",
    ),
    "dawn": (
        "Dawn breaks… The Sultan rises; the telling is over.",
        "Amanece… El sultán se levanta; el relato ha terminado.",
    ),
    "heard": ("The Sultan heard of {card}.", "El sultán oyó hablar de {card}."),
    "chronicle_telling": (
        "{name} told the tale of {card}: {seconds} seconds, {ending}.",
        "{name} contó el cuento de {card}: {seconds} segundos, {ending}.",
    ),
    "chronicle_phrase": ("ended with the closing words", "terminado con las palabras del final"),
    "chronicle_timeout": ("cut short by dawn", "interrumpido por el amanecer"),
    "chronicle_input": ("ended when the words stopped", "terminado al callar las palabras"),
    "never_heard": (
        "The Sultan never heard of {card}. Scheherazade loses 1 Hope; Hope is {hope}.",
        "El sultán nunca oyó hablar de {card}. Schehrazada pierde 1 de Esperanza; la Esperanza queda en {hope}.",
    ),
    "silences": (
        "The Sultan's patience wears thin after two long silences. Scheherazade loses 1 Hope; Hope is {hope}.",
        "La paciencia del sultán se agota tras dos silencios largos. Schehrazada pierde 1 de Esperanza; la Esperanza queda en {hope}.",
    ),
    "tale_done": (
        "The {colour} tale, {title}, is complete! That makes {told} of 4. Each storyteller may give one hint.",
        "¡El cuento {colour}, {title}, está completo! Cuentos contados: {told} de 4. Cada narrador puede dar una pista.",
    ),
    "draw_printed_single": (
        "{name}, draw: {missing} missing. Draw story cards one by one until you have drawn "
        "{missing}, keep a single one and put the rest at the bottom of the deck. Tell me each "
        "Sultan, hourglass, ifrit, roc, Bahamut, queen or ally card you draw. Say done when "
        "you have kept your card.",
        "{name}, roba: faltan {missing}. Roba cartas de narración de una en una hasta robar "
        "{missing}, quédate con una única y pon el resto al fondo del mazo. Dime cada carta de "
        "sultán, reloj de arena, ifrit, roc, Bahamut, reina o aliado que robes. Di hecho "
        "cuando te hayas quedado con tu carta.",
    ),
    "draw_printed": (
        "{name}, draw to fill your hand: {missing} missing. Draw story cards one by one, "
        "keep one and put the rest at the bottom, until your hand is full. Tell me each "
        "Sultan, hourglass, ifrit, roc, Bahamut, queen or ally card you draw. Say done when your hand is full.",
        "{name}, roba hasta completar tu mano (cartas que faltan: {missing}). Roba cartas de narración de "
        "una en una, quédate con una y pon el resto al fondo, hasta llenar la mano. Dime "
        "cada carta de sultán, reloj de arena, ifrit, roc, Bahamut, reina o aliado que robes. Di hecho cuando tengas la mano llena.",
    ),
    "draw_brief": (
        "{name}, draw to fill your hand: {missing} missing. Name each card that is not a story "
        "card; say done when your hand is full.",
        "{name}, roba hasta completar tu mano (cartas que faltan: {missing}). Nombra cada "
        "carta que no sea de narración; di hecho con la mano llena.",
    ),
    "draw_next_single": (
        "Name the next card you draw. Say done when you have kept your card.",
        "Nombra la siguiente carta que robes. Di hecho cuando te hayas quedado con tu carta.",
    ),
    "draw_next": (
        "Name the next card you draw. Say done when your hand is full.",
        "Nombra la siguiente carta que robes. Di hecho cuando tengas la mano llena.",
    ),
    "draw_action_next": (
        "Name the next card you draw, or say done.",
        "Nombra la siguiente carta que robes, o di hecho.",
    ),
    "draw_hint": (
        "Say the card you drew, for example: sultan. Or: done.",
        "Di la carta que robaste, por ejemplo: sultán. O: hecho.",
    ),
    "excess_printed": (
        "If you hold more than {limit} cards, discard the extra ones; no Hope is lost.",
        "Si tienes más de {limit} cartas, descarta las que sobren; no se pierde Esperanza.",
    ),
    "ev_sultan": (
        "The Sultan grows bored: Scheherazade loses 1 Hope. Hope is {hope}.",
        "El sultán se aburre: Schehrazada pierde 1 de Esperanza. La Esperanza queda en {hope}.",
    ),
    "ev_queen": (
        "Queen Scheherazade's favour: 1 Hope more. Hope is {hope}.",
        "El favor de la reina Schehrazada: 1 de Esperanza más. La Esperanza queda en {hope}.",
    ),
    "ev_queen_full": (
        "Queen Scheherazade smiles, but Hope is already full.",
        "La reina Schehrazada sonríe, pero la Esperanza ya está completa.",
    ),
    "ev_hourglass": (
        "The hourglass: time slips away. {count} from the top of the deck are discarded.",
        "El reloj de arena: el tiempo pasa. Se descartan {count} del principio del mazo.",
    ),
    "ev_ifrit_none": ("The ifrit finds nothing to steal.", "El ifrit no encuentra nada que robar."),
    "ev_ifrit": (
        "The ifrit snatches the last card played: {card}. It is discarded.",
        "El ifrit se lleva la última carta jugada: {card}. Se descarta.",
    ),
    "ev_roc": (
        "The roc carries off the discard pile: {count} gone from the game.",
        "El roc se lleva la pila de descartes: {count} fuera del juego.",
    ),
    "ev_bahamut": (
        "Bahamut stirs the sea: each storyteller discards one card of the hand at random.",
        "Bahamut agita el mar: cada narrador descarta al azar una carta de su mano.",
    ),
    "ev_ally": (
        "An ally joins you: the {kind} ally stays face up on the table.",
        "Se une un aliado: el aliado de {kind} se queda boca arriba en la mesa.",
    ),
    "won": (
        "Four tales, one of each colour, are told. The Sultan is enchanted and pardons Scheherazade. You win!",
        "Cuatro cuentos, uno de cada color. El sultán, encantado, indulta a Schehrazada. ¡Habéis ganado!",
    ),
    "lost_hope": ("Scheherazade's Hope is gone.", "La Esperanza de Schehrazada se ha acabado."),
    "lost_deck": (
        "The deck is empty: a hand cannot be refilled.",
        "El mazo está vacío: no se puede completar una mano.",
    ),
    "lost": (
        "{reason} At dawn the Sultan's guards come for her. The night is lost.",
        "{reason} Al amanecer vienen a buscarla los guardias del sultán. La noche está perdida.",
    ),
    "over": ("The night is over.", "La noche ha terminado."),
    "status": (
        "Hope {hope} of 20: {tokens}. Tales told: {tales}. The open tale holds: {streak}. The deck has {deck}.",
        "Esperanza {hope} de 20: {tokens}. Cuentos contados: {tales}. El cuento abierto tiene: {streak}. El mazo tiene {deck}.",
    ),
    "status_hand": (
        "{name} holds {cards}, hand limit {limit}.",
        "{name} tiene {cards}, límite de mano {limit}.",
    ),
    "status_allies": ("Allies on the table: {allies}.", "Aliados en la mesa: {allies}."),
    "none_yet": ("none yet", "ninguno todavía"),
    "nothing": ("nothing", "nada"),
    "gathering": (
        "The storytellers are still gathering.",
        "Los narradores aún se están reuniendo.",
    ),
    "meeting": (
        "We are still meeting the storytellers.",
        "Aún estamos conociendo a los narradores.",
    ),
    "whose_turn": ("It is {name}'s turn to be Scheherazade.", "Le toca a {name} ser Schehrazada."),
    "and": ("and", "y"),
    "or": ("or", "o"),
    "card": ("card", "carta"),
    "cards": ("cards", "cartas"),
    "storyteller": ("storyteller", "narrador"),
    "storytellers": ("storytellers", "narradores"),
}

ACTION_NAMES: dict[Action, tuple[str, str]] = {
    Action.DRAW: ("draw", "robar"),
    Action.REVEAL: ("reveal", "revelar"),
    Action.SEARCH: ("search", "buscar"),
    Action.OVERCOME: ("overcome", "superar"),
    Action.EXCHANGE: ("exchange", "intercambiar"),
    Action.RECOVER: ("recover", "recuperar"),
    Action.SCHEHERAZADE: ("Scheherazade", "Schehrazada"),
}

EVENT_NAMES: dict[EventCard, tuple[tuple[str, str], tuple[str, str]]] = {
    EventCard.SULTAN: (("Sultan card", "Sultan cards"), ("carta del sultán", "cartas del sultán")),
    EventCard.HOURGLASS: (("hourglass", "hourglasses"), ("reloj de arena", "relojes de arena")),
    EventCard.IFRIT: (("ifrit", "ifrits"), ("ifrit", "ifrits")),
    EventCard.ROC: (("roc", "rocs"), ("roc", "rocs")),
    EventCard.BAHAMUT: (("Bahamut", "Bahamuts"), ("Bahamut", "Bahamuts")),
    EventCard.QUEEN: (("queen", "queens"), ("reina", "reinas")),
    EventCard.CHARACTER_ALLY: (
        ("character ally", "character allies"),
        ("aliado de personajes", "aliados de personajes"),
    ),
    EventCard.PLACE_ALLY: (
        ("place ally", "place allies"),
        ("aliado de lugares", "aliados de lugares"),
    ),
}

EVENT_TEMPLATES: dict[EventCard, tuple[list[str], list[str]]] = {
    EventCard.SULTAN: (
        ["[the] sultan [card]", "[the] sultan shahryar [card]"],
        ["[el] sultán", "[la] carta del sultán", "[el] sultán schahriar"],
    ),
    EventCard.HOURGLASS: (
        ["[the] hourglass [card]", "[the] (passage|passing) of time"],
        ["[el] reloj [de arena]", "[el] paso del tiempo"],
    ),
    EventCard.IFRIT: (["[an|the] (ifrit|efreet) [card]"], ["[el|un] (ifrit|efrit)"]),
    EventCard.ROC: (["[a|the] roc [card]"], ["[el|un] roc"]),
    EventCard.BAHAMUT: (["bahamut [card]"], ["bahamut"]),
    EventCard.QUEEN: (
        ["[the] queen [card]", "[the] queen scheherazade [card]"],
        ["[la] reina", "[la] reina (schehrazada|scheherazade)"],
    ),
    EventCard.CHARACTER_ALLY: (
        ["[the] character ally", "[an] ally of characters"],
        ["[el] aliado de personajes"],
    ),
    EventCard.PLACE_ALLY: (["[the] place ally", "[an] ally of places"], ["[el] aliado de lugares"]),
}

ACTION_TEMPLATES: dict[Action, tuple[list[str], list[str]]] = {
    Action.DRAW: (["draw"], ["robar", "robo"]),
    Action.REVEAL: (["reveal"], ["revelar", "revelo"]),
    Action.SEARCH: (["search"], ["buscar", "busco"]),
    Action.OVERCOME: (["overcome"], ["superar", "supero"]),
    Action.EXCHANGE: (["exchange"], ["intercambiar", "intercambio"]),
    Action.RECOVER: (["recover"], ["recuperar", "recupero"]),
    Action.SCHEHERAZADE: (["scheherazade", "queen scheherazade"], ["schehrazada", "scheherazade"]),
}

KIND_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "character": "(character|heart|person)",
        "place": "(place|anchor|location)",
        "artifact": "(artifact|artefact|bell|object)",
        "event": "(event|sun)",
    },
    "es": {
        "character": "(personaje|corazón)",
        "place": "(lugar|ancla)",
        "artifact": "(artefacto|campana|objeto)",
        "event": "(suceso|sol)",
    },
}
COLOUR_WORDS: dict[str, dict[str, str]] = {
    "en": {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow"},
    "es": {"red": "(rojo|roja)", "blue": "azul", "green": "verde", "yellow": "(amarillo|amarilla)"},
}
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "begin": "(begin|[i am] ready|go|start|let us begin)",
        "done": "(done|[my] hand is full|that is all|finished)",
        "discard": "[i] discard",
        "play": "[i] play",
        "use": "[i] use [the] [action]",
        "none": "(none|no|nothing|no action)",
        "any": "(any|any card|anything)",
        "stop": "(stop|no more|done)",
        "give": "[i] give",
        "a_card": "a card",
        "from": "from",
        "to": "to",
        "articles": "[the|a|an]",
    },
    "es": {
        "begin": "(empiezo|empieza|empezar|comienzo|lista|listo|vamos)",
        "done": "(hecho|ya está|terminado|mano completa)",
        "discard": "(descarto|descartar|descarta)",
        "play": "(juego|jugar|juega)",
        "use": "(uso|usar|usa) [la] [acción]",
        "none": "(ninguna|ninguno|nada|no)",
        "any": "(cualquiera|cualquier carta)",
        "stop": "(basta|ya está|no más|hecho|parar|paro|para|nada más)",
        "give": "(doy|dar|da|le doy)",
        "a_card": "una carta",
        "from": "de",
        "to": "a",
        "articles": "[el|la|un|una|los|las]",
    },
}
PLACES: dict[str, tuple[str, ...]] = {
    "en": tuple(
        f"({word}|{word} one|{word} card)"
        for word in ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
    ),
    "es": tuple(
        f"({word}a|{word}o|{word}a carta)"
        for word in ("primer", "segund", "tercer", "cuart", "quint", "sext", "séptim", "octav")
    ),
}
"""A drawn card's place among those offered: "the first one", "la segunda"."""
VERB_LABELS: dict[str, dict[str, str]] = {
    "en": {"play": "play", "discard": "discard"},
    "es": {"play": "jugar", "discard": "descartar"},
}
"""What a card is done with, written before its name where it may be played or discarded."""
END_PHRASES: dict[str, tuple[str, ...]] = {
    "en": ("the end", "and so the night passed"),
    "es": ("fin", "colorín colorado este cuento se ha acabado"),
}
CUES: dict[str, dict[str, str]] = {
    "en": {
        "stirs": "The Sultan stirs…",
        "yawns": "The Sultan yawns…",
        "seconds_left": "{seconds} seconds before dawn.",
    },
    "es": {
        "stirs": "El sultán se revuelve…",
        "yawns": "El sultán bosteza…",
        "seconds_left": "Quedan {seconds} segundos para el amanecer.",
    },
}


def line(language: Language, key: str, **values: object) -> str:
    """The line ``key`` in ``language``, with ``values`` filled in (Spanish contracts
    "de el" and "a el").

    >>> line("es", "heard", card="el desierto rojo")
    'El sultán oyó hablar del desierto rojo.'
    """
    template = LINES[key][language == "es"]
    text = template.format(**values)
    if language == "es":
        text = text.replace(" de el ", " del ").replace(" a el ", " al ")
    if template.startswith("{"):  # a line that opens with a card's name: "The sultan is…"
        text = text[:1].upper() + text[1:]
    return text


def pick(language: Language, pair: tuple[str, str]) -> str:
    return pair[1] if language == "es" else pair[0]


def spoken_list(
    language: Language, items: list[str], conjunction: Literal["and", "or"] = "and"
) -> str:
    """``a, b and c`` (``a, b y c``); ``conjunction="or"`` for a choice.

    >>> spoken_list("es", ["Ali", "Bea"], "or")
    'Ali o Bea'
    """
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {line(language, conjunction)} " + items[-1]


def counted(language: Language, number: int, noun: str) -> str:
    """``1 card``, ``3 cards`` (``noun`` is a key of :data:`LINES` with a plural key)."""
    return f"{number} {line(language, noun if number == 1 else noun + 's')}"


def action_name(language: Language, action: Action) -> str:
    return pick(language, ACTION_NAMES[action])


def event_name(language: Language, event: EventCard, count: int = 1) -> str:
    return pick(language, EVENT_NAMES[event])[count != 1]
