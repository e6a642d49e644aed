"""Playing cards in the actions phase: the questions an action card asks, and its effect.

A card announced by name is checked (hand, points, housing, targets), then asks only what
it still needs, in order: its targets, then it is paid, then whether a Joker Genie cancels
it, then its dice; then it is resolved on the :class:`~companion.games.samarande.rules.Table`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partialmethod

from companion.framework.answers import NO, YES, Answer
from companion.framework.dialogue import YES_NO, Speech, Step
from companion.framework.errors import IllegalAction
from companion.framework.kit import ROLL_FOR_ME, roll_step, rolled
from companion.framework.phrases import PhraseSet, literal
from companion.games.samarande.dialogue.state import Pending, SamarandeState
from companion.games.samarande.rules import District, Player, Table
from companion.games.samarande.speech import (
    CANCEL,
    artisan_label,
    counted,
    district_label,
    labelled,
    listed,
    names_phrases,
    points,
)

#: What an action card needs to know before it is paid, in the order it is asked.
TARGETS: dict[str, tuple[str, ...]] = {
    "assassin": ("victim", "guard"),
    "theft": ("victim",),
    "tornado": ("victim", "district"),
    "scary_genie": ("victim", "district"),
    "giant_genie": ("victim",),
    "kidnapper_genie": ("victim", "artisan", "home"),
    "magic_lamp": ("genie",),
}

#: Effects that harm their victim, so a Protector Genie cancels them.
HARMFUL = frozenset(
    {"assassin", "theft", "tornado", "scary_genie", "giant_genie", "kidnapper_genie"}
)


class CardPlay:
    """The card-playing half of :class:`~companion.games.samarande.dialogue.SamarandeDialogue`."""

    state: SamarandeState

    @property
    def table(self) -> Table:
        assert self.state.table is not None, "the table exists once the players are known"
        return self.state.table

    def _points_left(self) -> str:
        return f"{points(self.table.action_points).capitalize()} left."

    def _play(self, name: str) -> list[Speech]:
        """A card announced: its unknown figures are asked for first, then it is played."""
        card = self.table.card(name)
        self.table.check_hand()
        self.state.pending = Pending(card=card.name)
        if card.missing:
            self.state.phase = "figure"
            return []
        try:
            return self._start_play()
        except IllegalAction:
            self.state.pending = None  # a card refused is not being played
            raise

    def _figures_stated(self, noted: Speech) -> list[Speech]:
        """Every figure of the card being played is known: go on playing it.

        A play refused now (too few points, no room) still keeps the figures stated.
        """
        pending = self.state.pending
        assert pending is not None
        if pending.paid:
            return [noted, *self._advance()]
        try:
            return [noted, *self._start_play()]
        except IllegalAction as refusal:
            self.state.pending = None
            self.state.phase = "actions"
            return [noted, Speech(str(refusal), kind="aside")]  # a refusal tells no story

    def _start_play(self) -> list[Speech]:
        table = self.table
        pending = self.state.pending
        assert pending is not None
        card = table.card(pending.card)
        if card.kind in ("district", "guard"):
            table.play_card(card.name)
            player = table.current.name
            return self._done(
                f"{card.name} added to the city.", f"{player} adds the {card.name} to the city."
            )
        table.check_points(table.cost_now(card), f"The {card.name}")
        if card.kind == "artisan":
            table.check_housing(table.current)
        first = TARGETS.get(card.effect, ())
        if first and not self._options(first[0]):
            raise IllegalAction(_NO_TARGET[first[0]].format(card=card.name))
        if card.effect == "caliph" and not table.took_from_line:
            raise IllegalAction("Play the Caliph after taking a card from the line.")
        if card.effect == "discoverer_genie" and table.deck == 0:
            raise IllegalAction("The deck is empty: the genie has nothing to explore.")
        return self._advance()

    def _advance(self) -> list[Speech]:
        """Ask for what the pending card still needs, or resolve it; a target that was the
        only one possible is named first ("The Open Sesame robs Zoe, the only one it can")."""
        pending = self.state.pending
        assert pending is not None
        said = self._question_or_resolution()
        told, pending.told = pending.told, []
        return [*(Speech(text) for text in told), *said]

    def _question_or_resolution(self) -> list[Speech]:
        pending = self.state.pending
        assert pending is not None
        table = self.table
        card = table.card(pending.card)
        if card.kind == "artisan":
            if self._next_question(("home",)):
                return []
            table.play_card(card.name, pending.home)
            return self._done(f"{card.name} housed.")
        if self._next_question(TARGETS.get(card.effect, ())):
            return []
        if not pending.paid:
            table.play_action(card.name, self._extra_cost())
            pending.paid = True
            victim = table.player(pending.victim) if pending.victim else None
            if victim and card.effect in HARMFUL and table.protected(victim):
                table.discard_action()
                return self._done(f"{victim.name}'s Protector Genie cancels the {card.name}.")
        if self._joker_question_due():
            self.state.phase = "joker"
            return []
        if self._next_question(_AFTER.get(card.effect, ())):
            return []
        found = table.card(pending.found) if pending.found else None
        if found and found.kind != "action" and found.missing:
            self.state.phase = "figure"
            return []
        return _RESOLVERS[card.effect](self)

    def _next_question(self, slots: tuple[str, ...]) -> bool:
        """Set the stage to the first open question of ``slots``; False when none is open.

        A question with a single possible answer is answered at once.
        """
        for slot in slots:
            if not self._open(slot):
                continue
            if slot in _OPTIONS:
                options = self._options(slot)
                if len(options) == 1:
                    ((only, templates),) = options.items()
                    self._fill(slot, only)
                    self._tell_lone(slot, templates[0])
                    continue
            self.state.phase = slot
            return True
        return False

    def _open(self, slot: str) -> bool:
        pending = self.state.pending
        assert pending is not None
        if slot == "home":
            housed = self.table.card(self._housed_card())
            return pending.home is None and housed.kind == "artisan" and bool(self._options(slot))
        if slot == "assassin_reroll":
            return not pending.reroll_asked and self.table.card(pending.guard or "").desert_veteran
        return getattr(pending, slot) is None

    def _housed_card(self) -> str:
        """The card a "home" question houses: found, kidnapped or played."""
        pending = self.state.pending
        assert pending is not None
        if pending.found:
            return pending.found
        if pending.artisan:
            return _split_artisan(pending.artisan)[1]
        return pending.card

    def _tell_lone(self, slot: str, label: str) -> None:
        """Note that ``slot`` had a single possible answer, ``label``, to say it aloud."""
        pending = self.state.pending
        assert pending is not None
        if slot in _LONE:
            effect = self.table.card(pending.card).effect
            text = _LONE[slot].get(effect, _LONE[slot].get("", ""))
            if slot == "victim" and len(self.table.players) == 2:
                text = text.split(",")[0] + "."  # the only opponent: no need to say why
            pending.told.append(text.format(card=pending.card, victim=pending.victim, it=label))

    def _fill(self, slot: str, answer: Answer) -> None:
        """Keep the answer to ``slot`` in the pending card (an artisan as ``ID:Name``)."""
        pending = self.state.pending
        assert pending is not None
        if slot == "artisan":
            setattr(pending, slot, f"{answer['district']}:{answer['artisan']}")
        else:
            setattr(pending, slot, answer["choice"])

    def _joker_question_due(self) -> bool:
        pending = self.state.pending
        assert pending is not None
        effect = self.table.card(pending.card).effect
        return (
            self.table.settings.ask_joker
            and not pending.joker_asked
            and effect != "joker_genie"
            and any(p.hand for p in self.table.opponents(self.table.current))
        )

    def _extra_cost(self) -> int:
        pending = self.state.pending
        assert pending is not None
        if self.table.card(pending.card).effect != "tornado":
            return 0
        victim = self.table.player(pending.victim or "")
        printed = self.table.cost_now(self.table.card(pending.card))
        return (
            self.table.tornado_cost(victim.city.district(pending.district or 0), printed) - printed
        )

    def _done(self, text: str, story: str | None = None) -> list[Speech]:
        """The card's play is over: ``text`` goes into the chronicle (or ``story``, when
        what is said to the table is no story: "Palace added to the city."), and is said
        with the action points left (a count for the table, no part of the story)."""
        self.state.pending = None
        self.state.phase = "actions"
        self.note(story or text)
        return [Speech(f"{text} {self._points_left()}", kind="aside")]

    def _options(self, slot: str) -> dict[Answer, list[str]]:
        """``{value: [template, ...]}`` of the answers to ``slot`` for the pending card."""
        return _OPTIONS[slot](self)

    def _victim_options(self) -> dict[Answer, list[str]]:
        table = self.table
        pending = self.state.pending
        assert pending is not None
        effect = table.card(pending.card).effect
        eligible: Callable[[Player], bool] = {
            "assassin": lambda p: bool(p.city.guards),
            "tornado": lambda p: bool(self._tornado_districts(p)),
            "scary_genie": lambda p: bool(table.counted_districts(p)),
            "kidnapper_genie": lambda p: bool(table.counted_artisans(p)),
        }.get(effect, lambda p: True)
        return {
            Answer.of("victim", choice=p.name): [literal(p.name)]
            for p in table.opponents(table.current)
            if eligible(p)
        }

    def _victim(self) -> Player:
        pending = self.state.pending
        assert pending is not None and pending.victim is not None
        return self.table.player(pending.victim)

    def _tornado_districts(self, player: Player) -> list[District]:
        table = self.table
        pending = self.state.pending
        printed = table.cost_now(table.card(pending.card)) if pending else 0
        return [
            d
            for d in player.city.districts
            if table.tornado_cost(d, printed) <= table.action_points
        ]

    def _district_options(self) -> dict[Answer, list[str]]:
        table = self.table
        victim = self._victim()
        pending = self.state.pending
        assert pending is not None
        if table.card(pending.card).effect == "tornado":
            districts = self._tornado_districts(victim)
        else:
            districts = table.counted_districts(victim)
        return _alike_once(
            {Answer.of("district", choice=d.id): self._district_names(victim, d) for d in districts}
        )

    def _guard_options(self) -> dict[Answer, list[str]]:
        guards = dict.fromkeys(self._victim().city.guards)
        return {Answer.of("guard", choice=name): self._spoken(name) for name in guards}

    def _artisan_choices(self) -> dict[Answer, list[str]]:
        return self._artisan_options(self._victim())

    def _home_options(self) -> dict[Answer, list[str]]:
        player = self.table.current
        free = self.table.free_districts(player)
        return _alike_once(
            {Answer.of("home", choice=d.id): self._district_names(player, d) for d in free}
        )

    def _genie_options(self) -> dict[Answer, list[str]]:
        """One answer per different genie in play (two Jokers before Zoe are one answer)."""
        table = self.table
        options: dict[Answer, list[str]] = {}
        seen = set()
        for index, item in enumerate(table.in_play):
            key = (item.card, item.holder, item.district_id)
            if not table.card(item.card).is_genie or key in seen:
                continue
            seen.add(key)
            whose = literal(item.holder)
            where = f"of {whose}"
            if item.district_id is not None:
                holder = table.player(item.holder)
                label = district_label(holder, holder.city.district(item.district_id))
                where = f"on the {label} of {whose}"
            key = Answer.of("genie", choice=index)
            options[key] = [f"{item.card} {where}", f"[the] {item.card} {where}"]
            if item.district_id is None:
                options[key].append(f"{whose}s {item.card}")
        return options

    def _found_options(self) -> dict[Answer, list[str]]:
        return {
            Answer.of("found", choice=card.name): self._spoken(card.name)
            for card in self.state.catalogue.cards
        }

    def _artisan_options(self, player: Player) -> dict[Answer, list[str]]:
        """``{"ID:Name": [...]}`` for each artisan that counts in ``player``'s city."""
        pairs = self.table.counted_artisans(player)
        among = self.table.counted_districts(player)
        options: dict[Answer, list[str]] = {}
        for district, artisan in pairs:
            label = artisan_label(player, district, artisan, among)
            spoken = "|".join(self._spoken(artisan))
            rest = label.removeprefix(artisan)
            key = Answer.of("artisan", district=district.id, artisan=artisan)
            options[key] = [label, f"[the] ({spoken}){rest}"]
        return _alike_once(options)

    def _district_names(self, player: Player, district: District) -> list[str]:
        label = district_label(player, district)
        return [label, f"[the] {label}"]

    def _spoken(self, name: str) -> list[str]:
        """The card's name (its label when listed) and every way of saying it."""
        return [name, *self.state.catalogue.card(name).spoken_names]

    def _slot_step(self, slot: str) -> Step:
        pending = self.state.pending
        assert pending is not None
        options = self._options(slot)
        phrases = labelled(options) | CANCEL
        question = _QUESTIONS[slot].format(card=pending.card, victim=pending.victim)
        if slot == "found":
            return Step(f"{question} Say its name.", phrases)
        return Step(listed(question, [templates[0] for templates in options.values()]), phrases)

    def _answer_slot(self, slot: str, answer: Answer) -> list[Speech]:
        pending = self.state.pending
        assert pending is not None
        if answer.intent == "cancel":
            if pending.paid:
                raise IllegalAction(f"The {pending.card} is already paid for.")
            self.state.pending = None
            self.state.phase = "actions"
            return [Speech(f"The {pending.card} goes back to your hand.")]
        self._fill(slot, answer)
        return self._advance()

    def _ask_joker(self) -> Step:
        table = self.table
        pending = self.state.pending
        assert pending is not None
        names = [p.name for p in table.opponents(table.current) if p.hand]
        return Step(
            f"Does anyone cancel the {pending.card} with a Joker Genie? Say no, or a name.",
            names_phrases(names, "[i do] [me] [it is] {name}")
            | PhraseSet.from_templates(
                {NO: ["no", "nobody", "no one", "no joker"]}, labels={NO: "no"}
            ),
        )

    def _on_joker(self, answer: Answer) -> list[Speech]:
        table = self.table
        pending = self.state.pending
        assert pending is not None
        pending.joker_asked = True
        if answer == NO:
            return self._advance()
        joker_player = table.player(answer.intent)
        table.cancel_with_joker(joker_player)
        return self._done(
            f"{joker_player.name}'s Joker Genie cancels the {pending.card}. The genie stays in "
            f"front of {joker_player.name}, who pays its point next turn."
        )

    def _roll_step(self, slot: str) -> Step:
        table = self.table
        pending = self.state.pending
        assert pending is not None
        roller = pending.victim if slot == "guard_roll" else table.current.name
        what = {
            "assassin_roll": "for the assassins",
            "guard_roll": f"for the {pending.guard}",
            "theft_roll": "to see how much gold you steal",
        }[slot]
        return roll_step(f"{roller}, roll {what}.")

    def _answer_roll(self, slot: str, answer: Answer) -> list[Speech]:
        roll, speech = self._roll(answer)
        setattr(self.state.pending, slot, roll)
        return speech + self._advance()

    def _ask_assassin_reroll(self) -> Step:
        pending = self.state.pending
        assert pending is not None
        return Step(
            f"{pending.victim}, your {pending.guard} may make the assassins roll again. "
            "Roll again?",
            YES_NO,
        )

    def _on_assassin_reroll(self, answer: Answer) -> list[Speech]:
        pending = self.state.pending
        assert pending is not None
        pending.reroll_asked = True
        if answer == YES:
            pending.assassin_roll = None
        return self._advance()

    def _resolve_assassin(self) -> list[Speech]:
        table = self.table
        pending = self.state.pending
        assert pending is not None and pending.guard is not None
        guard = table.card(pending.guard)
        victim = self._victim()
        attacker = table.current.name
        result = table.assassin_combat(
            victim, guard.name, pending.assassin_roll or 0, pending.guard_roll or 0
        )
        totals = f"Assassins {result.assassin_total} against {result.guard_total}."
        outcome = {
            "assassin": f"The {guard.name} of {victim.name} {_verb('falls', guard.plural)}. "
            f"{attacker} takes the Guild back into hand and {counted(result.reward, 'gold')}.",
            "guard": f"The {guard.name} {_verb('wins', guard.plural)}. {victim.name} earns "
            f"{counted(result.reward, 'gold')} and the Guild is discarded.",
            "tie": f"A tie: the {guard.name} and the Guild are both discarded.",
        }[result.winner]
        return self._done(f"{totals} {outcome}")

    def _resolve_theft(self) -> list[Speech]:
        pending = self.state.pending
        assert pending is not None
        victim = self._victim()
        stolen = self.table.steal(victim, pending.theft_roll or 0)
        taken = counted(stolen, "gold") if stolen else "nothing"
        return self._done(f"{self.table.current.name} takes {taken} from {victim.name}.")

    def _resolve_tornado(self) -> list[Speech]:
        pending = self.state.pending
        assert pending is not None and pending.district is not None
        victim = self._victim()
        label = district_label(victim, victim.city.district(pending.district))
        destroyed = self.table.destroy_district(victim, pending.district)
        return self._done(
            f"The tornado sweeps away the {label} of {victim.name}: "
            f"{counted(destroyed, 'card')} to the discard pile."
        )

    def _resolve_staying(self) -> list[Speech]:
        table = self.table
        pending = self.state.pending
        assert pending is not None
        card = table.card(pending.card)
        holder = self._victim() if pending.victim else table.current
        table.put_in_play(card, holder, pending.district)
        where = f"in front of {holder.name}"
        if pending.district is not None:
            label = district_label(holder, holder.city.district(pending.district))
            where = f"on the {label} of {holder.name}"
        meaning = {
            "scary_genie": "That district and its artisans count for nothing while it stays.",
            "giant_genie": f"{holder.name}'s guards add nothing to the protection test.",
            "protector_genie": f"Other viziers' cards cannot harm {holder.name}.",
            "joker_genie": "Its point is paid at the start of the next turn.",
            "keepsake": f"It is worth {counted(card.end_points or 0, 'point')} at the end.",
        }[card.effect]
        return self._done(f"The {card.name} stays {where}. {meaning}")

    def _resolve_kidnap(self) -> list[Speech]:
        table = self.table
        pending = self.state.pending
        assert pending is not None and pending.artisan is not None
        victim = self._victim()
        district_id, artisan = _split_artisan(pending.artisan)
        housed = table.kidnap(victim, district_id, artisan, pending.home)
        where = (
            f"moves into the city of {table.current.name}"
            if housed
            else f"has no house, so goes into {table.current.name}'s hand"
        )
        return self._done(f"The {artisan} of {victim.name} {where}.")

    def _resolve_lamp(self) -> list[Speech]:
        pending = self.state.pending
        assert pending is not None and pending.genie is not None
        item = self.table.send_away(pending.genie)
        return self._done(f"The {item.card} in front of {item.holder} is sent away.")

    def _resolve_discoverer(self) -> list[Speech]:
        table = self.table
        pending = self.state.pending
        assert pending is not None and pending.found is not None
        into_city = table.discover(pending.found, pending.home)
        where = "goes straight into the city" if into_city else "goes into your hand"
        told = (
            "goes straight into the city" if into_city else f"goes into {table.current.name}'s hand"
        )
        return self._done(
            f"The {pending.found} {where}. Shuffle the other turned cards back into the deck.",
            f"The genie finds the {pending.found}, which {told}.",
        )

    def _resolve_caliph(self) -> list[Speech]:
        self.table.caliph()
        cards = sum(self.table.line)
        return self._done(
            f"Arrange the line as you wish: its {counted(cards, 'card')} now fill the first places."
        )

    def _resolve_manual(self) -> list[Speech]:
        pending = self.state.pending
        assert pending is not None
        self.table.discard_action()
        return self._done(f"Resolve the {pending.card} at the table.")

    def _roll(self, answer: Answer) -> tuple[int, list[Speech]]:
        """A die from the players, or one the companion rolls ("roll for me")."""
        roll = rolled(answer, self.state.dice)
        return roll, [Speech(f"I roll a {roll}.")] if answer == ROLL_FOR_ME else []

    # One phase per question an action card may ask (the kit dispatches on the names).
    _ask_victim = partialmethod(_slot_step, "victim")
    _on_victim = partialmethod(_answer_slot, "victim")
    _ask_district = partialmethod(_slot_step, "district")
    _on_district = partialmethod(_answer_slot, "district")
    _ask_guard = partialmethod(_slot_step, "guard")
    _on_guard = partialmethod(_answer_slot, "guard")
    _ask_artisan = partialmethod(_slot_step, "artisan")
    _on_artisan = partialmethod(_answer_slot, "artisan")
    _ask_home = partialmethod(_slot_step, "home")
    _on_home = partialmethod(_answer_slot, "home")
    _ask_genie = partialmethod(_slot_step, "genie")
    _on_genie = partialmethod(_answer_slot, "genie")
    _ask_found = partialmethod(_slot_step, "found")
    _on_found = partialmethod(_answer_slot, "found")
    _ask_assassin_roll = partialmethod(_roll_step, "assassin_roll")
    _on_assassin_roll = partialmethod(_answer_roll, "assassin_roll")
    _ask_guard_roll = partialmethod(_roll_step, "guard_roll")
    _on_guard_roll = partialmethod(_answer_roll, "guard_roll")
    _ask_theft_roll = partialmethod(_roll_step, "theft_roll")
    _on_theft_roll = partialmethod(_answer_roll, "theft_roll")


def _verb(verb: str, plural: bool) -> str:
    """``falls`` for one, ``fall`` for a plural name (the Bedouins fall)."""
    return verb.removesuffix("s") if plural else verb


def _split_artisan(saved: str) -> tuple[int, str]:
    """A pending artisan ``"3:Jeweller"`` -> its district id and its name."""
    district, _, artisan = saved.partition(":")
    return int(district), artisan


def _alike_once(options: dict[Answer, list[str]]) -> dict[Answer, list[str]]:
    """Options that read the same (two empty Palaces) offered once: either one will do."""
    seen: dict[str, Answer] = {}
    for value, templates in options.items():
        seen.setdefault(templates[0], value)
    return {value: options[value] for value in seen.values()}


_NO_TARGET = {
    "victim": "Nobody can be targeted by the {card} now.",
    "genie": "There is no genie in play to send away.",
}
_QUESTIONS = {
    "victim": "Whom does the {card} target?",
    "district": "Which district of {victim}?",
    "guard": "Which guard of {victim} do the assassins attack?",
    "artisan": "Which artisan of {victim} does the genie take?",
    "home": "Which of your districts houses the artisan?",
    "genie": "Which genie does the lamp send away?",
    "found": "Which card did the genie find?",
}
#: What is said of a target that was the only one possible, by slot and effect ("" for
#: any effect): the players hear whom the card strikes without being asked.
_LONE: dict[str, dict[str, str]] = {
    "victim": {
        "assassin": "The Assassins' Guild goes after {it}, the only vizier with a guard.",
        "theft": "The {card} robs {it}, the only one it can.",
        "": "The {card} targets {it}, the only one it can.",
    },
    "guard": {"": "The assassins attack {victim}'s {it}, the only guard they can reach."},
    "district": {"": "The {card} strikes {victim}'s {it}, the only district it can."},
    "artisan": {"": "The genie takes {victim}'s {it}, the only artisan it can."},
    "genie": {"": "The lamp sends away the {it}, the only genie in play."},
}
#: What an action card asks once it is paid and nobody cancelled it.
_AFTER: dict[str, tuple[str, ...]] = {
    "assassin": ("assassin_roll", "assassin_reroll", "guard_roll"),
    "theft": ("theft_roll",),
    "discoverer_genie": ("found", "home"),
}
_OPTIONS: dict[str, Callable[[CardPlay], dict[Answer, list[str]]]] = {
    "victim": CardPlay._victim_options,
    "district": CardPlay._district_options,
    "guard": CardPlay._guard_options,
    "artisan": CardPlay._artisan_choices,
    "home": CardPlay._home_options,
    "genie": CardPlay._genie_options,
    "found": CardPlay._found_options,
}
_RESOLVERS: dict[str, Callable[[CardPlay], list[Speech]]] = {
    "assassin": CardPlay._resolve_assassin,
    "theft": CardPlay._resolve_theft,
    "tornado": CardPlay._resolve_tornado,
    "scary_genie": CardPlay._resolve_staying,
    "giant_genie": CardPlay._resolve_staying,
    "protector_genie": CardPlay._resolve_staying,
    "joker_genie": CardPlay._resolve_staying,
    "keepsake": CardPlay._resolve_staying,
    "kidnapper_genie": CardPlay._resolve_kidnap,
    "magic_lamp": CardPlay._resolve_lamp,
    "discoverer_genie": CardPlay._resolve_discoverer,
    "caliph": CardPlay._resolve_caliph,
    "manual": CardPlay._resolve_manual,
}
