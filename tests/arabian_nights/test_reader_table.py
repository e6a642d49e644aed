"""The Reader on the demo book, played through the typed contract: statuses and treasures
that act, choices the book gives, the sheet in the players' hands, the right winner."""

from __future__ import annotations

import re
from pathlib import Path

from companion.framework.answers import Answer
from companion.framework.dialogue import GameOptions
from companion.framework.kit import roll_hint
from companion.games.arabian_nights.content.loader import load_pack
from companion.games.arabian_nights.dialogue.sheet_commands import (
    OPEN_SHEET,
    SheetCommand,
    is_command,
)
from companion.games.arabian_nights.game import GAME
from companion.games.arabian_nights.rules.card_effects import city_toll
from companion.games.arabian_nights.rules.state import PlayerSheet
from companion.games.arabian_nights.speech import article
from companion.session.loop import PrintMouth, Session, TypedEars, run_typed
from companion.session.observers.chronicle import Chronicle
from companion.session.ports import Heard
from companion.session.saves import read_save
from tests.arabian_nights.pack_edits import copy_mini, edit
from tests.arabian_nights.reader_helpers import SETUP, edit_save, paragraphs_read, resume, sheet

SKIP = SheetCommand(player="", action="skip").answer()
# Ali (m): Storytelling, Courtly Graces, Wits; Zed (f): Seamanship, Quick Thinking, Stealth.
DEMO_SETUP = [
    "choose",
    "storytelling", "seamanship", "courtly graces", "quick thinking", "wits", "stealth",
    "10", "10",
    "Ali",
]  # fmt: skip


def start(save: Path, lines: list[str] = (), seed: int = 3, settings=None) -> list[str]:
    """A new two-player game on the demo book, set up and played from typed lines."""
    options = GameOptions(seed=seed, players=[("Ali", "m"), ("Zed", "f")], settings=settings or {})
    dialogue = GAME.new(options)
    printed = run_typed(dialogue, GAME, [*DEMO_SETUP, *lines], save)
    assert "Sorry, I did not catch that." not in printed, "\n".join(printed)
    return printed


def change(save: Path, player: int, **fields) -> None:
    """Change a player's sheet in the save; treasures given leave the treasure deck."""

    def update(state) -> None:
        table = state["table"]
        table["players"][player].update(fields)
        given = set(fields.get("treasures", []))
        table["treasure_deck"] = [card for card in table["treasure_deck"] if card not in given]

    edit_save(save, update)


def choose_a_status(save: Path, answer: str) -> list[str]:
    """Ali, Cursed and Wounded, reaches the Garden of Irem (a status of one's choice is
    lost there) and answers the question with ``answer``."""
    start(save)
    change(save, 0, destination="Garden of Irem", position="Empty Quarter",
           statuses=["Cursed", "Wounded"])  # fmt: skip
    return resume(["Garden of Irem", answer], save)


def test_a_status_of_ones_choice_is_asked_for_and_lost(tmp_path):
    save = tmp_path / "game.json"
    lines = choose_a_status(save, "wounded")
    assert paragraphs_read(lines) == [60]
    assert "Which status do you lose: Cursed or Wounded? Or say none." in lines
    assert "Ali is no longer Wounded." in lines
    assert sheet(save, "Ali")["statuses"] == ["Cursed"]
    assert "Ali follows the arrow out to the Empty Quarter." in lines


def test_a_status_of_ones_choice_may_be_kept(tmp_path):
    save = tmp_path / "game.json"
    lines = choose_a_status(save, "keep them all")
    assert "Ali keeps every status." in lines
    assert sheet(save, "Ali")["statuses"] == ["Cursed", "Wounded"]
    assert "Ali follows the arrow out to the Empty Quarter." in lines


def test_prison_holds_until_a_five_or_six_and_forbids_moving(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 1, statuses=["Imprisoned"])
    lines = resume(["skip my turn", "yes", "4", "Damascus"], save)
    assert any(
        line.startswith("Zed, you are Imprisoned. Roll a die: five or six sets you free.")
        for line in lines
    )
    assert "You rolled 4. Zed is still Imprisoned." in lines
    assert "Zed, you are in Baghdad. As Imprisoned, you cannot move this turn. Say stay." in lines
    assert "As Imprisoned, Zed cannot move this turn." in lines
    lines = resume(["undo", "6", "Basra"], save)
    assert "You rolled 6. Zed is no longer Imprisoned." in lines
    assert sheet(save, "Zed")["position"] == "Basra"


def test_a_lost_turn_is_skipped_and_statuses_end_when_they_say(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 1, turns_to_skip=1)
    change(save, 0, statuses=["Lost", "Blessed"])
    lines = resume(["stay", "Merchant of Basra", "1", "I help", "blank", "no skill"], save)
    assert "Ali, you are in Baghdad. As Lost, you cannot move this turn. Say stay." in lines
    assert "1, plus 1 for Blessed, makes 2. You meet a Sly Beggar." in lines
    assert "Ali is no longer Blessed." in lines
    ending = lines.index("Ali is no longer Lost.")
    assert lines[ending + 1 : ending + 4] == [
        "It is Zed's turn.",
        "Zed loses this turn.",
        "It is Ali's turn.",
    ]
    assert sheet(save, "Ali")["statuses"] == [] and sheet(save, "Zed")["turns_to_skip"] == 0


def test_help_lists_the_answers_of_the_move_and_the_card(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    lines = resume(["help", "all", "stay", "help", "all"], save)
    move_help = "Say the name of the space where your hero ends the move, or say stay. "
    helped = next(line for line in lines if line.startswith(move_help))
    assert helped.startswith(f"{move_help}From Baghdad you can reach Basra, ")
    assert " and 20 more; say all to hear them. " in helped and len(helped.split()) < 80
    assert "To correct a sheet, say change my sheet." in helped
    whole = lines[lines.index(helped) + 2]
    assert (
        whole.startswith("From Baghdad you can reach by land Basra, ")
        and "by land and sea" in whole
    )
    cards = next(line for line in lines if "The cards are " in line)
    assert "The cards are Merchant of Basra, Wandering Sailor" in cards
    assert "more; say all to hear them." in cards
    assert lines[lines.index(cards) + 2].startswith("The cards are Merchant of Basra, ")
    assert len(lines[lines.index(cards) + 2]) > len(cards)


def test_an_exile_may_not_enter_baghdad(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Exiled"], position="Basra")
    lines = resume(["Baghdad"], save)
    assert lines[1].startswith("As Exiled, Ali may not enter Baghdad. From Basra you can reach")
    assert "Baghdad" not in lines[1].split("reach")[1]


def test_an_outlaw_may_enter_no_city(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Outlawed"], position="Nafud Desert")
    lines = resume(["Damascus"], save)
    assert lines[1].startswith("As Outlawed, Ali may not enter Damascus. From the Nafud Desert")
    reach = lines[1].split("reach")[1]
    assert "Damascus" not in reach and "Baghdad" not in reach and "Hejaz Hills" in reach


def test_a_pilgrim_gains_two_destiny_on_arriving_in_mecca_and_is_no_longer_one(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Pilgrim"], position="Hejaz Hills")
    destiny = sheet(save, "Ali")["destiny"]
    lines = resume(["Mecca"], save)
    assert any("Ali arrives in Mecca and is no longer Pilgrim." in line for line in lines)
    after = sheet(save, "Ali")
    assert after["destiny"] == destiny + 2 and "Pilgrim" not in after["statuses"]


def test_a_pilgrim_elsewhere_keeps_the_status(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Pilgrim"], position="Hejaz Hills")
    resume(["Nafud Desert"], save)
    assert sheet(save, "Ali")["statuses"] == ["Pilgrim"]


def test_where_can_i_go_counts_the_star_chart(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, position="Basra", wealth="Beggar")
    plain = resume(["where can I go", "all"], save)[-2]
    change(save, 0, treasures=["Star Chart"])
    charted = resume(["where can I go", "all"], save)[-2]
    assert plain.startswith("From Basra you can reach by land")
    assert "by sea" in plain and "Arabian Sea" in plain
    assert len(charted) > len(plain)


class HeardAloud:
    """Ears that hear the scripted utterances, then nothing (the input ends)."""

    def __init__(self, heard: list[Heard]) -> None:
        self._heard = iter(heard)

    def hear(self, step, phrases) -> Heard | None:
        return next(self._heard, None)


def test_a_move_missed_twice_offers_places_by_number_not_the_question(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    misses = [Heard("where can we", 0.2), Heard("wear can i", 0.2), Heard("no", 0.95)]
    ears = HeardAloud([*misses, Heard("where can i go", 0.95)])
    printed: list[str] = []
    dialogue = GAME.restore(read_save(save).state)
    Session(dialogue, GAME, ears, PrintMouth(printed.append), save).run([])
    offer = next(line for line in printed if line.startswith("Say one for"))
    offered = re.findall(r"\b(?:one|two|three|four) for ([^,.]+)", offer)
    assert len(offered) == 4 and set(offered) <= set(dialogue.pack.spaces), offer
    after_offer = printed[printed.index(offer) + 1 :]
    assert any(line.startswith("From Baghdad you can reach") for line in after_offer)


def test_sheet_commands_are_confirmed_chronicled_and_undone(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Imprisoned"])
    dialogue = GAME.restore(read_save(save).state)
    few = (SKIP, OPEN_SHEET, Answer("where"))  # beside the places: "where can I go"
    assert dialogue.step().commands.values == few
    dialogue.answer(OPEN_SHEET)
    said = dialogue.step().expects.values
    commands = [SheetCommand.from_answer(value) for value in said if is_command(value)]
    assert {command.player for command in commands} == {"Ali", ""}  # at Ali's turn start
    lines = resume(["change my sheet", "Ali loses Imprisoned", "yes"], save)
    assert "What changes on Ali's sheet?" in lines
    assert "Ali loses Imprisoned. Is that right?" in lines
    assert "Ali is no longer Imprisoned." in lines
    assert sheet(save, "Ali")["statuses"] == [] and sheet(save, "Zed")["statuses"] == []
    lines = resume(["undo"], save)
    assert sheet(save, "Ali")["statuses"] == ["Imprisoned"]
    wealth = ["change my sheet", "Ali gains two wealth", "yes"]
    lines = resume([*wealth, "change my sheet", "Ali gains the Pearls of the Deep", "yes"], save)
    assert "Ali rises to Comfortable." in lines
    assert any(line.startswith("The Pearls of the Deep: These pearls") for line in lines)
    lines = resume(["sell the Pearls", "no", "sell the Pearls", "yes"], save)
    assert "Then the sheet stays as it was." in lines
    assert "Ali sells the Pearls of the Deep and is now Wealthy." in lines
    lines = resume(
        ["my sheet", "Ali gains the Bottomless Purse", "yes", "use the Bottomless Purse", "yes"],
        save,
    )
    assert "Ali uses the Bottomless Purse, and it is spent." in lines
    assert sheet(save, "Ali")["wealth"] == "Princely" and sheet(save, "Ali")["treasures"] == []


def test_skip_my_turn_passes_to_the_next_player(tmp_path):
    save = tmp_path / "game.json"
    lines = start(save, ["skip my turn", "yes"])
    assert "Ali lets this turn pass." in lines
    assert lines[-1].startswith("Zed, you are in Baghdad.")


def test_the_lucky_coin_turns_a_minus_blank(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, treasures=["Lucky Coin"])
    lines = resume(["stay", "Merchant of Basra", "1", "I help"], save)
    reaction = lines[-1]
    assert reaction.startswith("How do you react")
    first = reaction.split("You may ")[1].split(",")[0].split(" or ")[0].rstrip(".")
    lines = resume([first, "minus", "yes"], save)
    assert "The Destiny Die shows minus. Spend the Lucky Coin to make it a blank?" in lines
    assert "The Lucky Coin turns the minus into a blank." in lines
    assert "Lucky Coin" not in sheet(save, "Ali")["treasures"]


def test_fortunate_rolls_the_destiny_die_again_and_keeps_the_better(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Fortunate"])
    lines = resume(["stay", "Merchant of Basra", "1", "I help"], save)
    first = lines[-1].split("You may ")[1].split(",")[0].split(" or ")[0].rstrip(".")
    lines = resume([first, "minus", "blank"], save)
    assert (
        "The Destiny Die shows minus. As Fortunate, you may roll it once more and keep the "
        "better face. Roll again and say minus, blank or plus, or say roll for me, or say keep."
    ) in lines
    assert "Ali keeps blank and is no longer Fortunate." in lines
    assert "Fortunate" not in sheet(save, "Ali")["statuses"]


def test_the_golden_falcon_refuses_one_encounter_a_game(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, treasures=["Golden Falcon"])
    lines = resume(["stay", "Merchant of Basra", "1"], save)
    assert lines[-1].endswith(
        "Or say refuse, and the Golden Falcon turns this encounter away, once a game."
    )
    lines = resume(["refuse"], save)
    assert "The Golden Falcon warns Ali away: the encounter is refused." in lines
    assert paragraphs_read(lines) == []
    assert lines[-1].startswith("Zed, you are in Baghdad.")
    assert sheet(save, "Ali")["used_this_game"] == ["Golden Falcon"]
    assert "Golden Falcon" in sheet(save, "Ali")["treasures"]


def test_a_mad_players_reaction_is_chosen_by_the_next_player(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Mad"])
    lines = resume(["stay", "Merchant of Basra", "1"], save)
    assert lines[-1].startswith("Ali is Mad: Zed, you choose. How does Ali react to the ")
    first = lines[-1].split("Zed, say ")[1].split(",")[0].split(" or ")[0].rstrip(".")
    lines = resume([first, "blank"], save)
    assert paragraphs_read(lines)
    assert "Mad" in sheet(save, "Ali")["statuses"]


def test_diseased_pays_or_leaves_the_city_where_the_turn_ends(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Diseased"], wealth="Wealthy")
    lines = resume(["stay", "Merchant of Basra", "1", "I help"], save)
    first = lines[-1].split("You may ")[1].split(",")[0].split(" or ")[0].rstrip(".")
    lines = resume([first, "blank"], save)
    asked = (
        "Ali is Diseased in Baghdad. Pay one wealth level to stay, or leave the city on the "
        "next move? Say pay or leave."
    )
    assert lines[-1] == asked or asked in lines, lines[-3:]
    lines = resume(["pay"], save)
    assert "Ali pays a wealth level and is now Comfortable." in lines
    assert lines[-1].startswith("Zed, you are in Baghdad.")


def test_an_honoured_guest_who_is_diseased_is_not_asked_to_pay(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Diseased", "Honoured Guest"], wealth="Wealthy")
    lines = resume(["stay", "Merchant of Basra", "1", "I help"], save)
    first = lines[-1].split("You may ")[1].split(",")[0].split(" or ")[0].rstrip(".")
    lines = resume([first, "blank"], save)
    if lines[-1].endswith("Which do you choose?"):
        lines += resume(["no skill"], save)
    assert not any("Pay one wealth level" in line for line in lines)
    assert lines[-1].startswith("Zed, you are in Baghdad.")
    assert sheet(save, "Ali")["must_leave"] is None
    demo = load_pack("content/demo")
    guest = PlayerSheet(name="Ali", gender="m", destiny_goal=10, story_goal=10)
    guest.statuses = ["Diseased"]
    assert city_toll(demo, guest) == "Diseased"
    guest.statuses = ["Diseased", "Honoured Guest"]
    assert city_toll(demo, guest) is None


def test_diseased_who_will_not_pay_must_leave_the_city(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Diseased"], wealth="Wealthy")
    lines = resume(["stay", "Merchant of Basra", "1", "I help"], save)
    first = lines[-1].split("You may ")[1].split(",")[0].split(" or ")[0].rstrip(".")
    lines = resume([first, "blank", "leave"], save)
    assert "Ali must leave Baghdad on the next move." in lines
    assert sheet(save, "Ali")["must_leave"] == "Baghdad"
    lines = resume(["skip my turn", "yes", "stay"], save)
    assert "Ali must leave Baghdad. Say where to go." in lines
    lines = resume(["Basra"], save)
    assert sheet(save, "Ali")["position"] == "Basra"
    assert sheet(save, "Ali")["must_leave"] is None


def test_the_crystal_ball_shows_what_one_reaction_would_bring(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, treasures=["Crystal Ball"])
    lines = resume(["stay", "Merchant of Basra", "1"], save)
    assert " Or ask the Crystal Ball: say what would " in lines[-1]
    first = lines[-1].split("You may ")[1].split(",")[0].split(" or ")[0].rstrip(".")
    lines = resume([f"what would {first} bring"], save)
    shown = [line for line in lines if line.startswith("The Crystal Ball shows ")]
    assert shown and shown[0].startswith(f"The Crystal Ball shows {first} on a blank die: ")
    assert lines[-1].startswith("How do you react") and "Crystal Ball" not in lines[-1]
    lines = resume([first, "blank"], save)
    assert paragraphs_read(lines)


def test_the_first_home_wins_and_the_night_ends_with_every_secret(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, destiny=10, story=10)
    change(save, 1, destiny=15, story=15)
    lines = resume(["skip my turn", "yes", "skip my turn", "yes"], save)
    declared = lines.index(
        "Ali has fulfilled the secret formula in Baghdad and declares victory! "
        "Every other player has one more turn."
    )
    assert lines[declared + 1] == "It is Zed's turn."
    assert lines[-3:] == [
        "The night is over. Ali was the first to meet their secret goal and come home to Baghdad.",
        "Ali wanted 10 Destiny and 10 Story and has 10 and 10. "
        "Zed wanted 10 Destiny and 10 Story and has 15 and 15.",
        "Ali wins the game! Their tale will be told for a thousand nights.",
    ]
    assert read_save(save).state["phase"] == "over"


def test_an_unfulfilled_oath_costs_three_story_when_the_game_ends(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, destiny=10, story=10)
    change(save, 1, destiny=15, story=15, statuses=["Oath Bound"])
    lines = resume(["skip my turn", "yes", "skip my turn", "yes"], save)
    assert "Zed is still Oath Bound and loses 3 Story." in lines
    assert sheet(save, "Zed")["story"] == 12 and sheet(save, "Ali")["story"] == 10
    assert lines[-1] == "Ali wins the game! Their tale will be told for a thousand nights."


def test_an_oath_bound_player_declares_only_with_the_oath_counted(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, destiny=10, story=12, statuses=["Oath Bound"])
    lines = resume(["skip my turn", "yes"], save)
    assert not any("declares victory" in line for line in lines)


def test_tables_may_give_the_victory_to_the_most_points(tmp_path):
    save = tmp_path / "game.json"
    start(save, settings={"winner": "most_points"})
    change(save, 0, destiny=10, story=10)
    change(save, 1, destiny=15, story=15)
    lines = resume(["skip my turn", "yes", "skip my turn", "yes"], save)
    assert lines[-1] == "Zed wins the game! Their tale will be told for a thousand nights."


def test_the_secret_goal_is_never_spoken_back(tmp_path):
    save = tmp_path / "game.json"
    lines = start(save)
    assert not [line for line in lines if "Did you say" in line]
    assert not [line for line in lines if "10 Destiny" in line]


MASTERS = {"Piety": "Master", "Wits": "Master", "Scholarship": "Master"}
SLY_BEGGAR_HELPED = ["stay", "Merchant of Basra", "2", "I help"]


def test_two_master_skills_let_the_player_choose_and_the_master_section_is_read(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, skills=MASTERS)
    lines = resume([*SLY_BEGGAR_HELPED, "use my master skill", "Piety for the plus result"], save)
    assert (
        "Your Master skills lead to more than one result: Piety for the minus result, Wits "
        "for the blank result, Scholarship for the blank result or Piety for the plus result. "
        "Which do you take? Or say roll to roll the Destiny Die instead."
    ) in lines
    assert "Your mastery of Piety guides you." in lines
    assert paragraphs_read(lines)[0] == 105
    read = lines[lines.index("¶ 105") + 2]
    assert read.startswith("The saint names you a friend of heaven")


def test_a_master_skill_is_named_at_the_destiny_die(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, skills=MASTERS)
    lines = resume([*SLY_BEGGAR_HELPED, "scholarship"], save)
    assert "Your mastery of Scholarship guides you." in lines
    assert paragraphs_read(lines) == [104]


def test_a_bewitched_player_must_take_the_first_reaction(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Bewitched"])
    lines = resume(["stay", "Merchant of Basra", "2", "rob", "help"], save)
    assert "Ali meets the Sly Beggar. As Bewitched, Ali must help: say help." in lines
    assert "As Bewitched, you must help." in lines
    assert lines[-1].startswith("Roll the Destiny Die")


def test_a_treasure_counting_as_a_skill_opens_its_section(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, treasures=["Book of Wisdom"])
    lines = resume([*SLY_BEGGAR_HELPED, "blank"], save)
    assert "You may use Scholarship, Wits or no skill. Which do you choose?" in lines


def test_a_named_card_leaves_the_companions_deck(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    resume(["stay", "Merchant of Basra"], save)
    table = read_save(save).state["table"]
    assert "Merchant of Basra" not in table["encounter_deck"]
    resume(["2", "I help", "blank", "no skill"], save)
    assert read_save(save).state["table"]["encounter_discard"] == ["Merchant of Basra"]


def test_quests_are_announced_with_their_spaces_and_reminded_in_status(tmp_path):
    save = tmp_path / "game.json"
    lines = start(save)
    quest = read_save(save).state["table"]["players"][0]["quest"]
    announced = [line for line in lines if line.startswith(f"Ali's quest is {quest}: visit ")]
    assert announced
    change(save, 0, statuses=["Cursed"])
    status = resume(["status"], save)[1]
    assert f"Quest: {quest}, visit " in status
    assert status.endswith("Cursed: Misfortune clings to you: subtract one from every encounter "
                           "roll until it is lifted.")  # fmt: skip


def test_out_of_range_answers_say_what_is_allowed(tmp_path):
    save = tmp_path / "game.json"
    lines = start(save, ["stay", "Merchant of Basra", "7"])
    assert f"Not seven. {roll_hint(1, 6)}" in lines
    dialogue = GAME.new(GameOptions(seed=1, players=[("Ali", "m"), ("Zed", "f")]))
    lines = run_typed(dialogue, GAME, ["random", "25"], tmp_path / "other.json")
    assert "The Destiny goal is a number from zero to twenty." in lines
    assert not [line for line in lines if "Did you say" in line or "25" in line]


def test_skills_are_described_on_request_and_the_picks_read_back(tmp_path):
    save = tmp_path / "game.json"
    dialogue = GAME.new(GameOptions(seed=1, players=[("Ali", "m"), ("Zed", "f")]))
    lines = run_typed(
        dialogue, GAME, ["choose", "help", "what is weapon use", *DEMO_SETUP[1:7]], save
    )
    helped = next(line for line in lines if line.startswith("Say a skill: "))
    assert helped.startswith("Say a skill: Storytelling, Seduction, Courtly Graces, ")
    assert "or one of 14 more; say all to hear them." in helped and ";" not in helped[:60]
    assert "Weapon Use: Sword, spear or cudgel, you keep your head when steel is drawn." in lines
    assert "Ali takes Storytelling." in lines
    assert "Ali has Storytelling, Courtly Graces and Wits." in lines
    assert "Zed has Seamanship, Quick Thinking and Stealth." in lines


def test_a_pack_says_how_names_are_introduced(tmp_path):
    pack = copy_mini(tmp_path)
    world = pack / "world.txt"
    world.write_text(world.read_text() + "\n[introductions]\nMild Storm | the\nOld Sage | none\n")
    loaded = load_pack(pack)
    assert article(loaded, "Mild Storm") == "the Mild Storm"
    assert article(loaded, "old sage") == "old sage"
    assert article(loaded, "Generous Pilgrims") == "the Generous Pilgrims"
    assert article(loaded, "Honest Trader") == "an Honest Trader"


def test_the_chronicle_tells_the_story_without_the_asides(tmp_path):
    night = Chronicle(tmp_path / "night.md")
    dialogue = GAME.new(GameOptions(seed=3, players=[("Ali", "m"), ("Zed", "f")]))
    lines = [*DEMO_SETUP, "flibbertigibbet", "help", "status", "stay", "Merchant of Basra", "2",
             "I help", "blank", "no skill", "status of Zed", "my sheet", "Zed gains two Story",
             "yes"]  # fmt: skip
    session = Session(dialogue=dialogue, spec=GAME, ears=TypedEars(lines),
                      mouth=PrintMouth(lambda line: None), save_path=tmp_path / "g.json",
                      observers=[night])  # fmt: skip
    session.run(dialogue.opening())
    story = night.path.read_text(encoding="utf-8")
    assert "Sorry" not in story and "You can say" not in story and "Skills:" not in story
    assert "> *Paragraph 104.* " in story
    assert "## Turn 2 — Zed\n\n*Corrected by the table:* Zed gains 2 Story.\n" in story
    assert "Ali takes Storytelling." in story


def test_the_demo_pack_introduces_the_rain_and_the_pilgrims():
    demo = load_pack("content/demo")
    assert article(demo, "Mild Rain") == "some Mild Rain"
    assert article(demo, "Generous Pilgrims") == "the Generous Pilgrims"
    assert article(demo, "Weeping Princess") == "a Weeping Princess"


def follow_instruction(tmp_path: Path, instruction: str, *answers: str) -> list[str]:
    """Ali's first encounter of the small book, its reward replaced by ``instruction``,
    which Ali answers with ``answers`` (the game is saved in ``g.json``)."""
    pack = copy_mini(tmp_path)
    edit(pack, "book.txt", "[D2/S1/W 1 (Max: Poor)/Storytelling/Respected]",
         f'[S1/"{instruction}"]')  # fmt: skip
    dialogue = GAME.new(GameOptions(seed=1, players=[("Ali", "m"), ("Zed", "f")], pack=str(pack)))
    script = [*SETUP, "stay", "wanderer", "5", "pray", "blank", *answers]
    return run_typed(dialogue, GAME, script, tmp_path / "g.json")


FREE_MOVE = "You may move to any space on your continent"


def test_a_free_move_on_the_continent_asks_where(tmp_path):
    lines = follow_instruction(tmp_path, FREE_MOVE, "help", "Mecca")
    assert "Where do you go? Say a space of this continent, or stay." in lines
    hint = next(line for line in lines if line.startswith("Say one of: "))
    assert "Mecca" in hint and "Jerusalem" not in hint  # Jerusalem is in Europa
    assert "Ali is carried to Mecca." in lines
    assert sheet(tmp_path / "g.json", "Ali")["position"] == "Mecca"


def test_a_free_move_on_the_continent_may_stay(tmp_path):
    lines = follow_instruction(tmp_path, FREE_MOVE, "stay")
    assert "Ali stays in Baghdad." in lines
    assert sheet(tmp_path / "g.json", "Ali")["position"] == "Baghdad"


def test_a_skill_of_ones_choice_is_asked_for_and_learnt(tmp_path):
    lines = follow_instruction(tmp_path, "Gain a skill of your choice", "i take seamanship")
    assert "Which skill do you gain?" in lines
    assert "Ali learns Seamanship." in lines
    assert "Seamanship" in sheet(tmp_path / "g.json", "Ali")["skills"]


def test_the_ebony_horse_flies_its_rider_across_the_continent(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, position="Basra", wealth="Beggar")
    refused = resume(["Mecca"], save)
    assert sheet(save, "Ali")["position"] == "Basra" and "by flying" not in " ".join(refused)
    change(save, 0, treasures=["Ebony Horse"])
    told = resume(["where can I go"], save)[-2]
    assert "by flying Mecca" in told
    resume(["Mecca"], save)
    assert sheet(save, "Ali")["position"] == "Mecca"


def test_the_rukh_feather_is_used_once_and_carries_its_owner(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, treasures=["Rukh Feather"])
    lines = resume(["use the Rukh Feather", "yes"], save)
    assert "Ali uses the Rukh Feather, and it is spent." in lines
    assert "Ali is carried to the Mountain of the Rukh." in lines
    ali = sheet(save, "Ali")
    assert ali["position"] == "Mountain of the Rukh" and ali["treasures"] == []


def test_a_grieving_player_gains_no_story(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Grieving"])
    lines = resume(["change my sheet", "Ali gains two Story", "yes"], save)
    assert "Ali gains no Story while Grieving." in lines
    assert sheet(save, "Ali")["story"] == 0


def test_a_treasure_whose_use_is_read_aloud_is_used_without_a_hitch(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, treasures=["Brass Lamp"])
    lines = resume(["use the Brass Lamp", "yes"], save)
    assert "Ali uses the Brass Lamp. Is that right?" in lines
    assert "Ali uses the Brass Lamp, and it is spent." in lines
    assert "You may move to any city of the map." in lines
    assert sheet(save, "Ali")["treasures"] == []
