"""Priority through the main window: waiting and acting now, action pools and Prepare
Action, driven as a game master would."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.qt import priority_fixtures as pf

pwindow = pf.pwindow


# --- waiting ---------------------------------------------------------------------------
def test_wait_then_act_now_from_the_prompt(pwindow, qtbot):
    window = pwindow
    pf.press_start(qtbot, window)
    assert pf.status_text(window).endswith("Ayla: Major 1 · Minor 2 (up: may wait)")
    pf.action(qtbot, window, "wait")
    ayla = pf.by_name(window, "Ayla")
    assert ayla.runtime.waiting
    assert pf.table_row(window, "Ayla")[0] == "Ayla  (in Conflict, waiting)"
    assert pf.current_name(window) == "Bren"
    assert pf.highlighted_rows(window) == ["Bren"]
    assert pf.status_text(window).endswith("· waiting: Ayla")
    assert "Ayla" not in pf.turn_order_names(window, 5)

    pf.space(qtbot, window)  # Bren's turn ends: the waiting creature may act now
    assert pf.prompt_title(window) == "Waiting creatures — Ayla decides"
    assert pf.prompt_question(window) == (
        "Bren's turn is over: does a waiting creature take its turn now?"
    )
    assert pf.answer_labels(window) == ["Ayla acts now", "No one acts now"]
    assert pf.prompt_context(window) == ["Waiting: Ayla", "Next otherwise: Hollow Knight"]
    before = pf.snapshot(window)
    pf.space(qtbot, window)  # refused: the question comes first
    assert pf.banner_text(window).startswith("First answer: Waiting creatures")
    assert pf.snapshot(window) == before

    pf.answer(qtbot, window, "No one acts now")
    assert pf.current_name(window) == "Hollow Knight"
    assert pf.log_texts(window)[-2] == "No waiting creature acts now."
    pf.space(qtbot, window)
    assert pf.prompt_question(window) == (
        "Hollow Knight's turn is over: does a waiting creature take its turn now?"
    )
    pf.answer(qtbot, window, "Ayla acts now")

    moved = ["Bren", "Hollow Knight", "Ayla", "Corin", "Mire Witch"]
    assert pf.names(window) == moved
    assert pf.table_names(window) == moved
    assert pf.current_name(window) == "Ayla"
    assert pf.highlighted_rows(window) == ["Ayla"]
    assert pf.table_row(window, "Ayla")[0] == "Ayla  (in Conflict)"
    assert not ayla.runtime.waiting
    assert (
        "Ayla acts now, after Hollow Knight's turn: its place in Priority is now 3."
        in pf.log_texts(window)
    )
    assert pf.turn_text(window) == "Ayla: Major 1 · Minor 2"
    assert "waiting" not in pf.status_text(window)
    qtbot.waitUntil(window.prompt_panel.isHidden, timeout=1000)
    pf.space(qtbot, window, 4)  # Ayla, Corin, Mire Witch, the Soulweaver
    # Her new place holds in the next round.
    assert pf.current_name(window) == "Bren"
    assert pf.turn_order_names(window, 6) == [*moved, "Soulweaver"]


def test_waiting_creature_dragged_in_the_order_table(pwindow, qtbot):
    window = pwindow
    model = window.central_view.order_model

    def row(name: str) -> int:
        return model.row_of(pf.by_name(window, name).id)

    pf.press_start(qtbot, window)
    pf.action(qtbot, window, "wait")
    pf.space(qtbot, window)  # Bren's turn ends; Hollow Knight's is up; Ayla may act
    assert pf.prompt_title(window) == "Waiting creatures — Ayla decides"
    # Dropped just above the creature whose turn is up: she acts now, at that place.
    assert model.moveRows(pf.ROOT, row("Ayla"), 1, pf.ROOT, row("Hollow Knight"))
    order = ["Bren", "Ayla", "Hollow Knight", "Corin", "Mire Witch"]
    assert pf.table_names(window) == order
    assert pf.current_name(window) == "Ayla"
    assert pf.highlighted_rows(window) == ["Ayla"]
    assert "Ayla acts now, after Bren's turn: its place in Priority is now 2." in (
        pf.log_texts(window)
    )
    qtbot.waitUntil(window.prompt_panel.isHidden, timeout=1000)

    # A creature that already acted this round cannot be dragged.
    before = pf.snapshot(window)
    assert not model.moveRows(pf.ROOT, row("Bren"), 1, pf.ROOT, row("Mire Witch") + 1)
    assert pf.banner_text(window) == (
        "Bren has already acted this round; it may wait when its next turn would start."
    )
    assert pf.snapshot(window) == before

    pf.space(qtbot, window, 2)  # Ayla, Hollow Knight
    pf.action(qtbot, window, "wait")  # Corin waits; Mire Witch's turn is up
    assert pf.current_name(window) == "Mire Witch"
    # Dropped below the creature whose turn is up: it stops waiting, acts there.
    assert model.moveRows(pf.ROOT, row("Corin"), 1, pf.ROOT, model.rowCount())
    assert pf.table_rows(window)[-1] == "Corin  (in Conflict)"
    assert pf.log_texts(window)[-2] == ("Corin stops waiting and will act at place 5 in Priority.")
    assert pf.current_name(window) == "Mire Witch"
    pf.space(qtbot, window)
    assert pf.current_name(window) == "Corin"

    # Next round: the creature whose turn is up delays with the keyboard drag.
    pf.space(qtbot, window, 2)
    assert pf.current_name(window) == "Bren"
    pf.select(qtbot, window, "Bren")
    qtbot.keyClick(window.roster_view, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    assert pf.table_names(window)[:2] == ["Ayla", "Bren"]
    assert "Bren delays: its place in Priority is now 2." in pf.log_texts(window)
    assert pf.current_name(window) == "Ayla"


# --- action pools ----------------------------------------------------------------------
def test_major_minor_and_tricks_spent_with_the_buttons(pwindow, qtbot):
    window = pwindow
    pf.press_start(qtbot, window)
    pf.space(qtbot, window)  # Bren: Major 1, Minor 1
    assert pf.turn_text(window) == "Bren: Major 1 · Minor 1"
    pf.action(qtbot, window, "minor", what="Draw blade")
    assert pf.turn_text(window) == "Bren: Major 1 · Minor 0"
    assert pf.table_row(window, "Bren")[1] == "Zeal 7 · Major 1 · Minor 0 · leave DL 11"
    assert pf.log_texts(window)[-1] == (
        "Bren takes a Minor Action: Draw blade, paying a Minor (Major 1 · Minor 0 left)."
    )
    pf.action(qtbot, window, "minor", what="Shove")  # no Minor left: the Major pays
    assert pf.log_texts(window)[-1] == (
        "Bren takes a Minor Action: Shove, paying with the Major (Major 0 · Minor 0 left)."
    )
    assert pf.turn_text(window) == "Bren: Major 0 · Minor 0"
    before = pf.snapshot(window)
    pf.action(qtbot, window, "major", what="Strike")
    assert pf.banner_text(window) == "Bren has no Major Action left (Major 0 · Minor 0 left)."
    pf.action(qtbot, window, "minor", what="Again")
    assert pf.banner_text(window) == (
        "Bren has no Minor or Major Action left for a Minor Action (Major 0 · Minor 0)."
    )
    assert pf.snapshot(window) == before

    pf.space(qtbot, window, 2)  # Corin: Major 1, Minor 2
    pf.action(qtbot, window, "trick", name="Spark")
    assert pf.log_texts(window)[-1] == (
        "Corin uses the Trick “Spark”, paying a Minor (Major 1 · Minor 1 left)."
    )
    before = pf.snapshot(window)
    pf.action(qtbot, window, "trick", name="spark")
    assert pf.banner_text(window) == "Corin already used the Trick “spark” this turn."
    assert pf.snapshot(window) == before
    assert pf.turn_text(window) == "Corin: Major 1 · Minor 1"
    pf.action(qtbot, window, "trick", name="")
    assert pf.banner_text(window) == "Name the Trick."
    assert pf.snapshot(window) == before
    pf.action(qtbot, window, "trick", name="Flash")  # another Trick is fine
    assert pf.turn_text(window) == "Corin: Major 1 · Minor 0"
    pf.action(qtbot, window, "major", what="Strike")
    assert pf.table_row(window, "Corin")[1] == "Zeal 5 · Major 0 · Minor 0 · leave DL 9"

    # Each Trick once per turn: in Corin's next turn Spark is allowed again.
    pf.space(qtbot, window, 3 + 3)
    assert pf.current_name(window) == "Corin"
    pf.action(qtbot, window, "trick", name="Spark")
    assert pf.turn_text(window) == "Corin: Major 1 · Minor 1"
    assert pf.log_texts(window)[-2].startswith("Corin's turn begins: Major 1 · Minor 2")


def test_reactions_off_turn_use_the_same_pools_until_the_turn_begins(pwindow, qtbot):
    window = pwindow
    pf.press_start(qtbot, window)
    pf.action(qtbot, window, "major", what="Strike")
    pf.action(qtbot, window, "minor", what="Step")
    assert pf.table_row(window, "Ayla")[1] == "Zeal 9 · Major 0 · Minor 1 · leave DL 10"
    pf.space(qtbot, window)  # Bren's turn is up

    # Ayla reacts after her turn: the pip comes from what her turn left.
    pf.select(qtbot, window, "Bren")
    pf.action(qtbot, window, "raise_trigger", text="Bren shouts")
    assert pf.prompt_title(window) == "Reaction? — Ayla decides"  # nobody else had a turn
    assert pf.prompt_question(window) == (
        "Does Ayla react (in reverse Priority)? A reaction costs a Minor."
    )
    pf.answer(qtbot, window, "React to #1 (Bren: Bren shouts)", text="Parry")
    assert pf.table_row(window, "Ayla")[1] == "Zeal 9 · Major 0 · Minor 0 · leave DL 10"
    pf.answer(qtbot, window, "Completed")
    pf.answer(qtbot, window, "Completed")
    qtbot.waitUntil(window.prompt_panel.isHidden, timeout=1000)

    # With no pip left she is not asked: nobody can react, the trigger completes.
    pf.action(qtbot, window, "raise_trigger", text="Bren shouts again")
    assert pf.log_texts(window)[-2:] == [
        "Trigger #1 by Bren: Bren shouts again.",
        "No one can react: the trigger completes.",
    ]
    assert window.document.encounter.clock.exchange is None
    assert window.prompt_panel.isHidden()

    # Bren spends his Minor; a reaction then costs him the Major.
    pf.action(qtbot, window, "minor", what="Duck")
    pf.space(qtbot, window, 4)  # to the Soulweaver's turn: everyone has had a turn
    pf.select(qtbot, window, "Mire Witch")
    pf.action(qtbot, window, "raise_trigger", text="The Witch hexes")
    assert pf.prompt_title(window) == "Reaction? — Corin decides"
    pf.answer(qtbot, window, "React to #1 (Mire Witch: The Witch hexes)", text="Ward")
    assert pf.table_row(window, "Corin")[1] == "Zeal 5 · Major 1 · Minor 1 · leave DL 9"
    pf.answer(qtbot, window, "Pass")  # Hollow Knight
    assert pf.prompt_title(window) == "Reaction? — Bren decides"
    assert pf.prompt_question(window).endswith("A reaction costs the Major (no Minor left).")
    pf.answer(qtbot, window, "React to #1 (Mire Witch: The Witch hexes)", text="Brace")
    assert pf.table_row(window, "Bren")[1] == "Zeal 7 · Major 0 · Minor 0 · leave DL 11"
    for _ in range(3):
        pf.answer(qtbot, window, "Completed")

    # Round 2: pips marked before a creature's turn clear as that turn begins.
    pf.space(qtbot, window)
    assert pf.current_name(window) == "Ayla"
    pf.action(qtbot, window, "begin_turn")
    assert pf.log_texts(window)[-1] == (
        "Ayla's turn begins: Major 1 · Minor 2 (pips marked before it clear)."
    )
    assert pf.turn_text(window) == "Ayla: Major 1 · Minor 2"
    assert pf.table_row(window, "Ayla")[1] == "Zeal 9 · Major 1 · Minor 2 · leave DL 10"
    pf.space(qtbot, window, 3)  # Ayla, Bren, Hollow Knight
    assert pf.current_name(window) == "Corin"
    # Up but not begun: his row still shows the reaction's pip, the turn panel the
    # pools his turn will have.
    assert pf.table_row(window, "Corin")[1] == "Zeal 5 · Major 1 · Minor 1 · leave DL 9"
    assert pf.turn_text(window) == "Corin: Major 1 · Minor 2"
    pf.action(qtbot, window, "begin_turn")
    assert pf.table_row(window, "Corin")[1] == "Zeal 5 · Major 1 · Minor 2 · leave DL 9"
    assert pf.log_texts(window)[-1] == (
        "Corin's turn begins: Major 1 · Minor 2 (pips marked before it clear)."
    )
    pf.action(qtbot, window, "minor", what="Dash")
    pf.action(qtbot, window, "minor", what="Dodge")
    assert pf.turn_text(window) == "Corin: Major 1 · Minor 0"


# --- Prepare Action --------------------------------------------------------------------
def test_prepared_action_fires_interrupts_and_the_turn_resumes(pwindow, qtbot):
    window = pwindow
    pf.press_start(qtbot, window)
    pf.action(qtbot, window, "prepare", trigger="the bridge creaks")
    assert pf.table_row(window, "Ayla") == (
        "Ayla  (in Conflict, prepared: the bridge creaks)",
        "Zeal 9 · Major 0 · Minor 2 · leave DL 10",
    )
    pf.space(qtbot, window)
    pf.action(qtbot, window, "minor", what="Step onto the bridge")
    assert pf.turn_text(window) == "Bren: Major 1 · Minor 0"

    pf.select(qtbot, window, "Corin")
    before = pf.snapshot(window)
    pf.action(qtbot, window, "fire_prepared")
    assert pf.banner_text(window) == "Corin has no prepared action."
    assert pf.snapshot(window) == before

    pf.select(qtbot, window, "Ayla")
    pf.action(qtbot, window, "fire_prepared")
    turn = window.document.session.current_turn()
    assert pf.current_name(window) == "Ayla"
    assert turn.values["interrupts"] == "Bren"
    assert {"Round 1", "Prepared action (the bridge creaks)"} <= pf.clock_parts(window)
    assert pf.turn_text(window) == "Ayla: a single action, already paid; Bren's turn waits"
    assert pf.status_text(window) == ("Round 1 · 0 s · Ayla's prepared action (interrupting Bren)")
    assert pf.highlighted_rows(window) == ["Ayla"]
    assert pf.turn_order(window, 2) == [
        ("Ayla", "Round 1 · Prepared action (the bridge creaks)"),
        ("Bren", "Round 1 · Priority 2 · Zeal 7"),
    ]
    assert pf.table_row(window, "Ayla")[0] == "Ayla  (in Conflict)"
    assert pf.table_row(window, "Bren")[0] == "Bren  (in Conflict, interrupted)"
    assert pf.log_texts(window)[-1] == (
        "Ayla's prepared action fires (the bridge creaks): it interrupts Bren's turn to "
        "move and take a single action."
    )
    before = pf.snapshot(window)
    pf.action(qtbot, window, "major", what="Shoot")
    assert "already paid by the Prepare Action" in pf.banner_text(window)
    assert pf.snapshot(window) == before

    pf.space(qtbot, window)  # ends the prepared action: Bren's turn resumes as it was
    assert pf.current_name(window) == "Bren"
    assert pf.turn_text(window) == "Bren: Major 1 · Minor 0"
    assert pf.highlighted_rows(window) == ["Bren"]
    assert pf.log_texts(window)[-1] == "Ayla's prepared action ends; Bren's turn resumes."
    pf.space(qtbot, window)
    assert pf.current_name(window) == "Hollow Knight"

    # Undo steps back into the interruption.
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert {"Round 1", "Prepared action (the bridge creaks)"} <= pf.clock_parts(window)


def test_a_prepared_action_not_used_lapses_when_the_next_turn_begins(pwindow, qtbot):
    window = pwindow
    pf.press_start(qtbot, window)
    pf.action(qtbot, window, "prepare", trigger="a door opens")
    pf.space(qtbot, window, pf.TURNS_PER_ROUND)
    assert "prepared: a door opens" in pf.table_row(window, "Ayla")[0]
    pf.action(qtbot, window, "begin_turn")
    assert pf.table_row(window, "Ayla")[0] == "Ayla  (in Conflict)"
    assert "Ayla's prepared action (a door opens) lapses unused." in pf.log_texts(window)
