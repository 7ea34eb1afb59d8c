"""What making the page's panel costs the GUI thread at every publish: its rows are read
from the models' Python data behind the players' proxies, never a `QModelIndex` made a
row (each `index()` or mapping costs Qt's calls back into the Python model), and the
players' screen counts its round of turns without asking the proxy's `data()`. The
rows themselves are checked against the proxies' in `test_page_panels.py`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QObject, QSortFilterProxyModel

from tests.qt.players_crowd import crowd_document, is_hidden_turn, step
from tests.share.test_page_panels import declare_or_step
from tracker.engine.commands import EditCombatant, SetOption
from tracker.engine.effect_commands import AddEffect
from tracker.qt.players import projection
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.effects_proxy import PartyEffectsProxy
from tracker.qt.players.projection import one_round
from tracker.qt.players.settings import DEFAULT_HEALTH
from tracker.qt.players.themes import DARK
from tracker.qt.players.turn_order_proxy import PlayersTurnOrderProxy
from tracker.qt.players.visibility import Visibility
from tracker.qt.rulesets.ap_countdown.players_panel import CountdownSource
from tracker.qt.rulesets.ap_countdown.players_proxy import PlayersResolutionsProxy
from tracker.qt.rulesets.classic_d20 import players_panel
from tracker.qt.rulesets.classic_d20.players_panel import D20Source, page_row
from tracker.qt.share.feed import PageFeed
from tracker.qt.widgets.turn_timer import timer_setting

# The Qt calls a row read through a proxy makes (and that each call Qt back, for an index).
SPIED = ("index", "sibling", "mapToSource", "data")
ROWS_READ_BEHIND = ("initiative_ticks", "stamina_battle", "war_scroll")


def spy(monkeypatch: pytest.MonkeyPatch, model: QObject, calls: Counter[str]) -> None:
    """Count the calls Python code makes of `model`'s `SPIED` methods."""
    for name in SPIED:
        if not hasattr(model, name):
            continue
        original = getattr(model, name)
        kind = "proxy" if isinstance(model, QSortFilterProxyModel) else "model"

        def counted(
            *args: Any, _name: str = f"{kind}.{name}", _call: Callable[..., Any] = original
        ) -> Any:
            calls[_name] += 1
            return _call(*args)

        monkeypatch.setattr(model, name, counted)


def feed_of(ruleset_id: str) -> tuple[Any, PageFeed, QObject]:
    document = crowd_document(ruleset_id, extra=6)
    parent = QObject()
    feed = PageFeed(document, parent, health=DEFAULT_HEALTH, timer=timer_setting())
    return document, feed, parent


def _projected_afresh(document: Any, feed: PageFeed) -> Any:
    """The page's state as a projection with nothing kept makes it."""
    return projection.project(
        document,
        feed.public,
        feed.turn_proxy,
        feed.effects_proxy,
        feed.health_modes,
        None,
        upcoming=feed.round_ahead.turns(),
    )


@pytest.mark.parametrize("ruleset_id", ROWS_READ_BEHIND)
def test_the_page_reads_a_panels_rows_without_an_index_a_row(qtbot, monkeypatch, ruleset_id):
    """Step by step (hidden turns included), the page's panel makes no index, mapping or
    `data()` call for a row of its proxy, nor an `index()` of the model behind (the War
    Scroll's Segments are its column filter run over the model's columns)."""
    document, feed, _parent = feed_of(ruleset_id)
    source = feed.panel
    assert source is not None
    calls: Counter[str] = Counter()
    models = source.findChildren(QAbstractItemModel)
    proxies = [m for m in models if isinstance(m, QSortFilterProxyModel)]
    assert len(proxies) == 1 and len(models) == 2
    for model in models:
        spy(monkeypatch, model, calls)
    seen_hidden, most = False, 0
    for _ in range(30):
        calls.clear()
        content = source.content()
        rows = content.grid.rows if content.grid is not None else content.rows
        most = max(most, len(rows))
        assert calls["proxy.index"] == calls["proxy.mapToSource"] == 0, calls
        assert calls["model.index"] == 0, calls
        assert calls["proxy.data"] == calls["proxy.sibling"] == 0, calls
        seen_hidden |= is_hidden_turn(document)
        step(document)
    assert most > 10 and seen_hidden


def test_classic_d20s_cards_ask_the_ruleset_its_markers_once_a_combatant(qtbot, monkeypatch):
    """A card's words and whether its initiative is rolled come from one `markers` call;
    the first publish asks it of every card, a step only of the cards it changed."""
    document, feed, _parent = feed_of("classic_d20")
    ruleset, asked = document.ruleset, Counter[str]()
    original = ruleset.markers

    def markers(encounter: Any, combatant: Any) -> Any:
        asked[combatant.id] += 1
        return original(encounter, combatant)

    monkeypatch.setattr(ruleset, "markers", markers)
    assert feed.panel is not None
    cards = feed.panel.content().rows
    assert len(cards) > 10 and len(asked) == len(cards) and set(asked.values()) == {1}
    few = 0
    for _ in range(12):
        step(document)
        asked.clear()
        cards = feed.panel.content().rows
        assert set(asked.values()) <= {1}
        few += len(asked) <= len(cards) // 3
    assert few >= 8


def d20_edit(document: Any, number: int) -> None:
    """As `edit`, and now and then a party member concentrates on a spell (an effect it
    holds) or the rules' options change."""
    combatants = document.encounter.combatants
    party = [c for c in combatants if c.side == "party" and not c.hidden]
    if number % 9 == 2 and party:
        caster, target = party[number % len(party)], combatants[number % len(combatants)]
        duration = {"until": "rounds", "amount": 3, "concentration": True}
        assert document.apply(AddEffect("Bless", target.id, caster.id, duration))
    elif number % 17 == 8:
        saves = document.ruleset.option(document.encounter, "death_saves")
        value = "all" if saves != "all" else "pcs"
        assert document.apply(SetOption("death_saves", value))
    else:
        edit(document, number)


def _fresh_cards(document, public) -> list[players_panel.Card]:
    """The cards of the combatants the players see, in order, each made anew."""
    ruleset, encounter = document.ruleset, document.encounter
    acting = players_panel.acting_ids(public)
    return [
        players_panel._card(
            document,
            public,
            ruleset,
            combatant,
            combatant.id in acting,
            ruleset.concentrating_on(encounter, combatant),  # asked of each, one by one
        )
        for combatant in encounter.combatants
        if public.is_visible(combatant.id)
    ]


def test_classic_d20s_kept_cards_are_the_cards_made_anew(qtbot, monkeypatch):
    """Classic d20's cards are kept until the engine says their combatant, the effects
    or the options changed (`ChangeMemo`): through steps, renames, changes of side,
    hiding and showing, concentration, options, undo and redo, they are the cards
    made afresh with nothing kept (`_fresh_cards`)."""
    document, feed, _parent = feed_of("classic_d20")
    source = feed.panel
    assert isinstance(source, D20Source)
    concentrating = 0
    for number in range(70):
        content = source.content()
        fresh = tuple(page_row(card) for card in _fresh_cards(document, feed.public))
        assert content.rows == fresh, number
        concentrating += any(r.detail.startswith("concentrating") for r in content.rows)
        d20_edit(document, number)
    assert concentrating > 5


def test_the_players_screen_counts_its_round_of_turns_without_the_proxys_data(qtbot, monkeypatch):
    """`one_round` reads the proxy's turns with its own filter (`shown_turns`): as many
    as its rows up to a visible combatant's second turn, with no `data()` a row."""
    document = crowd_document("classic_d20", extra=6)
    board = PlayersBoard(document, DARK, timer=timer_setting())
    qtbot.addWidget(board)
    board.resize(1280, 720)
    board.show()
    proxy, calls = board.turn_proxy, Counter[str]()
    spy(monkeypatch, proxy, calls)
    most = 0
    for _ in range(12):
        calls.clear()
        count = one_round(proxy)
        assert calls["proxy.data"] == calls["proxy.index"] == 0, calls
        listed = [proxy.turn_at(row) for row in range(proxy.rowCount())]  # its own rows
        assert count == first_repeat(listed)
        most = max(most, count)
        step(document)
    assert most > 3


def first_repeat(turns: list[Any]) -> int:
    """The row of the first turn of a combatant already listed (all: none)."""
    seen: set[str] = set()
    for row, turn in enumerate(turns):
        holder = turn.combatant_id if turn is not None else None
        if holder is not None and holder in seen:
            return row
        if holder is not None:
            seen.add(holder)
    return len(turns)


KEPT_ROWS = ("initiative_ticks", "war_scroll", "stamina_battle")


def edit(document: Any, number: int) -> None:
    """The fight moves on, and now and then a visible combatant is renamed, changes
    side, is hidden (and shown again later), a step is undone or redone."""
    combatants = document.encounter.combatants
    shown_again = [c for c in combatants if c.hidden and c.name.startswith("Veiled")]
    visible = [c for c in combatants if not c.hidden]
    if number % 7 == 3:
        who = visible[number % len(visible)]
        assert document.apply(EditCombatant(who.id, {"name": f"{who.name}'"}))
    elif number % 7 == 5:
        who = visible[-1 - number % len(visible)]
        side = "ally" if who.side == "enemy" else "enemy"
        assert document.apply(EditCombatant(who.id, {"side": side}))
    elif number % 11 == 6:
        who = visible[number % len(visible)]
        assert document.apply(EditCombatant(who.id, {"hidden": True, "name": f"Veiled {number}"}))
    elif number % 11 == 9 and shown_again:
        assert document.apply(EditCombatant(shown_again[0].id, {"hidden": False}))
    elif number % 5 == 4:
        document.undo_stack.undo()
    elif number % 13 == 12:
        document.undo_stack.redo()
    else:
        step(document)


@pytest.mark.parametrize("ruleset_id", KEPT_ROWS)
def test_rows_kept_from_one_publish_to_the_next_are_the_rows_made_anew(
    qtbot, monkeypatch, ruleset_id
):
    """A panel's page rows are kept until its model says a row changed (`RowMemo`):
    through steps, renames, changes of side, hiding and showing, undo and redo, they
    are what the source makes with nothing kept; and a step makes few of them anew."""
    document, feed, _parent = feed_of(ruleset_id)
    source = feed.panel
    assert source is not None
    kept = source.rows  # type: ignore[attr-defined]
    made: Counter[str] = Counter()
    keep = kept.keep

    def counted(combatant_id: str, key: Any, row: Any) -> None:
        made[combatant_id] += 1
        keep(combatant_id, key, row)

    monkeypatch.setattr(kept, "keep", counted)
    few = 0
    for number in range(60):
        made.clear()
        content = source.content()
        rows = content.grid.rows if content.grid is not None else content.rows
        few += len(rows) > 10 and len(made) <= len(rows) // 3
        kept.clear()
        assert source.content() == content
        source.content()  # all kept again
        edit(document, number)
    assert few >= 10


@pytest.mark.parametrize("ruleset_id", ("stamina_battle", "classic_d20"))
def test_the_projection_reads_no_index_and_tells_each_health_once_until_it_changes(
    qtbot, monkeypatch, ruleset_id
):
    """The effects on the party are read from the effects and their carriers (no
    `index()` of the model behind), and the health told of the turns to come is kept
    by what it is worked out from (`ToldHealth`): a step works out few of them anew,
    and a health that changed is told as it is now."""
    document, feed, _parent = feed_of(ruleset_id)
    for number, carrier in enumerate(c for c in document.encounter.combatants if not c.hidden):
        if number < 4:
            assert document.apply(AddEffect(f"Blessed {number}", carrier.id))
    calls: Counter[str] = Counter()
    spy(monkeypatch, feed.effects_model, calls)
    worked_out: list[str] = []
    work_out = projection.combatant_health

    def counted(document: Any, modes: Any, combatant: Any, public: Any = None) -> str:
        worked_out.append(combatant.id if combatant is not None else "")
        return str(work_out(document, modes, combatant, public))

    monkeypatch.setattr(projection, "combatant_health", counted)
    few, effects = 0, 0
    for _ in range(16):
        calls.clear()
        worked_out.clear()
        board = feed.state().board
        effects = max(effects, len(board.effects))
        assert calls["model.index"] == 0, calls
        few += len(board.turns) > 5 and len(worked_out) <= 3
        step(document)
    assert few >= 8 and effects > 0
    # A health that changed is told anew (the told one is not kept for it).
    party = next(c for c in document.encounter.combatants if c.side == "party")
    spec = document.ruleset.health
    assert spec is not None
    told = {card.name: card.detail for card in feed.state().board.turns}
    before = told.get(party.name, "")
    taken = int(party.stats.get(spec.taken, 0) or 0)
    assert document.apply(EditCombatant(party.id, {spec.taken: taken + 1}))
    after = {card.name: card.detail for card in feed.state().board.turns}.get(party.name, "")
    fresh = _projected_afresh(document, feed)
    assert after == {card.name: card.detail for card in fresh.turns}.get(party.name, "")
    assert party.name not in told or after != before


@pytest.mark.parametrize("ruleset_id", ("priority", "classic_d20", "initiative_ticks"))
def test_the_turns_to_come_kept_are_the_cards_made_anew(qtbot, monkeypatch, ruleset_id):
    """The turns to come's cards are kept by what each is made of (`KeptCards`): through
    steps, renames, changes of side, hiding and showing, undo and redo, they are the
    cards a projection with nothing kept makes; and a publish makes few of them anew."""
    document, feed, _parent = feed_of(ruleset_id)
    made: list[str] = []
    detail = projection.turn_detail

    def counted(turn: Any, *args: Any) -> str:
        made.append(turn.phase if turn is not None else "")
        return detail(turn, *args)

    monkeypatch.setattr(projection, "turn_detail", counted)
    few = 0
    for number in range(60):
        made.clear()
        turns = feed.state().board.turns
        few += len(turns) > 5 and len(made) <= len(turns) // 3
        fresh = _projected_afresh(document, feed)
        assert turns == fresh.turns, number
        if number % 8 == 1:
            hurt(document, number)
        else:
            edit(document, number)
    assert few >= 10


def hurt(document: Any, number: int) -> None:
    """A visible combatant takes a wound (its health as told may change)."""
    spec = document.ruleset.health
    visible = [c for c in document.encounter.combatants if not c.hidden]
    who = visible[number % len(visible)]
    if spec is None or not isinstance(who.stats.get(spec.taken), int):
        return
    taken = who.stats[spec.taken] + max(1, int(who.stats.get(spec.maximum, 4) or 4) // 4)
    assert document.apply(EditCombatant(who.id, {spec.taken: taken}))


def test_the_pages_turn_and_effect_filters_keep_no_rows_in_step(qtbot, monkeypatch):
    """The page runs the players' turn and effect filters over the models when it is
    made (`shown_turns`, `shown_effects`): a change re-filters no rows of theirs (they
    hold none), and the page is still made through them."""
    document, feed, _parent = feed_of("classic_d20")
    asked: Counter[str] = Counter()
    for kind in (PlayersTurnOrderProxy, PartyEffectsProxy):
        original = kind._accepts

        def counted(
            self: Any, *args: Any, _call: Any = original, _name: str = kind.__name__
        ) -> Any:
            asked[_name] += 1
            return _call(self, *args)

        monkeypatch.setattr(kind, "_accepts", counted)
    for number in range(12):
        asked.clear()
        d20_edit(document, number)
        assert asked == Counter(), number  # the change: no row filtered
        feed.state()
        assert asked["PlayersTurnOrderProxy"] > 5
    assert feed.turn_proxy.rowCount() == feed.effects_proxy.rowCount() == 0


@pytest.mark.parametrize("ruleset_id", ROWS_READ_BEHIND)
def test_the_pages_panel_filter_keeps_no_rows_in_step(qtbot, monkeypatch, ruleset_id):
    """The page's panel source runs its proxy's filter over the model when the page is
    made (`proxy_rows`, or its pass over every row, `accepted`): a change re-filters no
    rows of the proxy (it holds none)."""
    document, feed, _parent = feed_of(ruleset_id)
    source = feed.panel
    assert source is not None
    proxy = getattr(source, "proxy", None) or source.grid_proxy  # type: ignore[attr-defined]
    kind, asked = type(proxy), Counter[str]()
    for name, rows in (("filterAcceptsRow", lambda _answer: 1), ("accepted", len)):
        monkeypatch.setattr(kind, name, _counting(getattr(kind, name), rows, asked))
    most = 0
    for number in range(20):
        asked.clear()
        edit(document, number)
        assert asked["filter"] == 0, number  # the change: no row filtered
        content = source.content()
        most = max(most, len(content.grid.rows if content.grid is not None else content.rows))
        assert asked["filter"] > 5
    assert most > 5 and proxy.rowCount() == 0


def _counting(
    original: Callable[..., Any], rows: Callable[[Any], int], asked: Counter[str]
) -> Callable[..., Any]:
    """`original`, counting in `asked["filter"]` the rows each call filtered (`rows` of
    its answer)."""

    def counted(self: Any, *args: Any) -> Any:
        answer = original(self, *args)
        asked["filter"] += rows(answer)
        return answer

    return counted


def test_the_countdowns_page_rows_keep_no_sorted_rows_in_step(qtbot, monkeypatch):
    """AP countdown's page runs the players' resolutions filter over the track and sorts
    what it lets through itself (`page_rows`): a change neither filters nor sorts a row
    of a proxy for the page (it holds none), and reading the rows makes no index."""
    document, feed, _parent = feed_of("ap_countdown")
    source = feed.panel
    assert isinstance(source, CountdownSource)
    proxy, asked = source.proxy, Counter[str]()
    for name in ("filterAcceptsRow", "lessThan"):
        original = getattr(PlayersResolutionsProxy, name)

        def counted(self: Any, *args: Any, _name: str = name, _call: Any = original) -> Any:
            asked[_name] += 1
            return _call(self, *args)

        monkeypatch.setattr(PlayersResolutionsProxy, name, counted)
    calls: Counter[str] = Counter()
    for model in (proxy, source.track_model):
        spy(monkeypatch, model, calls)
    most = 0
    for number in range(40):
        asked.clear()
        declare_or_step(document, number)
        assert asked == Counter(), number  # the change: nothing filtered nor sorted
        calls.clear()
        most = max(most, len(source.content().rows))
        assert asked["filterAcceptsRow"] > 5 and asked["lessThan"] == 0
        assert calls["proxy.index"] == calls["model.index"] == calls["proxy.data"] == 0, calls
    assert most >= 3 and proxy.rowCount() == 0


@pytest.mark.parametrize("ruleset_id", ("classic_d20", "initiative_ticks", "priority"))
def test_a_visible_rename_while_nobody_is_hidden_makes_anew_only_its_own_cards(qtbot, ruleset_id):
    """A card's texts are made safe against the hidden names (`Visibility.safe`): while
    nobody is hidden every text is safe as it is, so a visible combatant's rename makes
    anew only the cards that name it, the others kept (the very objects: the page's
    writer keeps their JSON too). With someone hidden, what is safe depends on every
    name: the cards are made anew. Either way they are a projection's made afresh."""
    document, feed, _parent = feed_of(ruleset_id)
    for combatant in [c for c in document.encounter.combatants if c.hidden]:
        assert document.apply(EditCombatant(combatant.id, {"hidden": False}))
    for _ in range(40):  # into the fight, with turns to come listed
        step(document)
        if len(feed.state().board.turns) > 6:
            break
    assert Visibility.of(document.encounter).texts_basis == ()
    before = feed.state().board.turns
    who = next(c for c in document.encounter.combatants if c.name == before[2].name)
    assert document.apply(EditCombatant(who.id, {"name": "Renamed Rook"}))
    after = feed.state().board.turns
    assert after == _projected_afresh(document, feed).turns
    assert any(card.name == "Renamed Rook" for card in after)
    others = [card for card in after if card.name != "Renamed Rook"]
    assert len(others) > 5 and all(any(card is old for old in before) for card in others)

    hidden = next(c for c in document.encounter.combatants if c.name == after[-1].name)
    assert document.apply(EditCombatant(hidden.id, {"hidden": True}))
    basis = Visibility.of(document.encounter).texts_basis
    assert hidden.name in basis[0]
    before = feed.state().board.turns
    assert document.apply(EditCombatant(who.id, {"name": "Rook"}))
    assert Visibility.of(document.encounter).texts_basis != basis  # the visible names
    after = feed.state().board.turns
    assert after == _projected_afresh(document, feed).turns
    assert not any(card is old for card in after for old in before)
