"""The AP countdown on the players' screen: the count, who acts there and the next
resolutions in order, large. A hidden combatant (the sample's Cave Troll) and its
action never show, not even as a gap: while it acts the count stays where the last
visible turn was, its resolution is not in the list, and a visible action whose name
would give it away is blanked. Revealed, it joins in; undo brings back what was
shown."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtWidgets import QWidget

from tests.qt import ap_countdown_fixtures as af
from tests.qt.ap_countdown_fixtures import by_name
from tests.qt.test_players_fight import leaked, window_texts
from tracker.engine import EditCombatant, EndTurn, RulesetAction, StartEncounter
from tracker.qt.document import EncounterDocument
from tracker.qt.players import PlayersScreenSettings, PlayersWindow
from tracker.qt.players.public_state import NEUTRAL
from tracker.qt.players.themes import LIGHT
from tracker.qt.rulesets.ap_countdown.model import ResolvesRole
from tracker.qt.rulesets.ap_countdown.players_panel import COUNT_PX, ROW_PX, CountdownPanel

adocument = af.adocument
Step = tuple[str, Callable[[], object]]


def fight(document: EncounterDocument) -> Iterator[Step]:
    """A round with the hidden Cave Troll acting, a visible action naming it, the Troll
    revealed, undo and redo; each step changes the encounter."""
    apply, undo = document.apply, document.undo_stack.undo

    def act(kind: str, who: str, /, **params) -> Callable[[], None]:
        def run() -> None:
            assert apply(RulesetAction(kind, by_name(document, who).id, params)), kind

        return run

    yield "start", lambda: apply(StartEncounter())
    yield "the countdown begins", lambda: apply(EndTurn())
    yield "Mirelle: ranged attack", act("declare", "Mirelle", action="ranged attack", ap=2)
    yield "Hauser names the Troll", act("declare_free", "Hauser", name="Bash Cave Troll", ap=3)
    yield "the Captain loads", act("declare", "Orc Captain", action="load light crossbow", ap=0)
    yield "the Archer shoots", act("declare", "Orc Archer", action="ranged attack", ap=3)
    yield "Mirelle resolves", act("resolve", "Mirelle", note="")
    yield "Mirelle is done", act("done", "Mirelle")
    yield "the Troll declares", act("declare", "Cave Troll", action="melee attack", ap=4)
    yield "Hauser resolves", act("resolve", "Hauser", note="")
    yield "undo", undo
    yield "redo", document.undo_stack.redo
    yield (
        "the Troll shows itself",
        lambda: apply(EditCombatant(by_name(document, "Cave Troll").id, {"hidden": False})),
    )
    yield "and hides again", undo


def _panel(window: PlayersWindow) -> CountdownPanel:
    panel = window.board.panel
    assert isinstance(panel, CountdownPanel)
    return panel


def _resolutions(panel: CountdownPanel) -> list[tuple[int, str]]:
    proxy = panel.proxy
    return [
        (proxy.index(row, 0).data(ResolvesRole), proxy.index(row, 0).data())
        for row in range(proxy.rowCount())
    ]


@pytest.fixture
def players(adocument, qtbot) -> PlayersWindow:
    window = PlayersWindow(adocument, PlayersScreenSettings(theme="dark"))
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_nothing_of_the_hidden_troll_reaches_the_players(adocument, players, qtmodeltester):
    panel = _panel(players)
    qtmodeltester.check(panel.proxy, force_py=True)  # and watches it through the fight
    troll = by_name(adocument, "Cave Troll")
    for label, action in fight(adocument):
        action()
        texts = window_texts(panel) + panel.rendered_texts()
        if troll.hidden:
            assert leaked(texts, adocument) == [], label
            assert not any("Bash" in text for text in texts), label  # names the Troll
        else:  # revealed: its resolution at 4 joins the list
            assert (4, "Cave Troll") in _resolutions(panel), label
        # The list: visible resolutions only, highest first; no gap where the Troll's is.
        marks = [
            (mark.resolves_at, by_name(adocument, name).name)
            for name in ("Mirelle", "Hauser", "Orc Captain", "Orc Archer", "Cave Troll")
            if (
                mark := panel.track_model.mark_at(
                    panel.track_model.row_of(by_name(adocument, name).id)
                )
            ).resolves_at
            is not None
            and (name != "Cave Troll" or not troll.hidden)
        ]
        shown = _resolutions(panel)
        assert sorted(shown, key=lambda pair: -pair[0]) == shown, label
        assert {name for _value, name in shown} == {name for _value, name in marks}, label
        players.grab()
    qtmodeltester.check(panel.proxy, force_py=True)


def test_the_count_stays_and_nobody_is_named_while_the_troll_acts(adocument, players):
    panel = _panel(players)
    assert panel.count_texts(None)[1] == "Not started"
    steps = fight(adocument)
    for _label, action in steps:
        action()
        due = adocument.ruleset.due_now(adocument.encounter)
        if due is not None and due[0] == by_name(adocument, "Cave Troll").id:
            break
    assert adocument.ruleset.count(adocument.encounter) == 24  # the Troll declares at 24
    assert panel.count_label.text() == "25"  # Mirelle's turn, the last one shown
    assert panel.acting_line.text() == NEUTRAL  # not Mirelle's any more, nor the Troll's
    assert "24" not in panel.rendered_texts()
    assert [value for value, _name in _resolutions(panel)] == [20, 15]  # Hauser, Archer
    next(steps)[1]()  # the Troll declares: Hauser resolves at 20
    assert panel.count_label.text() == "20"
    assert panel.acting_line.text() == "Hauser resolves"  # his action's name is blanked
    assert _resolutions(panel)[0] == (20, "Hauser")


def test_the_panel_follows_the_phases(adocument, players):
    panel = _panel(players)
    assert panel.nothing.isVisibleTo(panel)
    assert panel.nothing.text() == "The fight has not begun."
    adocument.apply(StartEncounter())
    assert panel.count_texts(players.board.public.shown_turn())[1] == "Initiative phase"
    assert not panel.count_label.isVisibleTo(panel)  # no count yet
    adocument.apply(EndTurn())
    assert panel.count_label.text() == "35"
    assert panel.phase_line.full_text() == "Resolution"
    assert panel.acting_line.text() == "Mirelle declares"
    mirelle = by_name(adocument, "Mirelle").id
    adocument.apply(RulesetAction("declare", mirelle, {"action": "ranged attack", "ap": 3}))
    assert _resolutions(panel) == [(20, "Mirelle")]
    assert panel.proxy.index(0, 1).data() == "Ranged Attack · 3 AP"
    adocument.undo_stack.undo()
    assert _resolutions(panel) == []
    assert panel.nothing.text() == "Nothing under way."


def test_large_type_scaled_with_the_board(adocument, players, qtbot):
    panel = _panel(players)
    adocument.apply(StartEncounter())
    adocument.apply(EndTurn())
    mirelle = by_name(adocument, "Mirelle").id
    adocument.apply(RulesetAction("declare", mirelle, {"action": "ranged attack", "ap": 3}))
    assert players.board.scale == pytest.approx(1.0)
    assert panel.count_label.font().pixelSize() == COUNT_PX
    assert panel.acting_line.font().pixelSize() >= 40
    assert panel.list_view.height() == ROW_PX
    players.resize(1280, 720)
    qtbot.waitUntil(lambda: players.board.scale < 0.7)
    assert panel.count_label.font().pixelSize() == round(COUNT_PX * players.board.scale)
    players.board.set_theme(LIGHT)
    assert panel.delegate.theme is LIGHT
    # Each label fits inside the panel: nothing is cut off on the right.
    for child in panel.findChildren(QWidget):
        if child.isVisibleTo(panel):
            assert child.geometry().right() <= panel.width(), child.objectName()
    players.grab()


def test_the_whole_board_never_names_the_troll(adocument, players):
    for _label, action in fight(adocument):
        action()
        if by_name(adocument, "Cave Troll").hidden:
            assert leaked(window_texts(players), adocument) == []


def test_a_stun_waits_on_no_stun_the_players_cannot_see(qapp):
    """A party member stunned by a visible Orc and, more severely, by the hidden Cave
    Troll: the GM reads that the Orc's stun waits; the players, who never see the
    Troll's stun, read its rounds plainly."""
    from tracker.engine import AddEffect
    from tracker.qt.models.effects_model import EffectsModel
    from tracker.qt.players.effects_proxy import REMAINING_COLUMN, PartyEffectsProxy
    from tracker.qt.players.public_state import PublicState

    document = EncounterDocument(af.ap_session())
    mirelle = by_name(document, "Mirelle").id
    orc, troll = by_name(document, "Orc Archer").id, by_name(document, "Cave Troll").id
    assert by_name(document, "Cave Troll").hidden
    document.apply(AddEffect("Dazed", mirelle, orc, {"rounds": 2, "kind": "dazed"}))
    document.apply(AddEffect("Stunned", mirelle, troll, {"rounds": 1, "kind": "stunned"}))
    effects = EffectsModel(document, document)
    proxy = PartyEffectsProxy(effects, PublicState(document, document), parent=document)
    gm = [effects.index(r, REMAINING_COLUMN).data() for r in range(effects.rowCount())]
    assert any("after the more severe stun" in text for text in gm)
    shown = [proxy.index(r, REMAINING_COLUMN).data() for r in range(proxy.rowCount())]
    assert shown == ["Dazed, 2 rounds left"]
