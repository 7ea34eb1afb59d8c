"""A third-party ruleset is a package and nothing else: one that cannot be imported or
declares something inconsistent is recorded with its problems and never offered, and it
keeps no other ruleset from loading; one without views or a sample works."""

from __future__ import annotations

import pytest

from tests.plugins import plugins  # noqa: F401 - the fixture
from tracker.engine import AddCombatant, EndTurn, Session, StartEncounter
from tracker.engine.errors import RulesetNotFoundError
from tracker.engine.registry import available_rulesets, get_ruleset, installed_rulesets

# A valid ruleset of its own, made from the example plugin with another id.
PLAIN = """
from highest_roll import HighestRoll

class PlainRoll(HighestRoll):
    id = "plain_roll"
    name = "Plain roll"
"""


def broken(body: str) -> str:
    """A ruleset module whose class `Broken` (id "broken") changes the example so."""
    return (
        "from highest_roll import HighestRoll\n"
        "from tracker.engine.fields import Choice, Field\n"
        "from tracker.engine.ruleset import ActionSpec\n"
        "from tracker.engine.health import HealthSpec\n"
        "class Broken(HighestRoll):\n"
        "    id = 'broken'\n"
        "    name = 'Broken'\n" + "".join(f"    {line}\n" for line in body.splitlines())
    )


def item(ruleset_id: str):
    return {i.registered_as: i for i in installed_rulesets()}[ruleset_id]


def test_a_plugin_without_views_or_sample_is_offered_and_plays(plugins):  # noqa: F811
    plugins.install(
        "plain-roll", {"plain_roll": PLAIN}, rulesets={"plain_roll": "plain_roll:PlainRoll"}
    )
    found = item("plain_roll")
    assert found.usable and not found.built_in
    assert (found.distribution, found.version) == ("plain_roll", "1.0")
    assert "plain_roll" in available_rulesets()
    session = Session.new("Brawl", "plain_roll")
    session.apply(AddCombatant("Ann", "party", stats={"roll": 12}))
    session.apply(AddCombatant("Bob", "enemy", stats={"roll": 7}))
    session.apply(StartEncounter())
    session.apply(EndTurn())
    assert session.current_turn().combatant_id == session.encounter.combatants[1].id


@pytest.mark.parametrize(
    ("module", "problem"),
    [
        ("raise ImportError('needs numpy')", "cannot be imported: ImportError: needs numpy"),
        ("Broken = 42", "is not a Ruleset subclass"),
        (
            "from highest_roll import HighestRoll\n"
            "class Broken(HighestRoll):\n"
            "    def __init__(self):\n"
            "        raise RuntimeError('no config')\n",
            "Broken() failed: RuntimeError: no config",
        ),
        (broken("id = 'Broken Rules'"), "its id 'Broken Rules' is not lower-case"),
        (broken("id = 'other'"), "registered as 'broken' but its id is 'other'"),
        (broken("name = ''"), "it has no name to show"),
        (
            broken("stat_fields = (Field('roll', 'Roll'), Field('roll', 'Again'))"),
            "the stat name 'roll' is declared twice",
        ),
        (
            broken("stat_fields = (Field('roll', 'Roll', default=200, maximum=99),)"),
            "the default of the stat 'roll' is refused: Roll must be between",
        ),
        (
            broken("options = (Choice('ties', 'Ties', ()),)"),
            "the option 'ties' has no values",
        ),
        (
            broken("actions = (ActionSpec('shout', 'Shout', on='everyone'),)"),
            "the action 'shout' is on 'everyone'",
        ),
        (
            broken(
                "actions = (ActionSpec('hit', 'Hit', "
                "(Field('result', 'Result', roll_from='roll'),)),)"
            ),
            "rolls from 'roll', which is not a text stat checked as dice (check=check_dice)",
        ),
        (
            broken("health = HealthSpec('HP', maximum='hp', taken='wounds')"),
            "its health names 'wounds', which is not an int stat",
        ),
        (
            broken(
                "from tracker.engine.state import StateTypes\nstate_types = StateTypes(1, 2, 3)"
            ),
            "its clock record 1 is not a dataclass",
        ),
    ],
)
def test_a_broken_plugin_is_reported_and_never_offered(plugins, module, problem):  # noqa: F811
    plugins.install(
        "broken-plugin", {"broken_rules": module}, rulesets={"broken": "broken_rules:Broken"}
    )
    found = item("broken")
    assert not found.usable
    assert any(problem in text for text in found.problems), found.problems
    assert "broken" not in available_rulesets()
    assert {"war_scroll", "highest_roll"} <= set(available_rulesets())  # the rest load
    with pytest.raises(RulesetNotFoundError, match="which cannot be used"):
        get_ruleset("broken")


def test_a_plugin_taking_a_built_in_id_is_refused_and_the_built_in_kept(plugins):  # noqa: F811
    source = PLAIN.replace('"plain_roll"', '"war_scroll"')
    plugins.install("impostor", {"impostor": source}, rulesets={"war_scroll": "impostor:PlainRoll"})
    impostors = [i for i in installed_rulesets() if i.distribution == "impostor"]
    assert len(impostors) == 1 and not impostors[0].usable
    assert "the id 'war_scroll' is taken by Roundkeeper itself." in impostors[0].problems
    assert type(get_ruleset("war_scroll")).__module__.startswith("tracker.engine.rulesets.")
    assert type(available_rulesets()["war_scroll"]).__module__.startswith("tracker.")


def test_the_built_ins_are_those_of_the_roundkeeper_distribution():
    built_in = {i.registered_as for i in installed_rulesets() if i.built_in}
    assert {"war_scroll", "priority"} <= built_in
    assert "highest_roll" not in built_in
    assert all(i.usable and i.version for i in installed_rulesets() if i.built_in)
