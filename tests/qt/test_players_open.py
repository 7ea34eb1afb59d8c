"""Another fight opened while the players' screen is up: their side follows it without
work proportional to the fight for each row it paints or for each signal it hears
(issue 26: at 5,000 combatants the players' turn rows worked out who is visible anew
for each text painted, and each players' proxy filtered every row three times). Counts,
not timings: the machine is shared."""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, QSettings
from PySide6.QtWidgets import QHeaderView, QTableView
from pytestqt.qtbot import QtBot

from benchmarks.fights import add_effects, build, next_step
from benchmarks.idle_timer import IdleClock
from tests.engine.test_priority_public_places import CountedList
from tracker.engine import EditCombatant, Session
from tracker.qt.main_window import MainWindow
from tracker.qt.players import visibility
from tracker.qt.players.effects_proxy import PartyEffectsProxy
from tracker.qt.players.launcher import open_players_screen
from tracker.qt.players.page_rows import PageRows
from tracker.qt.players.proxy_base import PlayersProxy
from tracker.qt.players.turn_order_proxy import PlayersTurnOrderProxy
from tracker.qt.players.visibility import Visibility
from tracker.qt.players.window import PlayersWindow
from tracker.qt.rulesets.ap_countdown.players_proxy import PlayersResolutionsProxy
from tracker.qt.rulesets.classic_d20 import players_panel
from tracker.qt.rulesets.initiative_ticks.players_proxy import PlayersTicksProxy
from tracker.qt.rulesets.stamina_battle.players_panel import PlayersUnitsProxy
from tracker.qt.rulesets.war_scroll.players_proxy import PlayersWarScrollProxy

SIZE = 300
RULESETS = ["priority", "war_scroll", "stamina_battle", "initiative_ticks"]


PROXIES: tuple[type[PlayersProxy], ...] = (
    PlayersTurnOrderProxy,
    PartyEffectsProxy,
    PlayersWarScrollProxy,
    PlayersUnitsProxy,
    PlayersTicksProxy,
)


@pytest.fixture
def filtered(monkeypatch: pytest.MonkeyPatch) -> Counter[int]:
    """Rows filtered, by proxy (the classes patched before any proxy is made: PySide
    keeps the Python method a C++ object's virtual call first found)."""
    counts: Counter[int] = Counter()
    for proxy_class in PROXIES:
        original = proxy_class.filterAcceptsRow

        def counted(
            proxy: PlayersProxy, row: int, parent: Any, *, _original: Any = original
        ) -> bool:
            counts[id(proxy)] += 1
            return bool(_original(proxy, row, parent))

        monkeypatch.setattr(proxy_class, "filterAcceptsRow", counted)
    return counts


def _players_up(
    qtbot: QtBot, tmp_path: Path, large: Session
) -> tuple[MainWindow, PlayersWindow, Path]:
    """`large` saved; the GM's window on a small fight of its ruleset with the players'
    screen up, the event loop idle."""
    first = MainWindow(large, None, tmp_path / "first")
    path = tmp_path / "large.json"
    assert first.save_to(path)
    first.document.undo_stack.set_clean()
    first.deleteLater()
    window, players = players_up(qtbot, tmp_path, build(large.ruleset.id, 5))
    return window, players, path


def players_up(qtbot: QtBot, tmp_path: Path, session: Session) -> tuple[MainWindow, PlayersWindow]:
    """The GM's window on `session` with the players' screen up, the event loop idle."""
    window = MainWindow(session, None, tmp_path / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    players = open_players_screen(
        window.document,
        window,
        ask=False,
        turn_order_model=window.turn_order_model,
        effects_model=window.effects_model,
        store=QSettings(str(tmp_path / "players.ini"), QSettings.Format.IniFormat),
    )
    assert players is not None
    qtbot.waitExposed(players)
    IdleClock().settle()
    return window, players


@pytest.fixture(params=RULESETS)
def opened(
    request: pytest.FixtureRequest, qtbot: QtBot, tmp_path: Path, filtered: Counter[int]
) -> Iterator[tuple[MainWindow, PlayersWindow, Path]]:
    """The GM's window with the players' screen up on a small fight, and a saved one of
    `SIZE` combatants (some hidden, some effects) of the same ruleset."""
    ruleset_id = request.param
    large = build(ruleset_id, SIZE)
    rng = random.Random(2)
    for combatant in rng.sample(large.encounter.combatants, SIZE // 10):
        large.apply(EditCombatant(combatant.id, {"hidden": True}))
    add_effects(large, large.apply, 10, rng)
    window, players, path = _players_up(qtbot, tmp_path, large)
    yield window, players, path
    players.close()
    window.document.undo_stack.set_clean()
    window.close()
    window.deleteLater()
    qtbot.wait(1)


def test_an_open_works_out_who_is_visible_once_not_per_row_painted(
    opened: tuple[MainWindow, PlayersWindow, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    window, players, path = opened
    made: list[int] = []
    original = Visibility.of

    def of(_cls: type[Visibility], encounter: Any) -> Visibility:
        made.append(1)
        return original(encounter)

    monkeypatch.setattr(Visibility, "of", classmethod(of))
    assert window.open_path(path)
    IdleClock().settle()
    players.repaint()
    assert players.isVisible()
    assert len(made) <= 2, f"{len(made)} times over {SIZE} combatants"


def test_an_open_works_out_who_is_visible_before_its_swap(
    opened: tuple[MainWindow, PlayersWindow, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Who the players may see is worked out on the open's worker, with the session's
    turn, and kept in the encounter's memo: a pass over the fight taken out of the
    swap's slot (it was worked out on the window's thread)."""
    window, players, path = opened
    threads: list[bool] = []  # each pass: on the window's thread
    original = Visibility.of

    def of(_cls: type[Visibility], encounter: Any) -> Visibility:
        threads.append(threading.current_thread() is threading.main_thread())
        return original(encounter)

    monkeypatch.setattr(Visibility, "of", classmethod(of))
    assert window.open_path(path)
    IdleClock().settle()
    players.repaint()
    assert threads == [False]


def test_an_open_filters_each_players_row_once(
    opened: tuple[MainWindow, PlayersWindow, Path], filtered: Counter[int]
) -> None:
    window, players, path = opened
    filtered.clear()
    assert window.open_path(path)
    IdleClock().settle()
    proxies = {id(proxy): proxy for proxy in players.findChildren(PlayersProxy)}
    assert sum(filtered.values()) >= 100, "the new fight's rows (or turns to come) filtered"
    for key, count in filtered.items():
        proxy = proxies[key]
        rows = proxy.sourceModel().rowCount()
        assert count <= rows, f"{type(proxy).__name__}: {count} filterings of {rows} rows"


def test_an_effects_carrier_is_looked_up_not_searched() -> None:
    session = build("priority", 40)
    add_effects(session, session.apply, 5, random.Random(1))
    encounter = session.encounter
    visibility = Visibility.of(encounter)
    encounter.combatants = CountedList(encounter.combatants)
    CountedList.passes = 0
    shown = [
        visibility.effect_is_visible(effect, encounter, ("party", "enemy"))
        for effect in encounter.effects
    ]
    assert any(shown)
    assert CountedList.passes == 0


def test_an_open_sizes_the_war_scroll_rows_of_a_page_not_of_the_fight(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The players' grid gives its rows their height on the page it shows: it holds the
    page's rows alone (`PageRows`), nearly all of a large fight out of it (every row was
    sized at each fitting of an open, and later hidden one by one)."""
    window, players, path = _players_up(qtbot, tmp_path, build("war_scroll", SIZE))
    grid = players.findChild(QTableView, "players_grid")
    assert grid is not None
    names = grid.verticalHeader()
    sized: list[int] = []
    original = QHeaderView.resizeSection

    def resize_section(header: QHeaderView, row: int, size: int) -> None:
        if header is names:
            sized.append(row)
        original(header, row, size)

    monkeypatch.setattr(QHeaderView, "resizeSection", resize_section)
    assert window.open_path(path)
    IdleClock().settle()
    shown = [row for row in range(names.count()) if not names.isSectionHidden(row)]
    page = grid.model()
    assert isinstance(page, PageRows)
    listed = page.source.rowCount(QModelIndex())
    assert listed >= SIZE // 2 > names.count() == len(shown) >= 2, "a page of a large fight"
    assert len(sized) <= len(shown), f"{len(sized)} rows sized, {len(shown)} shown"
    assert len({names.sectionSize(row) for row in shown}) == 1
    players.close()
    window.document.undo_stack.set_clean()
    window.close()
    window.deleteLater()
    qtbot.wait(1)


def test_an_open_makes_the_classic_d20_cards_of_a_page_not_of_the_fight(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The players' d20 list makes a card (the ruleset's markers, meters, concentration)
    when it is first shown: an open made every card twice, and every change every card
    again."""
    window, players, path = _players_up(qtbot, tmp_path, build("classic_d20", SIZE))
    made: list[str] = []
    original = players_panel._card

    def card(*args: Any) -> Any:
        made.append(args[3].id)
        return original(*args)

    monkeypatch.setattr(players_panel, "_card", card)
    assert window.open_path(path)
    IdleClock().settle()
    opened = len(made)
    assert 0 < opened < SIZE // 4, f"{opened} cards made for {SIZE} combatants"
    made.clear()
    for _ in range(2):
        assert window.document.apply(next_step(window.document.session))
    IdleClock().settle()
    assert len(made) < SIZE // 4, f"{len(made)} cards made by two steps"
    players.close()
    window.document.undo_stack.set_clean()
    window.close()
    window.deleteLater()
    qtbot.wait(1)


ONE_PASS = (PlayersUnitsProxy, PlayersTicksProxy, PlayersResolutionsProxy, PlayersWarScrollProxy)


@pytest.mark.parametrize(
    "ruleset_id", ["stamina_battle", "initiative_ticks", "ap_countdown", "war_scroll"]
)
def test_an_open_filters_a_players_list_in_one_pass(
    ruleset_id: str, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The players' list of a ruleset's panel answers Qt's asks at a reset from one pass
    over every row (`PlayersProxy.accepted`), not from its filter run a row at a time
    (5,000 runs of Python at a large open): the same rows as the filter row by row."""
    large = build(ruleset_id, SIZE)
    for combatant in random.Random(4).sample(large.encounter.combatants, SIZE // 10):
        large.apply(EditCombatant(combatant.id, {"hidden": True}))
    window, players, path = _players_up(qtbot, tmp_path, large)
    by_row: Counter[str] = Counter()
    for proxy_class in ONE_PASS:
        original = proxy_class.accepted_row

        def counted(proxy: PlayersProxy, row: int, *, _original: Any = original) -> bool:
            by_row[type(proxy).__name__] += 1
            return bool(_original(proxy, row))

        monkeypatch.setattr(proxy_class, "accepted_row", counted)
    assert window.open_path(path)
    IdleClock().settle()
    proxies = [proxy for proxy in players.findChildren(PlayersProxy) if isinstance(proxy, ONE_PASS)]
    assert proxies
    for proxy in proxies:
        source = proxy.sourceModel()
        assert source.rowCount() >= SIZE // 2
        assert by_row[type(proxy).__name__] < SIZE // 10, by_row
        shown = [proxy.mapToSource(proxy.index(row, 0)).row() for row in range(proxy.rowCount())]
        expected = [row for row in range(source.rowCount()) if proxy.accepted_row(row)]
        assert sorted(shown) == expected
    players.close()
    window.document.undo_stack.set_clean()
    window.close()
    window.deleteLater()
    qtbot.wait(1)


@pytest.mark.parametrize("ruleset_id", ["classic_d20", "ap_countdown"])
def test_an_open_orders_no_names_while_nobody_is_hidden(
    ruleset_id: str, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Who is visible is worked out inside the open's swap; the names ordered longest
    first serve only to check texts against hidden names, so a fight with nobody hidden
    never orders them (every combatant's name was sorted twice in the swap)."""
    window, players, path = _players_up(qtbot, tmp_path, build(ruleset_id, SIZE))
    ordered: list[int] = []
    original = visibility._longest_first

    def counted(names: Any) -> tuple[str, ...]:
        listed = set(names)
        ordered.append(len(listed))
        return original(listed)

    monkeypatch.setattr(visibility, "_longest_first", counted)
    assert window.open_path(path)
    IdleClock().settle()
    players.repaint()
    assert not [c for c in window.document.encounter.combatants if c.hidden]
    assert ordered == [], f"names ordered {len(ordered)} times"
    shown = Visibility.of(window.document.encounter)
    assert not shown.leaks(window.document.encounter.combatants[0].name)
    players.close()
    window.document.undo_stack.set_clean()
    window.close()
    window.deleteLater()
    qtbot.wait(1)
