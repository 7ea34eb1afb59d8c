"""The effects a combatant carries, as the badges its row shows: the name, the GM's note,
the time left and whether it ends this turn or the next.

The roster model answers `BadgesRole` with them, worked out for the rows a view asks
about (the session groups the effects by carrier once per change and keeps each
effect's time left), so a long fight with many effects costs what the visible rows
carry. The role is the GM's: the players' proxies pass only the roles they know."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt

from tracker.engine.session import Session

BadgesRole = Qt.ItemDataRole.UserRole + 3  # tuple[Badge, ...] of the row's combatant
# An effect that ends this turn or the next says so (its badge's and its row's tooltip in
# the effects pane, `effects_model`: here, so that the views' badges do without that model).
ENDS_SOON_TIP = "Ends this turn or the next."


@dataclass(frozen=True)
class Badge:
    """An effect as a badge in a combatant's cell: its name, note, time left."""

    name: str
    note: str
    remaining: str
    soon: bool

    def tooltip(self) -> str:
        """The full name, the note and the time left, one to a line."""
        lines = [self.name]
        if self.note:
            lines.append(f"Note: {self.note}")
        if self.remaining:
            lines.append(f"Remaining: {self.remaining}")
        if self.soon:
            lines.append(ENDS_SOON_TIP)
        return "\n".join(lines)


def badges_on(session: Session, combatant_id: str) -> tuple[Badge, ...]:
    """The badges of the effects the combatant carries, in the order they were added."""
    effects = session.effects_on(combatant_id)
    if not effects:
        return ()
    soon = session.ending_soon()
    return tuple(Badge(e.name, e.notes, session.remaining(e.id), e.id in soon) for e in effects)
