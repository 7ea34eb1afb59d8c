"""The declaration prompt's context (the AP table, shown as rich text and laid out anew
whenever it changes: ~2 ms a step, issue 26) stays the same from one declarer to the
next; who declares, their AP left and base are in the question, the next
instantaneous action's cost on its answer."""

from __future__ import annotations

from benchmarks.fights import build
from tracker.engine import RulesetAction
from tracker.engine.rulesets.ap_countdown import ApCountdown


def test_the_context_stays_from_one_declarer_to_the_next():
    session = build("ap_countdown", 30)
    ruleset, encounter = session.ruleset, session.encounter
    assert isinstance(ruleset, ApCountdown)
    seen: list[tuple[str, ...]] = []
    for _ in range(4):
        due = ruleset.due_now(encounter)
        assert due is not None and due[1] == "declare"
        prompt = session.prompt()
        assert prompt is not None
        combatant = encounter.combatant(due[0])
        base = combatant.runtime.base
        assert f"{combatant.name} declares" in prompt.question
        assert f"base {base};" in prompt.question
        assert "4 AP left" in prompt.question
        assert any(a.label == "Instantaneous action (free)" for a in prompt.answers)
        seen.append(prompt.context)
        assert session.apply(RulesetAction("hold", due[0], {}))
    assert len(set(seen)) == 1, "the same context for every declarer"
    assert "AP table:" in seen[0]
