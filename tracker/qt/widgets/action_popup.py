"""An action's parameters beyond a lone number, set in a small popup under its chip
(`action_palette.ActionChip`), and the Roll buttons that roll one of them from dice.

The chip makes the inputs and their Roll buttons with itself (they hold the values the
action takes, greyed out with it, saying whose dice they roll) and keeps them hidden;
the popup around them (a form, its captions, the action's button) is made when it is
first opened: 5-9 popups, hidden, were a few milliseconds of a first frame."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from tracker.engine.fields import Field
from tracker.engine.ruleset import ActionSpec
from tracker.qt.rich_text import escape
from tracker.qt.widgets.chip_style import compact
from tracker.qt.widgets.roll_button import RollButton


class ParamsPopup(QFrame):
    """The parameters of an action that has more than a lone number, in a small popup
    under its chip: a form of its inputs (`inputs`, with their Roll buttons), and the
    action's button. Enter in any input takes it."""

    def __init__(
        self,
        spec: ActionSpec,
        parent: QWidget,
        inputs: dict[str, QWidget],
        roll_buttons: dict[str, RollButton],
    ) -> None:
        from PySide6.QtWidgets import QFormLayout  # (and its enums: made when first opened)

        super().__init__(parent, Qt.WindowType.Popup)
        self.setObjectName(f"params_{spec.name}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        form = QFormLayout(self)
        form.setContentsMargins(8, 8, 8, 8)
        title = QLabel(f"<b>{escape(spec.label)}</b>")
        form.addRow(title)
        if spec.help:
            help_label = QLabel(spec.help)
            help_label.setWordWrap(True)
            help_label.setMaximumWidth(320)
            form.addRow(help_label)
        self.inputs = inputs
        self.roll_buttons = roll_buttons
        for field in spec.params:
            widget = inputs[field.name]
            roll = roll_buttons.get(field.name)
            if roll is not None:
                row = QHBoxLayout()
                row.addWidget(widget)
                row.addWidget(roll)
                form.addRow(f"{field.label}:", row)
            else:
                form.addRow("" if field.kind == "bool" else f"{field.label}:", widget)
        for widget in (*inputs.values(), *roll_buttons.values()):
            widget.show()  # hidden in the chip until now: shown with the popup
        self.do_button = QPushButton(spec.label)
        self.do_button.setObjectName(f"do_{spec.name}")
        self.do_button.setAutoDefault(True)
        form.addRow(self.do_button)

    def open_under(self, anchor: QWidget) -> None:
        self.adjustSize()
        self.move(anchor.mapToGlobal(anchor.rect().bottomLeft()))
        self.show()
        first = next(iter(self.inputs.values()), None)
        if first is not None:
            first.setFocus(Qt.FocusReason.PopupFocusReason)


def roll_button(spec: ActionSpec, field: Field) -> RollButton:
    """Rolls the selected combatant's dice for `field` and takes the action: it says
    whose dice (`roll_text`), so it never passes for the prompt's Roll for someone else."""
    roll = RollButton(roll_text(field, None))
    compact(roll)  # as small as the chip's own button
    roll.setObjectName(f"roll_{spec.name}_{field.name}")
    roll.setAutoDefault(True)
    return roll


def roll_text(field: Field, name: str | None) -> str:
    """A Roll button's text: whose dice it rolls (`name`: the selected combatant's, or
    the acting one's for a field rolled by whoever acts)."""
    if name:
        return f"Roll for {name.replace('&', '&&')}"
    return "Roll for the one acting" if field.roll_acting else "Roll for the selected"


def roll_tip(spec: ActionSpec, field: Field, name: str | None) -> str:
    nobody = "the acting combatant's" if field.roll_acting else "the selected combatant's"
    whose = f"{name}'s" if name else nobody
    return f"Roll {whose} dice for {field.label} and take {spec.label}."
