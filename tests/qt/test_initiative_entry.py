"""Initiative entry as the GM meets it: one Roll (or a typed value) for the combatant
the prompt names, keys that do what their buttons say, the turn panel's Roll naming
whose dice it rolls, and durations in the system's words wherever they are shown."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QComboBox, QPushButton

from tests.qt.conftest import shown_window
from tracker.engine import AddCombatant, AddEffect, EditEffect, Session, StartEncounter
from tracker.engine.dice import Rolled, roll_faces
from tracker.engine.registry import available_rulesets
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.dialogs.condition_picker import Entry, describe
from tracker.qt.dialogs.effect_dialog import EffectDialog
from tracker.qt.main_window import MainWindow
from tracker.qt.models.effects_model import EffectsModel

LEFT = Qt.MouseButton.LeftButton
SEED = 7


def sample(ruleset_id: str) -> Session:
    return Session(load_encounter(sample_path(f"{ruleset_id}_sample.json")))


def active_window(qtbot, session: Session, journal: Path) -> Iterator[MainWindow]:
    for window in shown_window(qtbot, session, journal, (1366, 768)):
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        yield window


@pytest.fixture
def ticks(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """Initiative ticks' sample, begun: Join Battle asks Swift Wind first."""
    session = sample("initiative_ticks")
    session.apply(StartEncounter())
    yield from active_window(qtbot, session, tmp_path / "journal")


@pytest.fixture
def countdown(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """AP countdown's sample, begun, with a late Goblin & Co who has no base yet: the
    Initiative phase asks its base initiative."""
    session = sample("ap_countdown")
    session.apply(AddCombatant("Goblin & Co", "enemy", stats={"initiative_dice": "2d10"}))
    session.apply(StartEncounter())
    yield from active_window(qtbot, session, tmp_path / "journal")


def press(qtbot, window: MainWindow, keys: str) -> None:
    """Keys pressed where the keyboard is (the focused widget, else the window), and
    the step they take (a button's key clicks it a moment later, as it shows pressed)."""
    combination = QKeySequence(keys)[0]
    target = QApplication.focusWidget() or QApplication.activeWindow()
    assert target is not None
    with qtbot.waitSignal(window.document.changed, timeout=2000):
        qtbot.keyClick(target, combination.key(), combination.keyboardModifiers())


def by_name(window: MainWindow, name: str):
    return next(c for c in window.document.encounter.combatants if c.name == name)


def last_command(window: MainWindow) -> dict:
    return window.document.session.history[-1].command.to_dict()


def log_texts(window: MainWindow) -> list[str]:
    return [entry.text for entry in window.document.encounter.log]


def shown_texts(window: MainWindow) -> list[str]:
    return [button.text() for button in window.prompt_panel.key_buttons]


def ctrl_1_rolls(qtbot, window: MainWindow, title: str, buttons: list[str], dice: str) -> Rolled:
    """The prompt titled `title` shows `buttons`; Ctrl+1 rolls its `dice` with the
    seeded generator: what they rolled."""
    panel = window.prompt_panel
    assert panel.title.text() == title
    assert shown_texts(window) == buttons
    panel.rng = random.Random(SEED)
    rolled = roll_faces(dice, random.Random(SEED))
    press(qtbot, window, "Ctrl+1")
    return rolled


# --- one Roll for the combatant the prompt names -------------------------------------------
def test_ctrl_1_on_join_battle_rolls_the_named_combatants_pool_whoever_is_selected(ticks, qtbot):
    window = ticks
    window.select_combatant(by_name(window, "Iron Lotus").id)  # someone else selected
    buttons = ["Roll 7d10>=7!10 for Swift Wind  [Ctrl+1]", "Enter the successes  [Ctrl+2]"]
    title = "Join Battle — Swift Wind decides"
    rolled = ctrl_1_rolls(qtbot, window, title, buttons, "7d10>=7!10")
    swift = by_name(window, "Swift Wind")
    assert swift.runtime.joined and swift.runtime.successes == rolled.total
    assert not by_name(window, "Iron Lotus").runtime.joined
    command = last_command(window)
    assert command["type"] == "RolledAction" and command["combatant_id"] == swift.id
    assert command["rolls"]["successes"]["faces"] == list(rolled.faces)
    assert f"Swift Wind rolled Join Battle pool {rolled.text()}." in log_texts(window)
    assert window.prompt_panel.title.text() == "Join Battle — Iron Lotus decides"


def test_a_number_typed_in_the_prompt_and_enter_joins_with_it(ticks, qtbot):
    window = ticks
    box = window.prompt_panel.answer_forms[0].editors["successes"].input
    qtbot.mouseClick(box, LEFT)
    box.selectAll()
    qtbot.keyClicks(box, "4")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    swift = by_name(window, "Swift Wind")
    assert swift.runtime.joined and swift.runtime.successes == 4
    assert last_command(window)["type"] == "RulesetAction"
    assert "Swift Wind joins battle: 3 + 4 successes = Initiative 7." in log_texts(window)
    # Ctrl+2, "Enter the successes", enters what the box holds for the next one.
    box = window.prompt_panel.answer_forms[0].editors["successes"].input
    box.setText("2")
    press(qtbot, window, "Ctrl+2")
    assert by_name(window, "Iron Lotus").runtime.successes == 2


def test_the_base_initiative_prompt_rolls_types_the_roll_or_the_base(countdown, qtbot):
    window = countdown
    panel = window.prompt_panel
    buttons = [
        "Roll 2d10 for Goblin && Co  [Ctrl+1]",  # "&&" shows as "&"
        "Enter the dice result  [Ctrl+2]",
        "Enter the base  [Ctrl+3]",
    ]
    title = "Base initiative — Goblin & Co decides"
    rolled = ctrl_1_rolls(qtbot, window, title, buttons, "2d10")
    goblin = by_name(window, "Goblin & Co")
    assert goblin.runtime.base == rolled.total and goblin.runtime.roll == rolled.total
    assert f"Goblin & Co rolled Initiative dice {rolled.text()}." in log_texts(window)
    window.document.undo_stack.undo()
    panel.answer_forms[1].editors["base"].input.setText("12")
    press(qtbot, window, "Ctrl+3")
    assert by_name(window, "Goblin & Co").runtime.base == 12


# --- the turn panel's Roll says whose dice ---------------------------------------------------
@pytest.mark.parametrize(
    ("ruleset_id", "selected", "action"),
    [
        ("ap_countdown", "Hauser", "roll_initiative"),
        ("initiative_ticks", "Iron Lotus", "join_battle"),
        ("priority", "Ayla", "roll_zeal"),
    ],
)
def test_the_turn_panels_roll_names_the_selected_and_is_the_only_roll(
    qtbot, tmp_path, ruleset_id, selected, action
):
    session = sample(ruleset_id)
    window = next(shown_window(qtbot, session, tmp_path / "journal"))
    window.select_combatant(by_name(window, selected).id)
    chip = window.turn_panel.palette_widget.chips[action]
    rolls = [b.text() for b in chip.findChildren(QPushButton) if b.text().startswith("Roll")]
    assert rolls == [f"Roll for {selected}"]  # one Roll, naming whose dice it rolls
    assert chip.button.text() in ("Initiative roll", "Join Battle", "Zeal result")
    window.turn_panel.palette_widget.chips[action].roll_buttons[
        next(iter(chip.roll_buttons))
    ].click()
    assert last_command(window)["type"] == "RolledAction"
    assert last_command(window)["combatant_id"] == by_name(window, selected).id
    assert log_texts(window)[-2].startswith(f"{selected} rolled ")
    window.document.undo_stack.set_clean()
    window.close()


# --- prompt answers have number keys ----------------------------------------------------------
def test_every_prompt_button_shows_its_key_and_the_key_presses_it(qtbot, tmp_path):
    """The AP countdown's declaration has ten answers: Ctrl+1 … Ctrl+9, then Ctrl+0."""
    session = sample("ap_countdown")
    session.apply(StartEncounter())
    window = next(active_window(qtbot, session, tmp_path / "journal"))
    press(qtbot, window, "Ctrl+1")  # "Begin the countdown"
    texts = shown_texts(window)
    assert window.prompt_panel.title.text() == "Count 35: declare — Mirelle decides"
    assert len(texts) == 10
    keys = [f"Ctrl+{n}" for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)]
    assert [text.rsplit("  [", 1)[1] for text in texts] == [f"{k}]" for k in keys]
    assert texts[-1] == "Done for this round  [Ctrl+0]"
    action = window.prompt_panel.answer_forms[0].editors["action"].input
    assert action.currentText() == "Drop item (0 AP, instantaneous)"  # the table's words
    help_rows = window.shortcut_rows()
    for text, keys_shown in zip(texts, keys, strict=True):
        label = text.rsplit("  [", 1)[0]
        assert (f"Prompt “Count 35: declare — Mirelle decides”: {label}", keys_shown) in help_rows
    press(qtbot, window, "Ctrl+0")
    assert log_texts(window)[-1] == "Mirelle is done for this round (4 AP unused)."


# --- durations in the system's words -----------------------------------------------------
WORDED = ["ap_countdown", "initiative_ticks", "stamina_battle"]


def _duration_choices(ruleset_id: str):
    ruleset = available_rulesets()[ruleset_id]
    return [f for f in ruleset.duration_fields if f.kind == "choice"]


@pytest.mark.parametrize("ruleset_id", WORDED)
def test_the_effect_dialog_offers_durations_in_the_systems_words(qtbot, ruleset_id):
    from tracker.qt.document import EncounterDocument

    document = EncounterDocument(sample(ruleset_id))
    dialog = EffectDialog(document, document.encounter.combatants[0].id, None)
    qtbot.addWidget(dialog)
    for declared in _duration_choices(ruleset_id):
        combo = dialog.duration_form.editors[declared.name].input
        assert isinstance(combo, QComboBox)
        shown = [combo.itemText(i) for i in range(combo.count())]
        assert shown == list(declared.choice_labels)
        assert not set(shown) & set(declared.choices)  # no id reads as the words
        assert all("_" not in text for text in shown)


def test_a_duration_picked_by_its_words_is_kept_and_logged_in_words(ticks, qtbot):
    window = ticks
    document = window.document
    for _ in document.encounter.combatants:
        window.prompt_panel.answer_buttons[0].click()  # everyone joins
    swift = by_name(window, "Swift Wind")
    dialog = EffectDialog(document, swift.id, None)
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("Onslaught of thorns")
    combo = dialog.duration_form.editors["until"].input
    combo.setCurrentIndex(combo.findText("the start of its next turn (lasts one turn)"))
    dialog.accept()
    effect = document.encounter.effects[-1]
    assert effect.duration["until"] == "turn_start"
    model = EffectsModel(document)
    assert model.index(0, 3).data() == "until the start of Swift Wind's next turn"
    document.apply(EditEffect(effect.id, {"duration": {"until": "turn_end"}}))
    assert "Until the end of its next turn counted from now" in log_texts(window)[-1]
    assert all("turn_end" not in text and "turn_start" not in text for text in log_texts(window))
    entry = Entry("Thorns", {"until": "turn_end", "rounds": 1})  # a saved condition
    assert describe(document.ruleset, entry) == (
        "Saved by you: Until the end of its next turn, Rounds 1."
    )


@pytest.mark.parametrize("ruleset_id", WORDED)
def test_no_duration_id_shows_in_the_effects_list_or_the_log(qtbot, ruleset_id):
    """Every choice of every duration, added and then edited: the effects list and the
    log say each in words."""
    from tracker.qt.document import EncounterDocument

    session = sample(ruleset_id)
    session.apply(StartEncounter())
    document = EncounterDocument(session)
    model = EffectsModel(document)
    carrier = session.encounter.combatants[0].id
    ids = set()
    extra = {"hits": 1} if "hits" in {f.name for f in session.ruleset.duration_fields} else {}
    for declared in _duration_choices(ruleset_id):
        ids |= {c for c in declared.choices if "_" in c or "-" in c}
        for number, choice in enumerate(declared.choices):
            duration = {declared.name: choice, **extra}
            assert document.apply(AddEffect(f"Effect {number}", carrier, None, duration))
            effect = session.encounter.effects[-1]
            other = next(c for c in declared.choices if c != choice)
            assert document.apply(EditEffect(effect.id, {"duration": {declared.name: other}}))
    shown = [model.index(row, 3).data() for row in range(model.rowCount())]
    texts = [entry.text for entry in session.encounter.log[-20:]] + shown
    assert ids and not [t for t in texts if any(i in t for i in ids)]


def test_a_shifts_roll_in_the_turn_panel_is_the_attackers_and_says_so(ticks, qtbot):
    """Withering is on the selected target; its Shift re-roll is the attacker's pool."""
    window = ticks
    panel = window.prompt_panel
    session = window.document.session
    while session.prompt().key[0] != "acting":
        panel.answer_buttons[0].click()  # join, free actions, start of the turn
    acting = session.encounter.combatant(session.current_turn().combatant_id)
    target = next(c for c in window.document.encounter.combatants if c.id != acting.id)
    window.select_combatant(target.id)
    chip = window.turn_panel.palette_widget.chips["withering"]
    roll = chip.roll_buttons["shift"]
    assert roll.text() == f"Roll for {acting.name}"
    qtbot.mouseClick(chip.more_button, LEFT)
    assert chip.popup.isVisible()
    qtbot.mouseClick(roll, LEFT)
    command = last_command(window)
    assert command["combatant_id"] == target.id
    assert command["rolls"]["shift"]["by"] == acting.id
    assert any(t.startswith(f"{acting.name} rolled Join Battle pool ") for t in log_texts(window))
