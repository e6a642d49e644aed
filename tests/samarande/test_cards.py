"""The shipped card list, the box it counts, and `companion check` of a card list."""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.framework.answers import Answer
from companion.framework.dialogue import Step
from companion.framework.errors import PackError
from companion.games.samarande.content.catalogue import UnknownFigureError
from companion.games.samarande.content.loader import check_catalogue, load_catalogue
from companion.games.samarande.speech import action_phrases
from companion.session.ports import Heard, global_commands
from companion.session.understanding import understand

#: Every card the rulebook names, by the name it prints (French when it gives one).
RULEBOOK_NAMES = [
    "Bibliothèque", "palace", "armourer", "royal guard", "Militia",
    "Cavaliers du désert", "Hommes du désert", "Calife", "Génie effrayant",
    "Génie explorateur", "Génie facétieux", "Génie imposant", "Génie kidnappeur",
    "Génie protecteur", "Guilde des assassins", "Lampe magique", "Sésame ouvre-toi !",
    "Tornade du désert", "cimeterre enchanté", "tapis magique",
]  # fmt: skip


def test_the_list_holds_every_card_the_rulebook_names_and_the_box_of_110():
    catalogue = load_catalogue()
    cards = {catalogue.card(name).name for name in RULEBOOK_NAMES}
    assert len(cards) == len(RULEBOOK_NAMES) == len(catalogue.cards)
    assert [catalogue.box[kind] for kind in ("district", "artisan", "guard", "action")] == [
        23,
        26,
        19,
        42,
    ]
    assert catalogue.total_cards == 110


def test_only_the_figures_the_rulebook_gives_are_filled_in():
    catalogue = load_catalogue()
    known = {
        (card.name, figure)
        for card in catalogue.cards
        for figure in card.needed()
        if figure not in card.missing
    }
    assert known == {
        ("Militia", "guard_bonus"),
        ("Joker Genie", "cost"),
        ("Palace", "hand_limit_bonus"),
    }
    with pytest.raises(UnknownFigureError, match="Palace's cost is not known"):
        catalogue.card("Palace").known("cost")


def test_stated_figures_make_a_new_list_and_keep_the_old_one():
    catalogue = load_catalogue()
    stated = catalogue.with_figures("Hommes du désert", cost=2, guard_bonus=1)
    assert stated.card("bedouins").known("cost") == 2
    assert catalogue.card("bedouins").missing == ("cost", "guard_bonus")
    with pytest.raises(ValueError, match="guard_bonus"):
        catalogue.with_figures("Bedouins", guard_bonus=7)


def write(tmp_path, text: str):
    (tmp_path / "cards.toml").write_text(text, encoding="utf-8")
    return tmp_path / "cards.toml"


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        ('[[card]]\nname = "Hut"\nkind = "hovel"\n', 3, "kind 'hovel' is not a kind; write one of"),
        ('[[card]]\nname = "Hut"\nkind = "district"\ncots = 2\n', 4, "unknown field 'cots'"),
        ('[[card]]\nname = "Hut"\nkind = "district"\ncapacity = 5\n', 4, "out of range"),
        ('[[card]]\nname = "Hut"\n', 1, "kind is missing; add kind"),
        ('[[card]]\nname = "Spell"\nkind = "action"\n', 1, "needs an effect"),
        ('[[card]]\nname = "Hut"\nkind = "district"\ncoins = 2\n', 1, "a district has no coins"),
        (
            '[[card]]\nname = "Hut"\nkind = "district"\n\n'
            '[[card]]\nname = "Shed"\naliases = ["hut"]\nkind = "district"\n',
            7,
            "'hut' already names Hut",
        ),
        (
            '[box]\ndistrict = 2\n[[card]]\nname = "Hut"\nkind = "district"\ncount = 3\n',
            2,
            "add up to 3 districts but the box holds 2",
        ),
        ('[box]\ndistricts = 2\n[[card]]\nname = "Hut"\nkind = "district"\n', 2, "not a kind"),
        ('[[card]]\nname = "Hut\n', 2, "not valid TOML"),
    ],
)
def test_every_problem_names_its_file_and_line(tmp_path, text, line, says):
    path = write(tmp_path, text)
    catalogue, problems = check_catalogue(tmp_path)
    assert catalogue is None
    assert (problems[0].file, problems[0].line) == (str(path), line)
    assert str(problems[0]).startswith(f"{path}:{line}: ") and says in problems[0].message
    with pytest.raises(PackError, match=f"cards.toml:{line}: ") as raised:
        load_catalogue(tmp_path)
    assert (raised.value.file, raised.value.line) == (str(path), line)


def test_a_missing_list_is_named(tmp_path):
    with pytest.raises(PackError, match="no card list here"):
        load_catalogue(tmp_path)


def test_companion_check_reports_a_card_list(tmp_path, capsys):
    assert main(["check", "content/samarande"]) == 0
    assert "20 different cards; the box holds 23 districts" in capsys.readouterr().out
    path = write(
        tmp_path, '[box]\nguard = 1\n[[card]]\nname = "Watch"\nkind = "guard"\ncount = 2\n'
    )
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:2: the cards' counts add up to 2 guards but the box holds 1" in out
    assert out.strip().endswith("1 problem")


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("sword", Answer.of("play", card="Enchanted Scimitar")),
        ("play the enchanted sword", Answer.of("play", card="Enchanted Scimitar")),
        ("scimitar", Answer.of("play", card="Enchanted Scimitar")),
        ("play the giant", Answer.of("play", card="Giant Genie")),
        ("scary", Answer.of("play", card="Scary Genie")),
        ("sesame", Answer.of("play", card="Open Sesame")),
        ("the giant genie costs two", Answer.of("cost", card="Giant Genie", cost=2)),
        ("scary genie costs two", Answer.of("cost", card="Scary Genie", cost=2)),
    ],
)
def test_the_short_english_names_play_their_card_and_leave_the_others_alone(typed, meant):
    """Names added for the voice ("sword": whisper hears it far better than "scimitar")
    are exact, unambiguous answers at the actions step, and the statements of a cost
    still mean the cost."""
    answers = action_phrases(load_catalogue(), (1, 2, 3, 4, 5, 6))
    everything = answers | global_commands(("Ali", "Zoe"))
    understood = understand(Heard(typed, typed=True), Step("Your actions?", answers), everything)
    assert (understood.value, understood.exact, understood.clear) == (meant, True, True)
