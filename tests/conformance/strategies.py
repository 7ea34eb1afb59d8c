"""Hypothesis strategies built from a ruleset's declarations (stat fields, durations,
action parameters, options), never from knowledge of one ruleset.

Each strategy gives mostly valid input and sometimes bad input: out-of-range numbers,
garbage text, wrong types, unknown names. Bad input must be refused with `CommandError`.
Values are JSON-friendly, so any accepted command can be journaled and replayed.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

from tracker.engine.commands import MAX_NAME_LENGTH
from tracker.engine.errors import CommandError
from tracker.engine.fields import Choice, Field
from tracker.engine.ruleset import ActionSpec, Ruleset
from tracker.engine.state import SIDES

# Short everyday words: names repeat (copies, "Goblin 2"), triggers and reactions read well.
WORDS = (
    "Goblin",
    "Aurel",
    "Brakk",
    "Cira",
    "Goblin 2",
    "Shade",
    "Ælfwine",
    "door opens",
    "Blessed",
    "Haste",
    "x",
)
# Text that a checked text field (a dice expression, ...) may or may not accept.
TEXT_CANDIDATES = ("3d12+2", "d12", "2d6 - 1", "7", "1d100", "4d8+3")
GARBAGE_TEXT = ("3d", "d1", "dd12", "51d6", "2d101", "1000", "+", "abc", "3d12+", "1.5")
WRONG_TYPES: tuple[Any, ...] = (None, [], [1], {"a": 1}, 1.5, True, False, "", "  ", "n/a")
UNKNOWN_NAME = "no_such_field"


def _mostly(valid: st.SearchStrategy[Any], bad: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """`valid` nine times out of ten; shrinks towards valid input."""
    return st.integers(0, 9).flatmap(lambda n: bad if n == 9 else valid)


def _checked(field: Field, raw: Any) -> Any:
    """`raw` if the field accepts it, else the field's default (always acceptable)."""
    try:
        field.clean(raw)
    except CommandError:
        return field.default
    return raw


# --- one field --------------------------------------------------------------------------
def valid_value(field: Field) -> st.SearchStrategy[Any]:
    """Values the field accepts, in the forms a form or a script would send them. Text is
    never blank (a blank trigger or trick name is refused by the rules, rightly)."""
    if field.kind == "int":
        low = field.minimum if field.minimum is not None else -20
        high = field.maximum if field.maximum is not None else low + 200
        small = st.integers(low, min(high, low + 6))  # ties, zeros, short fights
        plain = st.one_of(small, st.integers(low, high))
        return st.one_of(plain, plain, plain.map(lambda v: f" {v} "), plain.map(float)).map(
            lambda v: _checked(field, v)
        )
    if field.kind == "bool":
        return st.one_of(st.booleans(), st.sampled_from(("yes", "no", "True", "0")))
    if field.kind == "choice":
        choices = st.sampled_from(field.choices)
        shouted = choices.map(lambda c: f" {c.upper()} ")
        return st.one_of(choices, shouted).map(lambda v: _checked(field, v))
    texts = st.one_of(
        st.sampled_from(WORDS),
        st.sampled_from(TEXT_CANDIDATES),
        st.text(min_size=1, max_size=12).filter(str.strip),
    )
    return texts.map(lambda v: _checked(field, v))


def bad_value(field: Field) -> st.SearchStrategy[Any]:
    """Values the field refuses (for a text field without a check: blank text)."""
    if field.kind == "int":
        low = field.minimum if field.minimum is not None else -20
        high = field.maximum if field.maximum is not None else low + 200
        out = st.one_of(st.integers(low - 1000, low - 1), st.integers(high + 1, high + 1000))
        if field.minimum is None and field.maximum is None:
            out = st.nothing()
        return st.one_of(
            out, st.sampled_from(("abc", "", "1.5", "12x")), st.sampled_from(WRONG_TYPES)
        )
    if field.kind == "bool":
        return st.sampled_from(("maybe", "", 2, None, 1.5, [True]))
    if field.kind == "choice":
        return st.sampled_from(("bogus", "", None, 3, [field.choices[0]]))
    if field.check is not None:
        return st.sampled_from(GARBAGE_TEXT).filter(lambda v: _checked(field, v) != v)
    return st.sampled_from(("", "   "))


def field_value(field: Field) -> st.SearchStrategy[Any]:
    return _mostly(valid_value(field), bad_value(field))


def _with_unknown(values: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """Now and then a mapping also names a field that does not exist."""
    unknown = values.map(lambda d: {**d, UNKNOWN_NAME: 1})
    return _mostly(values, unknown)


def field_values(fields: tuple[Field, ...]) -> st.SearchStrategy[dict[str, Any]]:
    """A value for some of the fields (left out ones take their defaults)."""
    if not fields:
        return _with_unknown(st.just({}))
    chosen = st.lists(st.sampled_from(fields), unique=True, max_size=len(fields))
    return _with_unknown(
        chosen.flatmap(lambda fs: st.fixed_dictionaries({f.name: field_value(f) for f in fs}))
    )


def valid_field_values(fields: tuple[Field, ...]) -> st.SearchStrategy[dict[str, Any]]:
    """A valid value for every field (prompt answers)."""
    return st.fixed_dictionaries({f.name: valid_value(f) for f in fields})


def declared_values(fields: tuple[Field, ...], turn: int) -> st.SearchStrategy[dict[str, Any]]:
    """A valid value for every field, as a form sends it: each declared choice about as
    often as any other, each flag on or off, numbers mostly small. Hypothesis draws the
    first choices most, so the choice drawn is turned by `turn` places (a number that
    changes as a playthrough goes on: its steps): the last declared is drawn too."""

    def value(field: Field) -> st.SearchStrategy[Any]:
        if field.kind == "choice":
            count = len(field.choices)
            return st.integers(0, count - 1).map(lambda n: field.choices[(n + turn) % count])
        if field.kind == "bool":
            return st.booleans()
        return valid_value(field)

    return st.fixed_dictionaries({f.name: value(f) for f in fields})


def some_changes(fields: tuple[Field, ...]) -> st.SearchStrategy[dict[str, Any]]:
    """A non-empty mapping of some fields to new values (edits)."""
    chosen = st.lists(st.sampled_from(fields), unique=True, min_size=1, max_size=len(fields))
    return _with_unknown(
        chosen.flatmap(lambda fs: st.fixed_dictionaries({f.name: field_value(f) for f in fs}))
    )


# --- the fields every combatant has ---------------------------------------------------
def names() -> st.SearchStrategy[Any]:
    valid = st.one_of(
        st.sampled_from(WORDS),
        st.text(min_size=1, max_size=MAX_NAME_LENGTH).filter(str.strip),
        st.just("N" * MAX_NAME_LENGTH),
    )
    bad = st.sampled_from(("", "   ", "N" * (MAX_NAME_LENGTH + 1), None))
    return _mostly(valid, bad)


def sides() -> st.SearchStrategy[Any]:
    return _mostly(st.sampled_from(SIDES), st.sampled_from(("villain", "", None, 1)))


def hidden_flags() -> st.SearchStrategy[Any]:
    return _mostly(st.booleans(), st.sampled_from(("maybe", 2, None)))


# The GM's changes of health: harm, heal, set, by dice, and bad text.
HEALTH_TEXTS = ("-1", "-3", "−7", "-20", "+2", "+9", "=0", "=1", "=5", "=-3", "-2d6+1", "+1d4")
HARM_TEXTS = ("-1", "-2", "-4")  # hurt, not felled (felled: `health_texts`)
BAD_HEALTH_TEXTS = ("abc", "", "-", "7", "-0", "-99999")


def health_texts() -> st.SearchStrategy[str]:
    return _mostly(st.sampled_from(HEALTH_TEXTS), st.sampled_from(BAD_HEALTH_TEXTS))


def notes() -> st.SearchStrategy[str]:
    return st.one_of(st.just(""), st.sampled_from(WORDS), st.text(max_size=20))


BASE_CHANGES: dict[str, st.SearchStrategy[Any]] = {
    "name": names(),
    "side": sides(),
    "hidden": hidden_flags(),
    "notes": notes(),
}


# --- per ruleset ------------------------------------------------------------------------
class RulesetStrategies:
    """Strategies for one ruleset, built from its declarations (see `for_ruleset`)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.stats = field_values(ruleset.stat_fields)
        self.duration = field_values(ruleset.duration_fields)
        self.combatant_changes = self._combatant_changes()
        self.duration_changes = (
            some_changes(ruleset.duration_fields)
            if ruleset.duration_fields
            else st.just({UNKNOWN_NAME: 1})
        )
        self.initial_options = self._initial_options()
        self.option = self._option()
        self.secret_fields = self._secret_fields()
        self._params: dict[str, st.SearchStrategy[dict[str, Any]]] = {}

    def _combatant_changes(self) -> st.SearchStrategy[dict[str, Any]]:
        stat_changes = {f.name: field_value(f) for f in self.ruleset.stat_fields}
        every = {**BASE_CHANGES, **stat_changes}
        chosen = st.lists(st.sampled_from(sorted(every)), unique=True, min_size=1, max_size=4)
        return _with_unknown(
            chosen.flatmap(lambda keys: st.fixed_dictionaries({k: every[k] for k in keys}))
        )

    def _initial_options(self) -> st.SearchStrategy[dict[str, str]]:
        options = self.ruleset.choices()
        if not options:
            return st.just({})
        chosen = st.lists(st.sampled_from(options), unique=True, max_size=len(options))

        def values(choices: list[Choice]) -> st.SearchStrategy[dict[str, str]]:
            return st.fixed_dictionaries(
                {c.name: st.sampled_from([value for value, _ in c.values]) for c in choices}
            )

        return chosen.flatmap(values)

    def _option(self) -> st.SearchStrategy[tuple[str, Any]]:
        """(option, value): mostly a declared value, sometimes a bad value or option."""
        bad = st.tuples(st.sampled_from(("no_such_option",)), st.just("x"))
        if not self.ruleset.choices():
            return bad
        declared = st.sampled_from(self.ruleset.choices()).flatmap(
            lambda c: st.tuples(
                st.just(c.name),
                _mostly(
                    st.sampled_from([value for value, _ in c.values]),
                    st.sampled_from(("bogus", "", None)),
                ),
            )
        )
        return _mostly(declared, bad)

    def _secret_fields(self) -> st.SearchStrategy[tuple[str, ...]]:
        names_ = [f.name for f in self.ruleset.stat_fields]
        valid = st.lists(st.sampled_from(names_), unique=True).map(tuple) if names_ else st.just(())
        return _mostly(valid, st.just((UNKNOWN_NAME,)))

    def params(self, spec: ActionSpec) -> st.SearchStrategy[dict[str, Any]]:
        """Parameters of an action: some of its fields, mostly valid values."""
        if spec.name not in self._params:
            self._params[spec.name] = field_values(spec.params)
        return self._params[spec.name]


@cache
def for_ruleset(ruleset_id: str) -> RulesetStrategies:
    from tracker.engine.registry import get_ruleset

    return RulesetStrategies(get_ruleset(ruleset_id))
