"""The rules of Tales of Arabia: a pure state machine over :class:`GameState`.

The game waits for one :class:`Decision` at a time (a roll or a choice by one player).
:meth:`Rules.answer` applies the answer, then works through the agenda until the next
decision, and returns the :class:`Event` list for the dialogue to narrate. Randomness
comes only from the ``random.Random`` handed to :func:`new_game` and :meth:`Rules.answer`.

>>> import random
>>> from companion.games.tales_of_arabia.content.pack import load_pack
>>> pack = load_pack()
>>> state, _ = new_game(pack, [("Ali", "Aladdin"), ("Sara", "Morgiana")], random.Random(1))
>>> state.pending.purpose, state.pending.player
('order', 0)
>>> events = Rules(pack, state).answer("6", random.Random(2))
>>> events[0].kind, events[0].amount
('rolled', 6)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from companion.framework.errors import IllegalAction
from companion.games.tales_of_arabia.content.pack import (
    Card,
    Category,
    Effect,
    ExtraTurn,
    FateRollFor,
    Gain,
    MissTurn,
    OpponentMissesTurn,
    Pack,
    Pay,
    Powers,
    Token,
    Trade,
)
from companion.games.tales_of_arabia.rules.state import (
    ApplyEffect,
    Decision,
    Draw,
    EndTurn,
    Event,
    Face,
    Failed,
    FateRoll,
    GameState,
    HeldItem,
    KeepOne,
    Land,
    LoseTurn,
    Move,
    MoveRoll,
    OrderRoll,
    Player,
    Resolve,
    Reward,
    RingRoll,
    SaveOffer,
    Settings,
    StartTurn,
    StealOffer,
    StealPick,
    StealRoll,
    Task,
    Won,
)

WINNING_ROLL = 4
"""Fate and Steal rolls (with modifiers) succeed from this total up."""
TOKENS: tuple[Token, ...] = ("fortune", "fame", "faith")
ROLL_FOR_ME = "roll"
ROLL_TWO_FOR_ME = "roll two"
REROLL = "reroll"
DECLINE = "no"
ACCEPT = "yes"
FORTUNE_TOKEN = "fortune token"


def new_game(
    pack: Pack,
    players: Sequence[tuple[str, str]],
    rng: random.Random,
    settings: Settings | None = None,
) -> tuple[GameState, list[Event]]:
    """Shuffle the deck, put everybody on the start square and ask for turn-order rolls."""
    heroes = [pack.hero(hero).name for _, hero in players]
    settings = settings or Settings()
    if settings.unique_heroes and len(set(heroes)) != len(heroes):
        raise IllegalAction("two players chose the same hero")
    deck = pack.deck()
    rng.shuffle(deck)
    state = GameState(
        players=[Player(name=name, hero=hero, space=pack.board.start) for name, hero in players],
        deck=deck,
        settings=settings,
    )
    state.agenda.append(OrderRoll(player=0, contenders=list(range(len(players)))))
    rules = Rules(pack, state)
    rules.run()
    return state, rules.events


def _in(category: Category | None, categories: Iterable[Category]) -> bool:
    """True when ``categories`` covers ``category`` (an empty list covers all)."""
    categories = tuple(categories)
    return not categories or category in categories


class Rules:
    """Applies answers to one game state (which it changes in place)."""

    def __init__(self, pack: Pack, state: GameState) -> None:
        self.pack = pack
        self.state = state
        self.events: list[Event] = []

    # ------------------------------------------------------------------ public

    def answer(self, value: str, rng: random.Random) -> list[Event]:
        """Apply ``value`` to the pending decision; return what happened.

        Raises :class:`IllegalAction` (state unchanged) when ``value`` is not allowed.
        """
        self.events = []
        decision = self.state.pending
        if decision is None:
            raise IllegalAction("the game is over")
        task = self.state.agenda[-1]
        if decision.kind == "roll":
            self._take_roll(decision, task, value, rng)
        else:
            self._take_choice(decision, task, value)
        self.run()
        return self.events

    def run(self) -> None:
        """Work through the agenda until a decision is needed or the game ends."""
        agenda = self.state.agenda
        while agenda and not self.state.finished:
            task = agenda.pop()
            decision = getattr(self, f"_do_{task.kind}")(task)
            if decision is not None:
                agenda.append(task)
                self.state.pending = decision
                return
        self.state.pending = None
        if not self.state.finished:
            raise RuntimeError("the agenda ran empty before the game ended")

    def powers(self, player: Player) -> list[Powers]:
        """The hero's powers and those of every card the player holds."""
        return [
            self.pack.hero(player.hero).powers,
            *(self.pack.card(name).powers for name in player.held_names()),
        ]

    def fate_modifier(self, player: Player, card: Card) -> int:
        """Everything added to a Fate roll by ``player`` against ``card``."""
        bonus = sum(p.fate_bonus for p in self.powers(player) if _in(card.category, p.fate_vs))
        return card.fate_modifier + bonus

    def steal_modifier(self, player: Player) -> int:
        return sum(p.steal_bonus for p in self.powers(player))

    def fortune_points(self, player: Player) -> int:
        """Fortune tokens, plus one per Treasure card when the settings say so."""
        treasure = len(player.treasures) if self.state.settings.treasure_counts else 0
        return player.fortune + treasure

    def points(self, player: Player, token: Token) -> int:
        """Final-count points: Fame includes won challenges, Fortune may include treasure."""
        if token == "fortune":
            return self.fortune_points(player)
        if token == "fame":
            return player.fame + len(player.trophies)
        return player.faith

    def winners(self, token: Token) -> list[Player]:
        """The players with the most points of ``token`` (none when the best is zero)."""
        best = max(self.points(p, token) for p in self.state.players)
        if best == 0:
            return []
        return [p for p in self.state.players if self.points(p, token) == best]

    def stealable(self, victim: Player) -> list[str]:
        """What may be taken from ``victim``: treasures, items, a Fortune token."""
        options = list(dict.fromkeys(victim.treasures + [i.name for i in victim.items]))
        return options + ([FORTUNE_TOKEN] if victim.fortune else [])

    def move_steps(self, player: Player, roll: int) -> int:
        """How far a movement roll takes ``player`` (Magic Slippers add one)."""
        return roll + sum(p.move_bonus for p in self.powers(player))

    def landing(self, player: Player, steps: int) -> int:
        """The space ``steps`` ahead of ``player``."""
        return (player.space - 1 + steps) % self.pack.board.spaces + 1

    # ------------------------------------------------------------------ answers

    def _take_roll(self, decision: Decision, task: Task, value: str, rng: random.Random) -> None:
        player = self.state.players[decision.player]
        if value in decision.actions:
            self._item_action(player, value)
            return
        if value == ROLL_TWO_FOR_ME and not (decision.two_dice or decision.dice == 2):
            raise IllegalAction("only one die may be rolled now")
        if value in (ROLL_FOR_ME, ROLL_TWO_FOR_ME):
            dice = 2 if value == ROLL_TWO_FOR_ME else decision.dice
            rolled = sum(rng.randint(1, 6) for _ in range(dice))
            by = "companion"
        elif value.isdigit() and decision.low <= int(value) <= decision.high:
            rolled, by = int(value), ""
        else:
            raise IllegalAction(
                f"a roll from {decision.low} to {decision.high} is expected, not {value!r}"
            )
        task.value = rolled
        task.choice = None
        self.events.append(
            Event("rolled", player.name, other=by, token=decision.purpose, amount=rolled)
        )

    def _take_choice(self, decision: Decision, task: Task, value: str) -> None:
        if value not in decision.options:
            raise IllegalAction(f"{value!r} is not one of {', '.join(decision.options)}")
        if value == REROLL:
            player = self.state.players[decision.player]
            player.reroll_turn = self.state.turn_number
            task.value = None
            self.events.append(Event("reroll", player.name))
            return
        task.choice = value

    def _item_action(self, player: Player, action: str) -> None:
        if action == "peek":
            count = max(p.peek for p in self.powers(player))
            self.events.append(Event("peek", player.name, cards=tuple(self.state.deck[:count])))
            player.used_this_turn.append(action)
        elif action == "trade":
            trade = next(p.trade for p in self.powers(player) if p.trade)
            self._trade(player, trade)
            player.used_this_turn.append(action)
        else:
            cursed = next(i for i in player.items if self.pack.card(i.name).powers.lift_cost)
            cost = self.pack.card(cursed.name).powers.lift_cost
            player.faith -= cost
            self._discard_item(player, cursed)
            self.events.append(Event("lifted", player.name, card=cursed.name, amount=cost))

    # ------------------------------------------------------------------ helpers

    def _then(self, *tasks: Task) -> None:
        """Schedule ``tasks`` to run next, in the order given."""
        self.state.agenda.extend(reversed(tasks))

    def _player(self, task: Task) -> Player:
        return self.state.players[task.player]

    def _ask(self, task: Task, purpose: str, options: list[str], **details) -> Decision:
        return Decision(
            kind="choose", purpose=purpose, player=task.player, options=options, **details
        )

    def _ask_roll(self, task: Task, purpose: str, **details) -> Decision:
        return Decision(kind="roll", purpose=purpose, player=task.player, **details)

    def _can_reroll(self, player: Player) -> bool:
        has_power = any(p.rerolls_per_turn for p in self.powers(player))
        return has_power and player.reroll_turn != self.state.turn_number

    def _reroll_matters(self, task: MoveRoll) -> bool:
        """Whether to offer a re-roll of the move: where the roll lands shows something (a
        card, another hero, a special space), or the table asked to be asked every time.
        On a bare space a re-roll would trade one unknown for another, so the roll stands
        unasked and the re-roll is kept for the turn's fate roll."""
        if self.state.settings.ask_every_reroll:
            return True
        player = self._player(task)
        landing = self.landing(player, self.move_steps(player, task.value))
        others = [other for other in self.state.players if other is not player]
        return (
            landing in self.state.board
            or any(other.space == landing for other in others)
            or self.pack.board.special_at(landing) is not None
        )

    def _rescue(self, task: Task, extra: Sequence[str] = (), **details) -> Decision | None:
        """After a failed roll: offer a re-roll and ``extra`` cards, unless already declined."""
        if task.choice is not None:
            return None
        options = ([REROLL] if self._can_reroll(self._player(task)) else []) + list(extra)
        if not options:
            return None
        return self._ask(task, "rescue", [*options, DECLINE], value=task.value, **details)

    def _effects(self, player: int, effects: Iterable[Effect], source: str) -> list[Task]:
        return [ApplyEffect(player=player, effect=effect, source=source) for effect in effects]

    def _discard_item(self, player: Player, item: HeldItem) -> None:
        player.items.remove(item)
        self.state.discard.append(item.name)

    def _can_pay(self, player: Player, token: Token, amount: int) -> bool:
        have = player.tokens(token)
        if token == "fortune" and self.state.settings.pay_with_treasure:
            have += len(player.treasures)
        return have >= amount

    def _pay(self, player: Player, token: Token, amount: int) -> None:
        """Give back up to ``amount`` tokens (a Fortune may be a Treasure card)."""
        from_tokens = min(amount, player.tokens(token))
        if from_tokens:
            player.add_tokens(token, -from_tokens)
            self.events.append(Event("paid", player.name, token=token, amount=from_tokens))
        treasure_pays = token == "fortune" and self.state.settings.pay_with_treasure
        for _ in range(amount - from_tokens):
            if not (treasure_pays and player.treasures):
                self.events.append(Event("nothing_to_pay", player.name, token=token))
                return
            treasure = player.treasures.pop(0)
            self.state.discard.append(treasure)
            self.events.append(Event("paid_treasure", player.name, card=treasure))

    def _gain(self, player: Player, token: Token, amount: int, source: str = "") -> None:
        """Give tokens; ``source`` (a card or a space) says why, when the narration would
        not (a location's gift on a later landing)."""
        player.add_tokens(token, amount)
        self.events.append(Event("gained", player.name, token=token, amount=amount, card=source))

    def _trade(self, player: Player, trade: Trade) -> None:
        self._pay(player, trade.pay, trade.pay_amount)
        self._gain(player, trade.get, trade.get_amount)

    def _game_over(self) -> None:
        self.state.finished = True
        self.state.agenda.clear()
        self.events.append(Event("game_over"))

    # ------------------------------------------------------------------ agenda tasks

    def _do_order_roll(self, task: OrderRoll) -> Decision | None:
        if task.value is not None:
            task.rolls.append(task.value)
            task.value = None
        if len(task.rolls) < len(task.contenders):
            return Decision(kind="roll", purpose="order", player=task.contenders[len(task.rolls)])
        by_roll = sorted(set(task.rolls), reverse=True)
        groups = [
            [who for who, roll in zip(task.contenders, task.rolls, strict=True) if roll == value]
            for value in by_roll
        ]
        task.waiting = groups + task.waiting
        while task.waiting and len(task.waiting[0]) == 1:
            task.placed += task.waiting.pop(0)
        if task.waiting:
            tied = task.waiting.pop(0)
            names = tuple(self.state.players[who].name for who in tied)
            self.events.append(Event("order_tie", cards=names))
            task.contenders, task.rolls = tied, []
            return Decision(kind="roll", purpose="order", player=tied[0])
        self.state.order = task.placed
        names = tuple(self.state.players[who].name for who in task.placed)
        self.events.append(Event("first", names[0], cards=names))
        self._then(StartTurn(player=task.placed[0]))
        return None

    def _do_start_turn(self, task: StartTurn) -> None:
        player = self._player(task)
        self.state.current = task.player
        self.state.turn_number += 1
        player.used_this_turn = []
        self.events.append(Event("turn", player.name, amount=int(task.gained), total=task.dice))
        self._then(MoveRoll(player=task.player, dice=task.dice), EndTurn(player=task.player))

    def _move_actions(self, player: Player) -> list[str]:
        powers = self.powers(player)
        actions = []
        if any(p.peek for p in powers) and "peek" not in player.used_this_turn:
            actions.append("peek")
        trade = next((p.trade for p in powers if p.trade), None)
        fresh = "trade" not in player.used_this_turn
        if trade and fresh and self._can_pay(player, trade.pay, trade.pay_amount):
            actions.append("trade")
        if any(p.lift_cost and player.faith >= p.lift_cost for p in powers):
            actions.append("lift")
        return actions

    def _do_move_roll(self, task: MoveRoll) -> Decision | None:
        player = self._player(task)
        if task.value is None:
            two_dice = task.dice == 1 and any(p.move_dice == 2 for p in self.powers(player))
            return self._ask_roll(
                task,
                "move",
                low=task.dice,
                high=6 * (2 if two_dice else task.dice),
                dice=task.dice,
                two_dice=two_dice,
                actions=self._move_actions(player),
            )
        if task.choice is None and self._can_reroll(player) and self._reroll_matters(task):
            return self._ask(task, "reroll", [REROLL, DECLINE], value=task.value)
        self._then(Move(player=task.player, steps=self.move_steps(player, task.value)))
        return None

    def _do_move(self, task: Move) -> None:
        player = self._player(task)
        passed = [self.landing(player, step) for step in range(1, task.steps)]
        player.space = self.landing(player, task.steps)
        self.events.append(Event("moved", player.name, amount=player.space))
        on_pass = []
        for number in passed:
            space = self.pack.board.special_at(number)
            if space and space.on_pass and number != player.space:
                self.events.append(Event("passed", player.name, amount=number))
                on_pass += self._effects(task.player, space.on_pass, space.name)
        self._then(*on_pass, Land(player=task.player))

    def _do_land(self, task: Land) -> None:
        player = self._player(task)
        victims = [
            index
            for index, other in enumerate(self.state.players)
            if index != task.player and other.space == player.space and self.stealable(other)
        ]
        steal = [StealOffer(player=task.player, victims=victims)] if victims else []
        space_tasks = self._space_tasks(task.player, player.space)
        if self.state.settings.steal_first:
            self._then(*steal, *space_tasks)
        else:
            self._then(*space_tasks, *steal)

    def _space_tasks(self, who: int, number: int) -> list[Task]:
        player = self.state.players[who]
        special = self.pack.board.special_at(number)
        if special:
            self.events.append(Event("special", player.name, card=special.name))
            return self._effects(who, special.on_land, special.name)
        if number in self.state.board:
            card = self.pack.card(self.state.board[number])
            if card.kind == "challenge":
                return [Face(player=who, card=card.name, on_board=True)]
            self.events.append(Event("location", player.name, card=card.name))
            return self._effects(who, card.effects, card.name)
        return [Draw(player=who)]

    def _do_draw(self, task: Draw) -> None:
        deck = self.state.deck
        if not deck:
            self._game_over()
            return
        player = self._player(task)
        count = min(len(deck), max(p.draw_choose for p in self.powers(player)))
        if count > 1:
            cards, self.state.deck = deck[:count], deck[count:]
            self.events.append(Event("drew_several", player.name, cards=tuple(cards)))
            self._then(KeepOne(player=task.player, cards=cards))
        else:
            self._then(Resolve(player=task.player, card=deck.pop(0)))

    def _do_keep_one(self, task: KeepOne) -> Decision | None:
        options = list(dict.fromkeys(task.cards))
        if task.choice is None and len(options) > 1:
            return self._ask(task, "keep_card", options)
        kept = task.choice or options[0]
        others = list(task.cards)
        others.remove(kept)
        self.state.discard.extend(others)
        self.events.append(Event("discarded", self._player(task).name, cards=tuple(others)))
        self._then(Resolve(player=task.player, card=kept))
        return None

    def _do_resolve(self, task: Resolve) -> None:
        player = self._player(task)
        card = self.pack.card(task.card)
        self.events.append(Event("card", player.name, card=card.name))
        effects = self._effects(task.player, card.effects, card.name)
        if card.kind == "challenge":
            self._then(Face(player=task.player, card=card.name, on_board=False))
            return
        if card.kind == "location":
            self.state.board[player.space] = card.name
            self.events.append(Event("placed", player.name, card=card.name, amount=player.space))
            self._then(*(effects if self.state.settings.location_acts_on_draw else []))
            return
        if card.kind == "event" or card.discard_after:
            self.state.discard.append(card.name)
        else:
            self._hand(player, card.kind).append(
                HeldItem(name=card.name) if card.kind == "item" else card.name
            )
            self.events.append(Event("kept", player.name, card=card.name))
        self._then(*effects)

    @staticmethod
    def _hand(player: Player, kind: str) -> list:
        """The pile in front of ``player`` where cards of ``kind`` go."""
        return {"item": player.items, "aid": player.aids, "treasure": player.treasures}[kind]

    def _do_face(self, task: Face) -> None:
        player = self._player(task)
        card = self.pack.card(task.card)
        self.events.append(Event("face", player.name, card=card.name, amount=int(task.on_board)))
        keeper = next(
            (
                name
                for name in player.held_names()
                if self.pack.card(name).powers.win == "keep"
                and card.category in self.pack.card(name).powers.win_vs
            ),
            None,
        )
        if keeper:
            self.events.append(Event("protected", player.name, card=card.name, other=keeper))
            self._then(Won(player=task.player, card=card.name, on_board=task.on_board))
        else:
            self._then(FateRoll(player=task.player, card=card.name, on_board=task.on_board))

    def _win_cards(self, player: Player, card: Card) -> list[str]:
        """Cards the player may discard to defeat ``card``."""
        return list(
            dict.fromkeys(
                name
                for name in player.held_names()
                if self.pack.card(name).powers.win == "discard"
                and _in(card.category, self.pack.card(name).powers.win_vs)
            )
        )

    def _do_fate_roll(self, task: FateRoll) -> Decision | None:
        player = self._player(task)
        card = self.pack.card(task.card)
        if task.value is None:
            return self._ask_roll(task, "fate", card=card.name)
        total = task.value + self.fate_modifier(player, card)
        wins = total >= WINNING_ROLL
        if task.choice is None:
            self.events.append(
                Event("fate", player.name, card=card.name, amount=int(wins), total=total)
            )
        if card.kind != "challenge":
            return self._fate_for_reward(task, card, wins)
        if wins:
            self._then(Won(player=task.player, card=card.name, on_board=task.on_board))
            return None
        rescue = self._rescue(task, self._win_cards(player, card), card=card.name)
        if rescue:
            return rescue
        if task.choice not in (None, DECLINE):
            self._then(
                Won(player=task.player, card=card.name, on_board=task.on_board, by=task.choice)
            )
        else:
            self._then(Failed(player=task.player, card=card.name, on_board=task.on_board))
        return None

    def _fate_for_reward(self, task: FateRoll, card: Card, wins: bool) -> Decision | None:
        if not wins:
            rescue = self._rescue(task, card=card.name)
            if rescue:
                return rescue
            self.events.append(Event("no_reward", self._player(task).name, card=card.name))
            return None
        effect = next(e for e in card.effects if isinstance(e, FateRollFor))
        self._then(Reward(player=task.player, options=list(effect.reward_choice), card=card.name))
        return None

    def _do_reward(self, task: Reward) -> Decision | None:
        if task.choice is None:
            return self._ask(task, "reward", list(task.options), card=task.card)
        self._gain(self._player(task), task.choice, 1)
        return None

    def _do_won(self, task: Won) -> None:
        player = self._player(task)
        card = self.pack.card(task.card)
        if task.by:
            self._use_up(player, task.by)
        player.trophies.append(card.name)
        if task.on_board:
            del self.state.board[player.space]
        self.events.append(Event("won", player.name, card=card.name, other=task.by or ""))
        rewards = [
            effect
            for powers in self.powers(player)
            if powers.win_reward and _in(card.category, powers.win_reward_vs)
            for effect in powers.win_reward
        ]
        self._then(*self._effects(task.player, [*card.on_win, *rewards], card.name))

    def _use_up(self, player: Player, name: str) -> None:
        """Discard the card ``name`` the player has just used."""
        if name in player.aids:
            player.aids.remove(name)
            self.state.discard.append(name)
        else:
            self._discard_item(player, next(i for i in player.items if i.name == name))
        self.events.append(Event("used", player.name, card=name))

    def _do_failed(self, task: Failed) -> None:
        player = self._player(task)
        card = self.pack.card(task.card)
        self.events.append(Event("failed", player.name, card=card.name))
        if not task.on_board:
            self.state.board[player.space] = card.name
            self.events.append(Event("stays", player.name, card=card.name, amount=player.space))
        self._then(
            *self._effects(task.player, card.on_fail, card.name), LoseTurn(player=task.player)
        )

    def _do_effect(self, task: ApplyEffect) -> Decision | None:
        player = self._player(task)
        effect = task.effect
        if isinstance(effect, Gain):
            self._gain(player, effect.token, effect.amount, task.source)
        elif isinstance(effect, Pay):
            self._pay(player, effect.token, effect.amount)
        elif isinstance(effect, MissTurn):
            self._then(LoseTurn(player=task.player))
        elif isinstance(effect, ExtraTurn):
            player.extra_turns.append(effect.dice)
            self.events.append(Event("extra_turn", player.name, amount=effect.dice))
        elif isinstance(effect, Trade):
            return self._offer_trade(task, player, effect)
        elif isinstance(effect, OpponentMissesTurn):
            return self._choose_target(task)
        elif isinstance(effect, FateRollFor):
            self._then(FateRoll(player=task.player, card=task.source, on_board=True))
        return None

    def _offer_trade(self, task: ApplyEffect, player: Player, trade: Trade) -> Decision | None:
        if not self._can_pay(player, trade.pay, trade.pay_amount):
            self.events.append(Event("cannot_trade", player.name, token=trade.pay))
            return None
        if task.choice is None:
            return self._ask(task, "trade", [ACCEPT, DECLINE], card=task.source)
        if task.choice == ACCEPT:
            self._trade(player, trade)
        return None

    def _choose_target(self, task: ApplyEffect) -> Decision | None:
        opponents = [p.name for i, p in enumerate(self.state.players) if i != task.player]
        if task.choice is None and len(opponents) > 1:
            return self._ask(task, "target", opponents, card=task.source)
        target = task.choice or opponents[0]
        index = next(i for i, p in enumerate(self.state.players) if p.name == target)
        self.events.append(Event("target", self._player(task).name, other=target))
        self._then(LoseTurn(player=index))
        return None

    def _do_lose_turn(self, task: LoseTurn) -> None:
        player = self._player(task)
        ring = next((i.name for i in player.items if self.pack.card(i.name).powers.save_roll), None)
        if ring:
            self._then(RingRoll(player=task.player, ring=ring))
        else:
            self._then(SaveOffer(player=task.player))

    def _do_ring_roll(self, task: RingRoll) -> Decision | None:
        if task.value is None:
            return self._ask_roll(task, "ring", card=task.ring)
        player = self._player(task)
        if task.value >= self.pack.card(task.ring).powers.save_roll:
            self.events.append(Event("saved", player.name, card=task.ring))
            return None
        rescue = self._rescue(task, card=task.ring)
        if rescue:
            return rescue
        self._then(SaveOffer(player=task.player))
        return None

    def _savers(self, player: Player) -> list[str]:
        return list(
            dict.fromkeys(name for name in player.held_names() if self.pack.card(name).powers.saves)
        )

    def _do_save_offer(self, task: SaveOffer) -> Decision | None:
        player = self._player(task)
        savers = self._savers(player)
        if savers and task.choice is None:
            return self._ask(task, "save", [*savers, DECLINE])
        if task.choice in (None, DECLINE):
            player.missed_turns += 1
            self.events.append(Event("loses_turn", player.name))
            return None
        self._spend_saver(player, task.choice)
        self.events.append(Event("saved", player.name, card=task.choice))
        return None

    def _spend_saver(self, player: Player, name: str) -> None:
        item = next((i for i in player.items if i.name == name), None)
        if item is None:
            self._use_up(player, name)
            return
        item.uses += 1
        left = self.pack.card(name).powers.saves - item.uses
        self.events.append(Event("uses_left", player.name, card=name, amount=left))
        if left <= 0:
            self._use_up(player, name)

    def _do_steal_offer(self, task: StealOffer) -> Decision | None:
        names = [self.state.players[i].name for i in task.victims]
        if task.choice is None:
            if len(names) == 1:
                return self._ask(task, "steal_try", [ACCEPT, DECLINE], other=task.victims[0])
            return self._ask(task, "steal_from", [*names, DECLINE])
        if task.choice == DECLINE:
            return None
        victim = (
            task.victims[0] if task.choice == ACCEPT else task.victims[names.index(task.choice)]
        )
        self._then(StealRoll(player=task.player, victim=victim))
        return None

    def _do_steal_roll(self, task: StealRoll) -> Decision | None:
        if task.value is None:
            return self._ask_roll(task, "steal", other=task.victim)
        player = self._player(task)
        total = task.value + self.steal_modifier(player)
        victim = self.state.players[task.victim]
        if task.choice is None:
            self.events.append(
                Event(
                    "steal",
                    player.name,
                    other=victim.name,
                    amount=int(total >= WINNING_ROLL),
                    total=total,
                )
            )
        if total >= WINNING_ROLL:
            self._then(StealPick(player=task.player, victim=task.victim))
            return None
        return self._rescue(task, other=task.victim)

    def _do_steal_pick(self, task: StealPick) -> Decision | None:
        victim = self.state.players[task.victim]
        options = self.stealable(victim)
        if task.choice is None and len(options) > 1:
            return self._ask(task, "steal_what", options, other=task.victim)
        taken = task.choice or options[0]
        thief = self._player(task)
        if taken == FORTUNE_TOKEN:
            victim.fortune -= 1
            thief.fortune += 1
        elif taken in victim.treasures:
            victim.treasures.remove(taken)
            thief.treasures.append(taken)
        else:
            item = next(i for i in victim.items if i.name == taken)
            victim.items.remove(item)
            thief.items.append(item)
        self.events.append(Event("stole", thief.name, other=victim.name, card=taken))
        return None

    def _do_end_turn(self, task: EndTurn) -> None:
        player = self._player(task)
        if player.extra_turns:
            dice = player.extra_turns.pop(0)
            self._then(StartTurn(player=task.player, dice=dice, gained=True))
            return
        players = self.state.players
        order = self.state.order or list(range(len(players)))
        following = self._after(order, task.player)
        while players[following].missed_turns:
            players[following].missed_turns -= 1
            self.events.append(Event("skipped", players[following].name))
            following = self._after(order, following)
        self._then(StartTurn(player=following))

    @staticmethod
    def _after(order: list[int], player: int) -> int:
        """Who plays after ``player`` in the turn order."""
        return order[(order.index(player) + 1) % len(order)]


def _cards_in_hand(state: GameState) -> list[str]:
    """Cards drawn and still being resolved: held by tasks on the agenda."""
    cards = []
    for task in state.agenda:
        if isinstance(task, KeepOne):
            cards += task.cards
        elif isinstance(task, Resolve) or not getattr(task, "on_board", True):
            cards.append(task.card)
    return cards


def check_invariants(pack: Pack, state: GameState) -> None:
    """Raise AssertionError when ``state`` is not a state the rules can reach."""
    cards = state.deck + state.discard + list(state.board.values()) + _cards_in_hand(state)
    for player in state.players:
        cards += player.held_names() + player.trophies
        assert min(player.fame, player.fortune, player.faith, player.missed_turns) >= 0, player
        assert 1 <= player.space <= pack.board.spaces, player
        for pile, kind in (
            ([item.name for item in player.items], "item"),
            (player.treasures, "treasure"),
            (player.aids, "aid"),
            (player.trophies, "challenge"),
        ):
            assert {pack.card(name).kind for name in pile} <= {kind}, (player.name, pile)
        for item in player.items:
            assert item.uses < max(pack.card(item.name).powers.saves, 1), item
    # Every card is somewhere, exactly once (the Ivory Ship is discarded when cashed in).
    held = Counter(cards)
    assert dict.__eq__(held, pack.deck_counts), (held - Counter(pack.deck_counts),)
    for number, name in state.board.items():
        assert pack.board.special_at(number) is None, number
        assert pack.card(name).kind in ("challenge", "location"), name
    assert (state.pending is None) == state.finished, state.pending
    if state.pending is not None:
        assert state.agenda, "a decision without a task"
        assert 0 <= state.pending.player < len(state.players)
