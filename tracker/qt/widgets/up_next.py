"""The up-next strip over the fight: whose turns come after the current one, so the GM
(and a player asking "am I next?") reads it at a glance, whatever the ruleset's view
shows. It reads the turn order's first rows (kept by the turn order model), a handful
at each change, and never lays the window out for a new text (a steady box)."""

from __future__ import annotations

from tracker.engine.session import SessionEvent
from tracker.qt.document import EncounterDocument
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.widgets.action_palette import ElidedLabel
from tracker.qt.widgets.steady import SteadyBox

SHOWN = 5  # turns after the current one


def up_next_text(model: TurnOrderModel, document: EncounterDocument) -> str:
    """ "Next: Tirzaiel · Thomas · Upkeep" (a turn of no combatant by its title) during
    the fight, "First: …" before it starts, or "" when no turn comes."""
    started = document.session.current_turn() is not None
    first = 1 if started else 0  # the current turn is the turn panel's
    encounter = document.encounter
    shown: list[str] = []
    for row in range(first, first + SHOWN):
        turn = model.turn_at(row)
        if turn is None:
            break
        if turn.combatant_id is None:
            shown.append(turn.title or turn.phase)
        else:
            holder = encounter.find(turn.combatant_id)  # a look-up: no pass over the fight
            shown.append(holder.name if holder is not None else "?")
    if not shown:
        return ""
    return f"{'Next' if started else 'First'}: {' · '.join(shown)}"


class UpNext(SteadyBox):
    def __init__(self, model: TurnOrderModel, document: EncounterDocument) -> None:
        # One line, plain text (names may hold < or &), elided with a tooltip when long.
        self.label = ElidedLabel()
        self.label.setObjectName("up_next")
        super().__init__(self.label)
        self._model = model
        self._document = document
        document.changed.connect(self._on_changed)
        document.replaced.connect(self.refresh)
        self.refresh()

    def _on_changed(self, _event: SessionEvent) -> None:
        self.refresh()

    def refresh(self) -> None:
        text = up_next_text(self._model, self._document)
        if text != self.label.full_text():
            self.label.set_full_text(text)
            if self.isHidden() == bool(text):
                self.setVisible(bool(text))
