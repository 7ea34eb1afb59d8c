"""Dice expressions ("3d12+2", "d12", "2d12 - 1"), for any ruleset that rolls.

The engine never rolls on its own: the caller rolls with `roll(expression, rng)` and
sends the result in a command (e.g. Priority's "roll_zeal"), so replaying a journal is
deterministic. `check_dice` is the `Field.check` of a stat holding an expression.

Grammar: terms joined by + or -; a term is `NdM` (N 1..50 dice, N may be left out for
1, M 2..100 sides) or a whole number 0..999. Spaces are ignored; "D" counts as "d".

Dice pools that count successes: `NdM>=T` counts the dice showing T or more (`5d10>=7`:
Exalted-style pools, 7 or more a success), and `NdM>=T!D` counts a die showing D or more
twice (`5d10>=7!10`: a 10 counts twice). Such a term adds its successes, not its sum.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tracker.engine.errors import CommandError

MAX_DICE = 50
MAX_SIDES = 100
MAX_CONSTANT = 999

_TERM = re.compile(r"([+-])(?:(\d*)d(\d+)(?:>=(\d+)(?:!(\d+))?)?|(\d+))")


def parse_pools(expression: str) -> list[tuple[int, int, int, int, int]]:
    """Terms as (sign, count, sides, target, double): `target` 0 for a summed term,
    else the lowest success; `double` the lowest face counted twice (0: none). A
    constant has sides 0."""
    text = re.sub(r"\s+", "", str(expression)).lower()
    if not text:
        raise CommandError("The dice expression is empty.")
    if text[0] not in "+-":
        text = "+" + text
    terms: list[tuple[int, int, int, int, int]] = []
    position = 0
    while position < len(text):
        match = _TERM.match(text, position)
        if match is None:
            raise CommandError(f"{expression!r} is not a dice expression like 3d12+2.")
        sign = 1 if match.group(1) == "+" else -1
        if match.group(6) is not None:
            constant = int(match.group(6))
            if constant > MAX_CONSTANT:
                raise CommandError(f"{constant} is larger than {MAX_CONSTANT}.")
            terms.append((sign, constant, 0, 0, 0))
        else:
            count = int(match.group(2)) if match.group(2) else 1
            sides = int(match.group(3))
            if not 1 <= count <= MAX_DICE:
                raise CommandError(f"Roll between 1 and {MAX_DICE} dice, not {count}.")
            if not 2 <= sides <= MAX_SIDES:
                raise CommandError(f"Dice have between 2 and {MAX_SIDES} sides, not {sides}.")
            target = int(match.group(4)) if match.group(4) else 0
            double = int(match.group(5)) if match.group(5) else 0
            if match.group(4) is not None and not 1 <= target <= sides:
                raise CommandError(f"A success on a d{sides} is 1 to {sides}, not {target}.")
            if match.group(5) is not None and not target <= double <= sides:
                raise CommandError(f"Doubled faces are {target} to {sides}, not {double}.")
            terms.append((sign, count, sides, target, double))
        position = match.end()
    return terms


class RandomLike(Protocol):
    def randint(self, a: int, b: int) -> int: ...


def parse_dice(expression: str) -> list[tuple[int, int, int]]:
    """Terms of the expression as (sign, count, sides); a constant has sides 0.
    Raises `CommandError` when the expression is malformed."""
    return [(sign, count, sides) for sign, count, sides, _, _ in parse_pools(expression)]


def check_dice(expression: str) -> None:
    """Validator of the "Zeal dice" stat: empty (not set) or a valid expression."""
    if str(expression).strip():
        parse_dice(expression)


def dice_range(expression: str) -> tuple[int, int]:
    """Lowest and highest possible results: "3d12+2" → (5, 38)."""
    low = high = 0
    for sign, count, sides, target, double in parse_pools(expression):
        if target:
            most = count * (2 if double else 1)
            low, high = (low, high + most) if sign > 0 else (low - most, high)
        elif sides == 0:
            low, high = low + sign * count, high + sign * count
        elif sign > 0:
            low, high = low + count, high + count * sides
        else:
            low, high = low - count * sides, high - count
    return low, high


def roll(expression: str, rng: RandomLike) -> int:
    """Roll the expression with `rng` (e.g. `random.Random(seed)`): the plain sum of the
    dice and constants. Dice are rolled left to right, one `randint` each."""
    return roll_faces(expression, rng).total


@dataclass(frozen=True)
class Rolled:
    """One roll of an expression: the faces shown, left to right, and the result they
    give. A command stores the expression and the faces; `faces_total` works the result
    out again from them, so a replayed journal gives the same number and the log can say
    how it came."""

    expression: str
    faces: tuple[int, ...]
    total: int

    def text(self) -> str:
        """ "2d6+1: 4 + 2, +1 = 7" (a pool: "5d10>=7!10: 3 7 10 2 8 → 4 successes")."""
        return f"{self.expression}: {describe_faces(self.expression, self.faces)}"


def roll_faces(expression: str, rng: RandomLike) -> Rolled:
    """Roll the expression with `rng`, keeping every face (see `roll`)."""
    faces = [
        rng.randint(1, sides)
        for _, count, sides, _, _ in parse_pools(expression)
        if sides
        for _ in range(count)
    ]
    return Rolled(expression, tuple(faces), faces_total(expression, faces))


def _terms_with_faces(
    expression: str, faces: Sequence[int]
) -> list[tuple[tuple[int, int, int, int, int], list[int]]]:
    """Each term of the expression with its share of `faces`; raises `CommandError`
    when the faces cannot have come from the expression."""
    terms = parse_pools(expression)
    wanted = sum(count for _, count, sides, _, _ in terms if sides)
    if len(faces) != wanted or not all(isinstance(f, int) for f in faces):
        raise CommandError(f"{expression} rolls {wanted} dice, not {len(faces)}.")
    shared: list[tuple[tuple[int, int, int, int, int], list[int]]] = []
    position = 0
    for term in terms:
        _, count, sides, _, _ = term
        mine = list(faces[position : position + count]) if sides else []
        position += len(mine)
        if any(not 1 <= face <= sides for face in mine):
            raise CommandError(f"A d{sides} shows 1 to {sides}: {mine} cannot be.")
        shared.append((term, mine))
    return shared


def faces_total(expression: str, faces: Sequence[int]) -> int:
    """The result the faces give for the expression (its dice read left to right)."""
    total = 0
    for (sign, count, sides, target, double), mine in _terms_with_faces(expression, faces):
        if target:
            total += sign * sum(
                (2 if double and face >= double else 1) for face in mine if face >= target
            )
        elif sides == 0:
            total += sign * count
        else:
            total += sign * sum(mine)
    return total


def describe_faces(expression: str, faces: Sequence[int]) -> str:
    """How the faces make the result: "[4, 2] + 1 = 7"; a pool "[3, 7, 10] → 3 successes"."""
    shown = ""
    pools = False
    for (sign, count, sides, target, _), mine in _terms_with_faces(expression, faces):
        term = str(count) if sides == 0 else f"[{', '.join(map(str, mine))}]"
        pools = pools or bool(target)
        if shown:
            shown += f" {'−' if sign < 0 else '+'} {term}"
        else:
            shown = f"−{term}" if sign < 0 else term
    total = faces_total(expression, faces)
    if pools:
        return f"{shown} → {total} success{'es' * (total != 1)}"
    return f"{shown} = {total}"
