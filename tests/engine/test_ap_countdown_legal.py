"""The legal actions of a countdown (the turn panel asks for them after every step)
try each declaration by its checks alone: what a declaration then changes never
refuses, so no trial copies a combatant's state to roll it back (issue 26: the AP
table's every action was declared and rolled back after every step). What they offer
is what trying every action in full offers (`test_legal_overrides`)."""

from __future__ import annotations

from benchmarks.fights import build
from tracker.engine.legal import tried_legal_actions
from tracker.engine.ruleset import LegalAction
from tracker.engine.rulesets.ap_countdown import ApCountdown
from tracker.engine.rulesets.ap_countdown import declare as declaring


def _keys(legal: tuple[LegalAction, ...]) -> list[str]:
    return sorted(
        repr((a.action, a.combatant_id, sorted(a.params.items()), a.choices)) for a in legal
    )


def test_declarations_are_tried_without_changing_anything(monkeypatch):
    session = build("ap_countdown", 30)
    ruleset, encounter = session.ruleset, session.encounter
    assert isinstance(ruleset, ApCountdown)
    due = ruleset.due_now(encounter)
    assert due is not None and due[1] == "declare", "someone declares now"
    started: list[str] = []
    original = declaring._start

    def start(tx, encounter, combatant, name, *rest):
        started.append(name)
        return original(tx, encounter, combatant, name, *rest)

    monkeypatch.setattr(declaring, "_start", start)
    legal = ruleset.legal_actions(encounter)

    assert started == [], "no declaration started (and rolled back)"
    assert {"declare", "declare_free"} <= {a.action for a in legal}
    declare = next(a for a in legal if a.action == "declare")
    assert len(declare.choices["action"]) > 5, "the AP table's actions that fit"
    assert _keys(legal) == _keys(tried_legal_actions(ruleset, encounter))
    assert started, "tried in full, the declarations start"


def test_hold_done_resolve_and_abandon_are_tried_by_their_checks(monkeypatch):
    """Hold, Done, Resolve and Abandon refuse only in their checks: their trials run
    none of what they then change (each trial in full copied a combatant's state to
    roll it back), and offer what trying them in full offers."""
    from tracker.engine import RulesetAction
    from tracker.engine.rulesets.ap_countdown import countdown

    session = build("ap_countdown", 30)
    ruleset, encounter = session.ruleset, session.encounter
    assert isinstance(ruleset, ApCountdown)
    due = ruleset.due_now(encounter)
    assert due is not None and due[1] == "declare"
    assert session.apply(RulesetAction("declare_free", due[0], {"name": "Shove", "ap": 1}))
    declarer = due[0]
    run: list[str] = []
    changes = [(countdown, "hold"), (countdown, "done")]
    changes += [(declaring, "resolve"), (declaring, "abandon")]
    kinds: set[str] = set()
    for _ in range(40):  # on through the count, to the declarer's resolution
        due = ruleset.due_now(encounter)
        assert due is not None
        for module, name in changes:
            monkeypatch.setattr(module, name, lambda *_a, name=name: run.append(name))
        legal = ruleset.legal_actions(encounter)
        monkeypatch.undo()
        assert run == [], f"tried in full ({due[1]} due)"
        assert {a.action for a in legal} & {"hold", "done", "resolve", "abandon"}
        assert _keys(legal) == _keys(tried_legal_actions(ruleset, encounter))
        kinds.add(due[1])
        if due[1] == "resolve" and due[0] == declarer:
            break
        step = "resolve" if due[1] == "resolve" else "hold"
        assert session.apply(RulesetAction(step, due[0], {}))
    assert kinds == {"declare", "resolve"}


def test_initiative_parry_pace_and_instants_are_tried_by_their_checks(monkeypatch):
    """A roll, an entered base, a parry, a pace and an instantaneous action refuse only
    in their checks: no trial of the legal actions touches a combatant (each such
    trial copied a combatant's state to roll it back: 60 of them for 30 combatants at
    every step), through the countdown, its Upkeep and the next Initiative phase; and
    they offer what trying every action in full offers."""
    from tracker.engine import RulesetAction
    from tracker.engine.changes import Transaction
    from tracker.engine.rulesets.ap_countdown.state import clock

    session = build("ap_countdown", 30)
    ruleset, encounter = session.ruleset, session.encounter
    assert isinstance(ruleset, ApCountdown)
    touched: list[str] = []
    original = Transaction.touch

    def touch(tx, combatant):
        touched.append(combatant.id)
        return original(tx, combatant)

    offered: set[str] = set()
    phases: set[str] = set()
    for _ in range(200):
        phase = clock(encounter).phase
        phases.add(phase)
        monkeypatch.setattr(Transaction, "touch", touch)
        legal = ruleset.legal_actions(encounter)
        monkeypatch.undo()
        assert touched == [], f"a trial touched a combatant ({phase})"
        assert _keys(legal) == _keys(tried_legal_actions(ruleset, encounter))
        offered |= {a.action for a in legal}
        if phase == "initiative" and "roll_initiative" in offered:
            break
        if phase == "upkeep":
            step = RulesetAction("apply_upkeep", None, {})
        else:
            due = ruleset.due_now(encounter)
            assert due is not None
            step = RulesetAction("resolve" if due[1] == "resolve" else "done", due[0], {})
        assert session.apply(step)
    assert {"resolution", "upkeep", "initiative"} <= phases
    assert {"roll_initiative", "set_initiative", "parry", "pace", "instant"} <= offered


def test_parameters_are_cleaned_once_per_action_and_values(monkeypatch):
    """The same parameters tried for each of 30 combatants are cleaned once (a parry,
    a pace, a roll and an instantaneous action are tried for every combatant)."""
    from tracker.engine.rulesets.ap_countdown import ruleset as module

    session = build("ap_countdown", 30)
    ruleset, encounter = session.ruleset, session.encounter
    assert isinstance(ruleset, ApCountdown)
    cleaned: list[str] = []
    original = module.clean_all

    def clean_all(fields, raw, **kwargs):
        cleaned.append(repr(sorted(raw.items())))
        return original(fields, raw, **kwargs)

    monkeypatch.setattr(module, "clean_all", clean_all)
    legal = ruleset.legal_actions(encounter)
    monkeypatch.undo()
    assert sum(a.action == "parry" for a in legal) == 30
    assert cleaned.count(repr([("against", ""), ("amount", 0)])) == 1, "a parry's, once"
    assert len(cleaned) < 40, "once per action and values, not per combatant"
    assert _keys(legal) == _keys(tried_legal_actions(ruleset, encounter))
