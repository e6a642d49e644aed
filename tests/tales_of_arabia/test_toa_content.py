"""The content pack holds every card, hero and special space of the seed, as data."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from companion.framework.errors import PackError
from companion.games.tales_of_arabia.content.pack import ExtraTurn, Gain, MissTurn, Pay, load_pack
from tests.tales_of_arabia.seed_tables import (
    AIDS,
    CHALLENGES,
    EVENTS,
    ITEMS,
    LOCATIONS,
    TREASURES,
)

PACK = load_pack()
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "tales-of-arabia-rules.txt"


def _names(kind: str) -> set[str]:
    return {card.name for card in PACK.cards if card.kind == kind}


def test_the_deck_holds_one_of_each_card_and_eight_gold_and_silver() -> None:
    deck = Counter(PACK.deck())
    assert len(PACK.deck()) == 59 + 14 + 12 + 18 + 6 + 6
    assert deck["Gold & Silver"] == 8
    assert {name: deck[name] for name in TREASURES} == TREASURES


@pytest.mark.parametrize(
    ("kind", "names"),
    [
        ("challenge", set(CHALLENGES)),
        ("item", ITEMS),
        ("treasure", set(TREASURES)),
        ("event", EVENTS),
        ("aid", AIDS),
        ("location", LOCATIONS),
    ],
)
def test_every_card_of_the_seed_is_in_the_pack_with_its_kind(kind: str, names: set[str]) -> None:
    assert _names(kind) == names


@pytest.mark.parametrize("name", sorted(CHALLENGES))
def test_challenge_card_data_matches_the_seed(name: str) -> None:
    category, modifier, win_token, fail_fortune = CHALLENGES[name]
    card = PACK.card(name)
    assert (card.category, card.fate_modifier) == (category, modifier)
    assert card.on_win == ((Gain(do="gain", token=win_token, amount=1),) if win_token else ())
    expected_fail = (Pay(do="pay", token="fortune", amount=1),) if fail_fortune else ()
    assert card.on_fail == expected_fail


def test_categories_the_seed_leaves_out_are_marked_inferred() -> None:
    inferred = {card.name for card in PACK.cards if card.inferred}
    assert inferred == {"Giant Fish", "Shapeshifting Djinn", "Wind Djinn"}
    assert PACK.card("Efreeti").written == "Fire Djin"
    assert PACK.card("Evil Vizier").written == "Man"


def test_event_and_location_effects_are_encoded() -> None:
    assert PACK.card("Ramadan").effects == (
        Gain(do="gain", token="faith", amount=1),
        MissTurn(do="miss_turn"),
    )
    assert PACK.card("Arabian Horses").effects == (ExtraTurn(do="extra_turn", dice=2),)
    assert PACK.card("Oasis").effects == (ExtraTurn(do="extra_turn", dice=1),)


def test_heroes_and_board() -> None:
    assert [hero.name for hero in PACK.heroes] == [
        "Ali Baba", "Aladdin", "Sindbad the Sailor", "Thief of Baghdad", "Morgiana", "Antar",
    ]  # fmt: skip
    assert PACK.board.spaces == 36
    assert [(s.number, s.name) for s in PACK.board.special] == [
        (1, "Baghdad"), (10, "Mecca"), (19, "Medina"), (28, "Silk Road"),
    ]  # fmt: skip


def test_every_card_has_one_or_two_sentences_of_its_own_narration() -> None:
    narrations = [card.narration for card in PACK.cards]
    assert len(set(narrations)) == len(narrations)
    for text in narrations:
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]
        assert 1 <= len(sentences) <= 2, text


def _word_runs(text: str, size: int) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z]+", text.lower())
    return {tuple(words[i : i + size]) for i in range(len(words) - size + 1)}


def test_narration_does_not_reuse_the_seed_wording() -> None:
    if not SEED.exists():
        pytest.skip(f"the seed is not at {SEED}")
    seed_runs = _word_runs(SEED.read_text(encoding="utf-8"), 5)
    for text in [card.narration for card in PACK.cards] + [h.narration for h in PACK.heroes]:
        assert not _word_runs(text, 5) & seed_runs, text


def test_a_broken_pack_is_reported(tmp_path: Path) -> None:
    (tmp_path / "cards.toml").write_text('[[cards]]\nname = "X"\nkind = "sword"\nnarration = "x"')
    (tmp_path / "heroes.toml").write_text("heroes = []")
    (tmp_path / "board.toml").write_text("spaces = 36\nstart = 1\nspecial = []")
    with pytest.raises(PackError, match="kind"):
        load_pack(tmp_path)
    with pytest.raises(PackError, match="cannot read"):
        load_pack(tmp_path / "missing")
