"""The players' screen at 1,920 × 1,080 with a crowd, for every ruleset: each bundled
sample with 25 visible combatants added (too many for any list at full size), played
on to a visible turn and to a hidden combatant's turn.

What is checked is what is painted (`painted_texts`: every text drawn, with its size):
- every visible combatant appears (on one of the pages a list turns through), and the
  one acting is on every page;
- during a hidden turn, the board shows a neutral turn: what it showed just before,
  with nobody named or marked as acting (`BoardView.neutral`), and the hidden
  combatant nowhere;
- no text is smaller than 24 px, in the dark and the light theme; the themes' colour
  pairs contrast at least 4.5:1 (WCAG AA).
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from tests.qt.painted import painted_texts
from tests.qt.players_crowd import (
    RULESETS,
    crowd_document,
    hidden_ids,
    is_hidden_turn,
    play_to_visible_turn,
    step,
)
from tests.qt.players_views import board_view
from tracker.engine import AddEffect
from tracker.qt.document import EncounterDocument
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.now_panel import FitLabel
from tracker.qt.players.panel_parts import RowPager
from tracker.qt.players.public_state import NEUTRAL
from tracker.qt.players.themes import DARK, LIGHT, MIN_TEXT_PX, Theme
from tracker.qt.rulesets.initiative_ticks.players_panel import CRASHED

STEP_LIMIT = 400


def shown_board(qtbot, document: EncounterDocument, theme: Theme = DARK) -> PlayersBoard:
    board = PlayersBoard(document, theme)
    qtbot.addWidget(board)
    board.resize(1920, 1080)
    board.show()
    qtbot.waitExposed(board)
    return board


def pagers(board: PlayersBoard) -> list[RowPager]:
    return board.findChildren(RowPager)


def every_page(board: PlayersBoard) -> list[list[str]]:
    """The texts painted on each page: every list turned through all its pages."""
    turns = max(pager.pages for pager in pagers(board))
    pages = []
    for _ in range(turns):
        pages.append([t.text for t in painted_texts(board)])
        for pager in pagers(board):
            pager.turn_page()
    return pages


def add_party_effects(document: EncounterDocument) -> None:
    """Three effects on the party, each lasting the ruleset's default duration."""
    party = [c for c in document.encounter.combatants if c.side == "party" and not c.hidden]
    duration = {f.name: f.default for f in document.ruleset.duration_fields}
    for number, name in enumerate(("Blessed", "Shield of Faith", "Haste")):
        assert document.apply(AddEffect(name, party[number % len(party)].id, None, duration))


def visible_names(document: EncounterDocument) -> list[str]:
    return [c.name for c in document.encounter.combatants if not c.hidden]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_visible_combatant_is_shown_and_the_acting_one_on_every_page(qtbot, ruleset_id):
    document = crowd_document(ruleset_id)
    board = shown_board(qtbot, document)
    play_to_visible_turn(document)
    assert board.height() == 1080  # nothing made it grow past the screen
    assert any(pager.pages > 1 for pager in pagers(board)), "a crowd this large needs pages"
    acting = board.now_panel.name.full_text()
    assert acting in visible_names(document)
    if board.panel is None:  # no ruleset's panel: the turns to come go on at the right
        assert board.then_view is not None and board.then_view.isVisibleTo(board)
        assert board.next_pager.shown_in[1] == board.next_pager.shown_in[0] > 5
    pages = every_page(board)
    seen = {text for page in pages for text in page}
    missing = [name for name in visible_names(document) if name not in seen]
    assert missing == []
    assert all(acting in page for page in pages)  # NOW
    # The row of the one acting is on every page of the ruleset's list (Priority has
    # none; the AP countdown marks one while it resolves, not while it declares).
    if ruleset_id not in ("priority", "ap_countdown"):
        assert any(pager.pinned() is not None for pager in pagers(board))
    for pager in pagers(board):
        pinned = pager.pinned()
        for _ in range(pager.pages):
            assert pinned is None or pinned in pager.shown_rows()
            pager.turn_page()


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_hidden_turn_shows_as_a_neutral_turn(qtbot, ruleset_id):
    document = crowd_document(ruleset_id)
    board = shown_board(qtbot, document)
    hidden_names = [c.name for c in document.encounter.combatants if c.hidden]
    before = None
    for _ in range(STEP_LIMIT):
        turn = document.session.current_turn()
        visible_turn = turn is not None and turn.combatant_id not in hidden_ids(document)
        if visible_turn and turn.combatant_id is not None and board.public.is_started():
            before = board_view(board)
        step(document)
        if before is not None and is_hidden_turn(document):
            break
    assert before is not None and is_hidden_turn(document)
    shown = board_view(board)
    # Nobody named: NOW and any "who acts" line read NEUTRAL; the round, the tick,
    # the count and the lists' other rows are as a visible turn leaves them.
    assert shown.turn_part() == before.neutral().turn_part()
    assert board.now_panel.name.full_text() == NEUTRAL
    # No row is marked as acting, on any list.
    assert [pager.pinned() for pager in pagers(board)] == [None] * len(pagers(board))
    texts = [text for page in every_page(board) for text in page]
    assert not [t for t in texts if any(name in t for name in hidden_names)]
    # A visible turn again: named as always.
    for _ in range(STEP_LIMIT):
        step(document)
        turn = document.session.current_turn()
        if turn is not None and turn.combatant_id in {
            c.id for c in document.encounter.combatants if not c.hidden
        }:
            break
    assert board.now_panel.name.full_text() in visible_names(document)


@pytest.mark.parametrize("theme", [DARK, LIGHT], ids=["dark", "light"])
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_no_text_is_smaller_than_24_px_at_1080p(qtbot, ruleset_id, theme):
    document = crowd_document(ruleset_id)
    board = shown_board(qtbot, document, theme)
    checked = 0
    for moment in ("before the fight", "a visible turn", "a hidden turn"):
        if moment == "a visible turn":
            play_to_visible_turn(document)
            add_party_effects(document)
        elif moment == "a hidden turn":
            for _ in range(STEP_LIMIT):
                if is_hidden_turn(document) and board.public.is_held():
                    break
                step(document)
        assert board.scale == pytest.approx(1.0)
        for _ in range(max(pager.pages for pager in pagers(board))):
            qtbot.wait(1)  # laid out as the screen shows it
            painted = painted_texts(board)
            small = [(t.text, t.pixels) for t in painted if t.pixels < MIN_TEXT_PX]
            assert small == [], f"{moment}: {small}"
            if moment != "before the fight":  # the effects on the party are painted too
                assert any(t.text.startswith("Blessed on") for t in painted), (
                    moment,
                    board.effects_proxy.rowCount(),
                    board.effects_view.isVisible(),
                    board.effects_view.height(),
                )
            checked += len(painted)
            for pager in pagers(board):
                pager.turn_page()
    assert checked > 100


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_no_fitted_line_may_shrink_below_24_px_at_1080p(qtbot, ruleset_id):
    """A line fitted to its room (NOW, the phase, the round line) shrinks for a long
    text, never below 24 px, whatever the text."""
    board = shown_board(qtbot, crowd_document(ruleset_id, extra=0))
    fitted = board.findChildren(FitLabel)
    assert len(fitted) >= 2
    assert {label.objectName(): label.smallest_px() < MIN_TEXT_PX for label in fitted} == {
        label.objectName(): False for label in fitted
    }


def contrast(ink: str, background: str) -> float:
    def luminance(color: str) -> float:
        def channel(value: float) -> float:
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

        c = QColor(color)
        return (
            0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF())
        )

    light, dark = sorted((luminance(ink), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("theme", [DARK, LIGHT], ids=["dark", "light"])
def test_every_text_colour_contrasts_with_what_is_behind_it(theme):
    pairs = {
        f"{ink} on {ground}": (getattr(theme, ink), getattr(theme, ground))
        for ink in ("text", "muted")
        for ground in ("background", "surface")
    }
    pairs["emphasis on background"] = (theme.emphasis, theme.background)
    pairs["emphasis on surface"] = (theme.emphasis, theme.surface)  # the big numbers
    for state, (ground, ink) in theme.cells.items():
        if state != "none":  # an empty cell: no text
            pairs[f"{state} cell"] = (ink, ground)
    pairs["Crashed pill"] = (CRASHED[1], CRASHED[0])
    weak = {name: round(contrast(*pair), 2) for name, pair in pairs.items()}
    weak = {name: ratio for name, ratio in weak.items() if ratio < 4.5}
    assert weak == {}
