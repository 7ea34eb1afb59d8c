"""Priority reactions through the main window: the GM raises a trigger, the prompt panel
asks the creatures in reverse Priority, reactions stack and resolve newest first, and
undo walks back one decision at a time."""

from __future__ import annotations

from tests.qt import priority_fixtures as pf

pwindow = pf.pwindow

TRIGGER = "Knight charges the bridge"


def _to_round_two(qtbot, window) -> None:
    """Everyone has had a turn (only then may it react); Ayla's turn is up."""
    pf.press_start(qtbot, window)
    pf.space(qtbot, window, pf.TURNS_PER_ROUND)
    assert window.document.encounter.clock.round == 2
    assert pf.current_name(window) == "Ayla"


def _prompt(window) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
    return (
        pf.prompt_title(window),
        pf.prompt_question(window),
        tuple(pf.answer_labels(window)),
        tuple(pf.prompt_context(window)),
    )


def test_a_trigger_is_decided_in_reverse_priority_and_resolved_newest_first(pwindow, qtbot):
    window = pwindow
    _to_round_two(qtbot, window)
    pf.select(qtbot, window, "Hollow Knight")
    before_trigger = window.document.encounter.to_dict()
    pf.action(qtbot, window, "raise_trigger", text=TRIGGER)

    stack = window.document.encounter.clock.exchange
    assert [item.text for item in stack.items] == [TRIGGER]
    assert pf.status_text(window).endswith("· reaction stack: 1")
    seen = [_prompt(window)]
    assert seen[0] == (
        "Reaction? — Mire Witch decides",
        "Does Mire Witch react (in reverse Priority)? A reaction costs a Minor.",
        (f"React to #1 (Hollow Knight: {TRIGGER})", "Pass"),
        (f"#1 trigger by Hollow Knight: {TRIGGER}",),
    )
    # Nothing else moves while creatures decide.
    before = pf.snapshot(window)
    pf.space(qtbot, window)
    assert pf.banner_text(window).startswith("First answer: Reaction?")
    pf.action(qtbot, window, "raise_trigger", text="Another thing")
    assert pf.banner_text(window).startswith("Creatures are still deciding")
    assert pf.snapshot(window) == before

    def decide(label: str, **typed: str) -> None:
        pf.answer(qtbot, window, label, **typed)
        seen.append(_prompt(window))

    decide("Pass")  # Mire Witch
    assert seen[-1][0] == "Reaction? — Corin decides"
    decide(f"React to #1 (Hollow Knight: {TRIGGER})", text="Shield Ward")
    assert pf.log_texts(window)[-1] == (
        "Corin reacts to #1: Shield Ward (#2), paying a Minor (Major 1 · Minor 1 left)."
    )
    assert pf.table_row(window, "Corin")[1] == "Zeal 5 · Major 1 · Minor 1 · leave DL 9"
    # The source, skipped for its own trigger, now has a reaction to answer.
    assert seen[-1] == (
        "Reaction? — Hollow Knight decides",
        "Does Hollow Knight react (in reverse Priority)? A reaction costs a Minor.",
        ("React to #2 (Corin: Shield Ward)", "Pass"),
        ("#2 Corin reacts to #1: Shield Ward", f"#1 trigger by Hollow Knight: {TRIGGER}"),
    )
    decide("React to #2 (Corin: Shield Ward)", text="Shatter the ward")
    assert seen[-1][2] == (
        "React to #3 (Hollow Knight: Shatter the ward)",
        "React to #2 (Corin: Shield Ward)",
        f"React to #1 (Hollow Knight: {TRIGGER})",
        "Pass",
    )
    decide("Pass")  # Bren
    decide("Pass")  # Ayla
    assert seen[-1] == (
        "Complete the reactions",
        "No one else reacts. Complete the newest first: "
        "#3 Hollow Knight reacts to #2: Shatter the ward.",
        ("Completed", "It causes a new trigger"),
        (
            "#3 Hollow Knight reacts to #2: Shatter the ward",
            "#2 Corin reacts to #1: Shield Ward",
            f"#1 trigger by Hollow Knight: {TRIGGER}",
        ),
    )
    decide("Completed")
    assert seen[-1][1].endswith("Complete the newest first: #2 Corin reacts to #1: Shield Ward.")

    # Completing Corin's ward causes a new trigger: everyone is asked again.
    decide("It causes a new trigger", text="Shards fly")
    assert pf.log_texts(window)[-1] == "Trigger #4 by Corin: Shards fly."
    assert seen[-1][3] == (
        "#4 trigger by Corin: Shards fly",
        "#2 Corin reacts to #1: Shield Ward",
        f"#1 trigger by Hollow Knight: {TRIGGER}",
    )
    decide("Pass")  # Mire Witch; Corin has nothing left to react to
    assert seen[-1][:2] == (
        "Reaction? — Hollow Knight decides",
        "Does Hollow Knight react (in reverse Priority)? A reaction costs the Major (no "
        "Minor left).",
    )
    decide("Pass")
    decide("Pass")
    decide("Pass")
    for _ in range(3):
        decide("Completed")
    assert window.document.encounter.clock.exchange is None
    assert pf.log_texts(window)[-1] == "The reactions are over."
    qtbot.waitUntil(window.prompt_panel.isHidden, timeout=1000)

    titles = [title for title, *_rest in seen]
    assert titles == [
        "Reaction? — Mire Witch decides",
        "Reaction? — Corin decides",
        "Reaction? — Hollow Knight decides",
        "Reaction? — Bren decides",
        "Reaction? — Ayla decides",
        "Complete the reactions",
        "Complete the reactions",
        "Reaction? — Mire Witch decides",
        "Reaction? — Hollow Knight decides",
        "Reaction? — Bren decides",
        "Reaction? — Ayla decides",
        "Complete the reactions",
        "Complete the reactions",
        "Complete the reactions",
        "",
    ]
    completed = [t for t in pf.log_texts(window) if t.startswith("Completed: ")]
    assert completed == [
        "Completed: #3 Hollow Knight reacts to #2: Shatter the ward.",
        "Completed: #4 trigger by Corin: Shards fly.",
        "Completed: #2 Corin reacts to #1: Shield Ward.",
        f"Completed: #1 trigger by Hollow Knight: {TRIGGER}.",
    ]

    # Undo walks back one decision at a time, each prompt as it was.
    stack = window.document.undo_stack
    for expected in reversed(seen[:-1]):
        stack.undo()
        assert _prompt(window) == expected
    stack.undo()  # the trigger itself
    assert window.document.encounter.clock.exchange is None
    assert window.document.encounter.to_dict() == before_trigger
    assert pf.table_row(window, "Corin")[1] == "Zeal 5 · Major 1 · Minor 2 · leave DL 9"


def test_creatures_without_a_first_turn_or_a_pip_are_not_asked(pwindow, qtbot):
    window = pwindow
    pf.press_start(qtbot, window)
    pf.space(qtbot, window, 2)  # Ayla and Bren have had turns; the Knight's is up
    pf.select(qtbot, window, "Ayla")
    pf.action(qtbot, window, "raise_trigger", text="Ayla sings")
    assert pf.prompt_title(window) == "Reaction? — Bren decides"
    pf.answer(qtbot, window, "React to #1 (Ayla: Ayla sings)", text="Hum along")
    assert pf.prompt_title(window) == "Reaction? — Ayla decides"  # to Bren's reaction
    pf.answer(qtbot, window, "Pass")
    assert pf.prompt_title(window) == "Complete the reactions"


def test_the_prompt_panel_is_hidden_while_nothing_is_asked(pwindow, qtbot):
    """No empty prompt frame when the window opens (it used to show until a first
    prompt came and went)."""
    window = pwindow
    assert window.document.session.prompt() is None
    assert not window.prompt_panel.isVisible()


def test_a_prompt_is_answered_with_its_keyboard_shortcut(pwindow, qtbot):
    """An answer's own key answers it (its Alt+N mnemonic used to collide with the turn
    panel's Alt+N actions: ambiguous, nothing fired)."""
    window = pwindow
    _to_round_two(qtbot, window)
    pf.select(qtbot, window, "Hollow Knight")
    pf.action(qtbot, window, "raise_trigger", text=TRIGGER)
    assert pf.prompt_title(window) == "Reaction? — Mire Witch decides"
    assert pf.answer_labels(window)[1] == "Pass"
    button = window.prompt_panel.answer_buttons[1]
    qtbot.waitUntil(button.isVisible, timeout=1000)
    keys = button.shortcut()  # its own key (a mnemonic's Alt+N, or one set for it)
    assert keys.count() == 1, "the answer has no keyboard shortcut"
    combination = keys[0]
    window.roster_view.setFocus()
    qtbot.keyClick(window.roster_view, combination.key(), combination.keyboardModifiers())
    # A mnemonic "animates" its click: the answer may land a moment later.
    qtbot.waitUntil(lambda: pf.prompt_title(window) == "Reaction? — Corin decides", timeout=1000)
    assert pf.by_name(window, "Mire Witch").runtime.minor == 0  # it passed
