"""Hit points, temporary hit points, 5e death saves and PF2e dying and wounded.

HP are the core's health ("HP", counted down from `hp_max`, `damage` taken). The GM's
"−7" and the `damage` action (which may say a critical hit) deal damage alike
(`deal_harm`, the core's hook): temporary HP first (they do not stack: the higher is kept),
then HP; at 0 HP, 5e: a player character (option: every creature) falls unconscious
and makes death saves, a monster dies; PF2e: dying 1 (2 on a critical hit) plus its
wounded value. Damage at 0 HP: 5e a failed death save (2 on a critical hit); PF2e
dying +1 (+2). Healing ends the death saves; PF2e it ends dying and raises wounded.
"""

from __future__ import annotations

from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.health import HealthSpec
from tracker.engine.rulesets.classic_d20 import concentration
from tracker.engine.rulesets.classic_d20.options import is_pf2e, saves_for_all
from tracker.engine.rulesets.classic_d20.state import (
    DEATH_SAVES,
    DYING_DEATH,
    DeathSaves,
    is_pc,
    rt,
    stat,
    touch,
)
from tracker.engine.state import Combatant, Encounter

HEALTH = HealthSpec(
    "HP",
    maximum="hp_max",
    taken="damage",
    defeated="down",
    help="Hit points: damage takes temporary HP first; at 0 HP it is a failed death save "
    "(5e) or raises dying (PF2e). A critical hit: the Damage action.",
)
SAVE_DC = 10
RECOVERY_BASE = 10


def at_zero(combatant: Combatant) -> bool:
    maximum = stat(combatant, "hp_max")
    return maximum > 0 and stat(combatant, "damage") >= maximum


def hp(combatant: Combatant) -> int:
    return max(stat(combatant, "hp_max") - stat(combatant, "damage"), 0)


def saves_apply(encounter: Encounter, combatant: Combatant) -> bool:
    """5e: this creature makes death saves at 0 HP (else it dies)."""
    return not is_pf2e(encounter) and (is_pc(combatant) or saves_for_all(encounter))


def dying_5e(encounter: Encounter, combatant: Combatant) -> bool:
    """At 0 HP, making death saves (not yet stable or dead)."""
    state = rt(combatant)
    return (
        saves_apply(encounter, combatant)
        and at_zero(combatant)
        and not state.death.stable
        and not state.dead
    )


def deal_harm(
    tx: Transaction, encounter: Encounter, combatant: Combatant, amount: int
) -> str | None:
    """The GM's "−N" when it is more than HP lost: temporary HP to take first, or a blow
    at 0 HP that counts (a failed death save, dying raised). None: plain HP damage, the
    core's."""
    state = rt(combatant)
    counts_at_zero = (
        at_zero(combatant)
        and not state.dead
        and (saves_apply(encounter, combatant) or is_pf2e(encounter))
    )
    if amount <= 0 or (stat(combatant, "temp_hp") <= 0 and not counts_at_zero):
        return None
    detail, was_zero = _take(tx, combatant, amount)
    _damaged(tx, encounter, combatant, amount, critical=False, was_zero=was_zero)
    return detail


def on_stats_changed(
    tx: Transaction, encounter: Encounter, combatant: Combatant, old: dict[str, Any]
) -> None:
    """HP changed through the core (the GM's −7 / +3 / =20, Revive): damage or healing."""
    before = old.get("damage", 0)
    before = before if isinstance(before, int) else 0
    after = stat(combatant, "damage")
    maximum = stat(combatant, "hp_max")
    if after > before:
        was_zero = maximum > 0 and before >= maximum
        _damaged(tx, encounter, combatant, after - before, critical=False, was_zero=was_zero)
    elif after < before:
        _healed(tx, encounter, combatant, was_zero=maximum > 0 and before >= maximum)


def damage(
    tx: Transaction, encounter: Encounter, combatant: Combatant, amount: int, critical: bool
) -> None:
    """Damage: temporary HP first, then HP; what it means at 0 HP."""
    if amount <= 0:
        raise CommandError("Damage is 1 or more.", "amount")
    detail, was_zero = _take(tx, combatant, amount)
    crit = " (critical hit)" if critical else ""
    tx.log(f"{combatant.name} takes {amount} damage{crit}; {detail}.", "action")
    _damaged(tx, encounter, combatant, amount, critical=critical, was_zero=was_zero)


def _take(tx: Transaction, combatant: Combatant, amount: int) -> tuple[str, bool]:
    """Takes `amount` from temporary HP first, then HP. Returns the words for the log
    ("5 from temporary HP; HP 12 → 10") and whether it was at 0 HP before."""
    temp = stat(combatant, "temp_hp")
    absorbed = min(temp, amount)
    rest = amount - absorbed
    was_zero = at_zero(combatant)
    maximum = stat(combatant, "hp_max")
    if maximum <= 0 and rest > 0:
        raise CommandError(f"{combatant.name} has no HP set: give it in the editor first.")
    taken = stat(combatant, "damage")
    new_taken = min(taken + rest, maximum) if maximum > 0 else taken
    stats = tx.touch(combatant).stats
    stats["temp_hp"] = temp - absorbed
    stats["damage"] = new_taken
    parts = [f"{absorbed} from temporary HP"] if absorbed else []
    if new_taken != taken:
        parts.append(f"HP {maximum - taken} → {maximum - new_taken}")
    else:
        parts.append(f"HP stays {maximum - taken}")
    return "; ".join(parts), was_zero


def temp_hp(tx: Transaction, combatant: Combatant, amount: int) -> None:
    """Temporary HP do not stack: the higher value is kept."""
    temp = stat(combatant, "temp_hp")
    if amount <= temp:
        raise CommandError(
            f"{combatant.name} already has {temp} temporary HP: they do not stack (the "
            "higher is kept)."
        )
    tx.touch(combatant).stats["temp_hp"] = amount
    tx.log(f"{combatant.name} gains temporary HP: {temp} → {amount}.", "action")


def _damaged(
    tx: Transaction,
    encounter: Encounter,
    combatant: Combatant,
    amount: int,
    *,
    critical: bool,
    was_zero: bool,
) -> None:
    if not at_zero(combatant):
        concentration.on_damage(tx, encounter, combatant, amount)
        return
    concentration.end(tx, encounter, combatant, "0 HP")
    if is_pf2e(encounter):
        _pf2e_damaged(tx, combatant, critical=critical, was_zero=was_zero)
    elif was_zero:
        if saves_apply(encounter, combatant) and not rt(combatant).dead:
            _fail(tx, combatant, 2 if critical else 1, "damage at 0 HP")
    elif saves_apply(encounter, combatant):
        touch(tx, combatant).death = DeathSaves()
        tx.log(f"{combatant.name} falls unconscious at 0 HP: death saves.", "change")
    else:
        touch(tx, combatant).dead = True
        tx.log(f"{combatant.name} dies at 0 HP.", "change")


def _pf2e_damaged(tx: Transaction, combatant: Combatant, *, critical: bool, was_zero: bool) -> None:
    state = rt(combatant)
    if state.dead:
        return
    step = 2 if critical else 1
    # Damage while dying raises it; falling to 0 HP gives dying 1 (2) plus wounded.
    value = state.dying + step if was_zero and state.dying > 0 else step + state.wounded
    touch(tx, combatant).dying = value
    tx.log(f"{combatant.name} is dying {value}.", "change")
    _check_death(tx, combatant)


def _check_death(tx: Transaction, combatant: Combatant) -> None:
    state = rt(combatant)
    limit = max(DYING_DEATH - state.doomed, 1)
    if state.dying >= limit and not state.dead:
        touch(tx, combatant).dead = True
        tx.log(f"{combatant.name} dies (dying {state.dying}).", "change")


def _healed(tx: Transaction, encounter: Encounter, combatant: Combatant, *, was_zero: bool) -> None:
    state = rt(combatant)
    if not was_zero or at_zero(combatant):
        return
    touched = touch(tx, combatant)
    touched.save_due = False
    if state.dead:
        touched.dead = False
    if is_pf2e(encounter):
        if state.dying > 0:
            touched.dying = 0
            touched.wounded += 1
            tx.log(f"{combatant.name} is no longer dying: wounded {touched.wounded}.", "change")
        return
    if state.death != DeathSaves():
        touched.death = DeathSaves()
    tx.log(f"{combatant.name} regains consciousness: death saves end.", "change")


def turn_start(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """A death save (5e) or a recovery check (PF2e) is due as its turn starts."""
    state = rt(combatant)
    due = dying_5e(encounter, combatant) or (
        is_pf2e(encounter) and state.dying > 0 and not state.dead
    )
    if due != state.save_due:
        touch(tx, combatant).save_due = due


def due_check(encounter: Encounter, combatant: Combatant) -> str | None:
    """The check due as its turn started that it can still make: "death_save" (5e) or
    "recovery" (PF2e); None when none is due."""
    state = rt(combatant)
    if not state.save_due:
        return None
    if is_pf2e(encounter):
        return "recovery" if state.dying > 0 and not state.dead else None
    return "death_save" if dying_5e(encounter, combatant) else None


def death_save(tx: Transaction, encounter: Encounter, combatant: Combatant, d20: int) -> None:
    """d20: 10 or higher a success; a natural 1 two failures; a natural 20 regains 1 HP."""
    if not dying_5e(encounter, combatant):
        raise CommandError(f"{combatant.name} makes no death saves now.")
    touch(tx, combatant).save_due = False
    if d20 == 20:
        maximum = stat(combatant, "hp_max")
        tx.touch(combatant).stats["damage"] = maximum - 1
        touch(tx, combatant).death = DeathSaves()
        tx.log(f"{combatant.name}'s death save: natural 20, regains 1 HP.", "action")
        return
    if d20 >= SAVE_DC:
        saves = touch(tx, combatant).death
        saves.successes = min(saves.successes + 1, DEATH_SAVES)  # hit again when stable
        tx.log(f"{combatant.name}'s death save: {d20}, a success ({saves.successes}).", "action")
        if saves.successes >= DEATH_SAVES:
            saves.stable = True
            tx.log(f"{combatant.name} is stable.", "change")
        return
    _fail(tx, combatant, 2 if d20 == 1 else 1, f"death save {d20}")


def _fail(tx: Transaction, combatant: Combatant, count: int, why: str) -> None:
    state = touch(tx, combatant)
    state.death.stable = False
    state.death.failures = min(state.death.failures + count, DEATH_SAVES)
    word = "failure" if count == 1 else f"{count} failures"
    tx.log(f"{combatant.name}: {word} ({why}); {state.death.failures} of 3.", "action")
    if state.death.failures >= DEATH_SAVES:
        state.dead = True
        tx.log(f"{combatant.name} dies.", "change")


def degree(d20: int, dc: int) -> int:
    """PF2e degree of success of a flat check: 0 critical failure … 3 critical success;
    a natural 20 one better, a natural 1 one worse."""
    if d20 >= dc + 10:
        found = 3
    elif d20 >= dc:
        found = 2
    elif d20 <= dc - 10:
        found = 0
    else:
        found = 1
    if d20 == 20:
        found += 1
    elif d20 == 1:
        found -= 1
    return min(max(found, 0), 3)


def recovery(tx: Transaction, encounter: Encounter, combatant: Combatant, d20: int) -> None:
    """PF2e recovery check: flat DC 10 + dying."""
    state = rt(combatant)
    if not is_pf2e(encounter) or state.dying <= 0 or state.dead:
        raise CommandError(f"{combatant.name} is not dying.")
    dc = RECOVERY_BASE + state.dying
    found = degree(d20, dc)
    change = (2, 1, -1, -2)[found]
    words = ("critical failure", "failure", "success", "critical success")[found]
    touched = touch(tx, combatant)
    touched.save_due = False
    touched.dying = max(state.dying + change, 0)
    tx.log(
        f"{combatant.name}'s recovery check: {d20} vs DC {dc}, {words}: dying {touched.dying}.",
        "action",
    )
    if touched.dying == 0:
        touched.wounded += 1
        tx.log(
            f"{combatant.name} is no longer dying (unconscious at 0 HP): wounded "
            f"{touched.wounded}.",
            "change",
        )
    _check_death(tx, combatant)


def set_dying(tx: Transaction, combatant: Combatant, dying: int, wounded: int, doomed: int) -> None:
    """The GM sets the PF2e values (a spell, a rest, doomed from a curse)."""
    state = rt(combatant)
    if (state.dying, state.wounded, state.doomed) == (dying, wounded, doomed):
        raise CommandError("Those are already its values.")
    touched = touch(tx, combatant)
    touched.dying, touched.wounded, touched.doomed = dying, wounded, doomed
    tx.log(f"{combatant.name}: dying {dying}, wounded {wounded}, doomed {doomed}.", "change")
    _check_death(tx, combatant)
