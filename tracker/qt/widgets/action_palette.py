"""The ruleset's actions as a compact palette: one framed chip per action (its button
and small inputs for its parameters), the turn's actions on one line and those on the
selected combatant on the next, wrapping when the window is narrow. What is not
allowed now is greyed out, and a one-line reason under the palette says why (worked out
when the GM points at the action: `Reasons`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.fields import Field
from tracker.engine.ruleset import ActionSpec
from tracker.qt.layout_items import add_layout, layout_widgets
from tracker.qt.rich_text import plain_tip
from tracker.qt.widgets.action_inputs import EnterPerforms, on_edit, param_widget
from tracker.qt.widgets.action_popup import ParamsPopup, roll_button, roll_text, roll_tip
from tracker.qt.widgets.action_reasons import Reasons
from tracker.qt.widgets.chip_style import bold, compact
from tracker.qt.widgets.flow_layout import FlowLayout
from tracker.qt.widgets.roll_button import RollButton
from tracker.qt.widgets.steady import SteadyBox

if TYPE_CHECKING:
    from PySide6.QtGui import QEnterEvent  # (a class the first frame need not load)


class ElidedLabel(QLabel):
    """One line of text, always one line high: a long text ends in "…" (and shows in
    full as the tooltip) rather than wrapping and pushing what is below it down."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(self.fontMetrics().height() + 4)

    def set_full_text(self, text: str) -> None:
        if text != self._full:
            self._full = text
            self._elide()

    def full_text(self) -> str:
        return self._full

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, self.width())
        tip = plain_tip(self._full) if shown != self._full else ""
        if shown != self.text():
            self.setText(shown)
        if tip != self.toolTip():
            self.setToolTip(tip)


CAPTION_HEIGHT = 26


class SelectedCaption(QLabel):
    """ "On Goblin:", the caption of the actions on the selected combatant. Its width
    only grows (up to `WIDEST`, a longer name elided): the chips after it stay where
    they are as the selection moves or the selected is renamed (they moved with every
    name's width, and every chip was painted again)."""

    WIDEST = 200  # pixels; a name beyond it is elided (in full in the tooltip)

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setTextFormat(Qt.TextFormat.PlainText)  # a name may hold < or &
        self.setObjectName("action_caption")
        bold(self)
        self.setMinimumHeight(CAPTION_HEIGHT)

    def set_name(self, name: str | None) -> None:
        metrics = self.fontMetrics()
        text, tip = "On the selected:", ""
        if name:
            room = self.WIDEST - metrics.horizontalAdvance("On :")
            shown = metrics.elidedText(name, Qt.TextElideMode.ElideRight, room)
            text, tip = f"On {shown}:", plain_tip(name) if shown != name else ""
        if text != self.text():
            self.setText(text)
        if tip != self.toolTip():
            self.setToolTip(tip)
        # Of a fixed size (the widest yet): a new name that fits lays nothing out (Qt
        # does not tell the layouts about a fixed-size widget's text), as `RollButton`.
        width = max(min(self.sizeHint().width(), self.WIDEST), self.minimumWidth())
        height = max(self.sizeHint().height(), CAPTION_HEIGHT)
        if (width, height) != (self.maximumWidth(), self.maximumHeight()):
            self.setFixedSize(width, height)


def inline_field(spec: ActionSpec) -> Field | None:
    """The parameter shown in the chip itself: a lone number (Spend AP's AP). Any other
    parameters are set in the chip's popup."""
    if len(spec.params) == 1 and spec.params[0].kind == "int":
        return spec.params[0]
    return None


class ChipButton(QPushButton):
    """An action's button: its tooltip, read, says why it is greyed out (worked out
    then, `before_tip`)."""

    def __init__(self, text: str, before_tip: Callable[[], None]) -> None:
        super().__init__(text)
        self._before_tip = before_tip

    def toolTip(self) -> str:
        self._before_tip()
        return super().toolTip()


class ActionChip(QFrame):
    """One action: its button; a lone number parameter in a small box beside it; any
    other parameters behind a ▾ button that opens them in a popup. `pointed` says when
    the mouse comes over it (True) and leaves it (False)."""

    pointed = Signal(bool)

    def __init__(self, spec: ActionSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.setObjectName("action_chip")
        # A line of the palette's Mid colour around it (as its sheet drew one): Qt draws
        # a plain box in the frame's foreground colour, which its children do not take.
        self.setFrameShape(QFrame.Shape.Box)
        self.setForegroundRole(QPalette.ColorRole.Mid)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(2)
        self.button = ChipButton(spec.label, self.show_tips)
        compact(self.button)
        self.button.setObjectName(f"action_{spec.name}")
        self.button.setAutoDefault(True)  # Enter on the focused button presses it
        # Tab reaches it; a click does not take the keyboard from the fight view.
        self.button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        layout.addWidget(self.button)
        self.inputs: dict[str, QWidget] = {}
        self.roll_buttons: dict[str, RollButton] = {}
        self._popup: ParamsPopup | None = None  # made when first opened (`popup`)
        self._take: Callable[[], object] | None = None  # its button's (`take_with`)
        self.selected: str | None = None  # whose dice the Roll buttons roll
        self.acting: str | None = None  # … those rolled by whoever acts
        self.more_button: QToolButton | None = None
        field = inline_field(spec)
        if field is not None:
            widget = param_widget(field)
            widget.setObjectName(f"action_{spec.name}_{field.name}")
            widget.setFixedWidth(44)
            self.inputs[field.name] = widget
            layout.addWidget(widget)
            if field.roll_from:
                self.roll_buttons[field.name] = roll_button(spec, field)
                layout.addWidget(self.roll_buttons[field.name])
        elif spec.params:
            # The inputs (and Roll buttons) now, hidden in the chip: they hold the values
            # the action takes; the popup around them when it is first opened.
            for field in spec.params:
                widget = param_widget(field)
                widget.setObjectName(f"action_{spec.name}_{field.name}")
                self.inputs[field.name] = widget
                if field.roll_from:
                    self.roll_buttons[field.name] = roll_button(spec, field)
            for widget in (*self.inputs.values(), *self.roll_buttons.values()):
                widget.setParent(self)
                widget.hide()
            self.more_button = QToolButton()
            self.more_button.setObjectName(f"more_{spec.name}")
            self.more_button.setArrowType(Qt.ArrowType.DownArrow)
            names = ", ".join(f.label for f in spec.params)
            self.more_button.setToolTip(f"{spec.label}: set {names}")
            self.more_button.clicked.connect(lambda: self.open_params())
            layout.addWidget(self.more_button)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self._allowed = True
        self._help = ""
        self._reasons = Reasons()
        self._shown: tuple[str, str] | None = None  # (reason, help) in the tooltips
        self._tips_due = False  # greyed out for a reason not shown yet (`show_tips`)

    @property
    def popup(self) -> ParamsPopup | None:
        """The popup of the parameters beyond a lone number (None: the chip has none),
        made at its first use."""
        if self._popup is None and self.more_button is not None:
            self._popup = ParamsPopup(self.spec, self, self.inputs, self.roll_buttons)
            self._popup.do_button.setEnabled(self._allowed)
            self._popup.do_button.clicked.connect(self._take_from_popup)
        return self._popup

    def take_with(self, take: Callable[[], object]) -> None:
        """The popup's button takes the action through `take`."""
        self._take = take

    def _take_from_popup(self) -> None:
        if self._take is not None:
            self._take()

    def open_params(self) -> None:
        if self.popup is not None:
            self.popup.open_under(self)

    def close_params(self) -> None:
        if self._popup is not None:
            self._popup.hide()

    def show_allowed(self, reasons: Reasons, help_text: str) -> None:
        """Grey the whole chip out (button, inputs, Roll, ▾) when `reasons` names its
        action, with the reason in its tooltips (if it is not known yet, when they are
        shown: `show_tips`), or bring it back saying what it does (`help_text`). No
        widget is touched when nothing it shows changed (a step often changes nothing)."""
        allowed = self.spec.name not in reasons
        self._reasons, self._help = reasons, help_text
        if allowed != self._allowed:
            self._allowed = allowed
            widgets: list[QWidget] = [
                self.button,
                *self.inputs.values(),
                *self.roll_buttons.values(),
            ]
            if self.more_button is not None:
                widgets.append(self.more_button)
            if self._popup is not None:  # (one not made yet is made with its state)
                widgets.append(self._popup.do_button)
                if not allowed:
                    self._popup.hide()
            for widget in widgets:
                widget.setEnabled(allowed)
        known = "" if allowed else reasons.known(self.spec.name)
        self._tips_due = known is None
        if known is not None:
            self._show_tips(known)

    def show_tips(self) -> None:
        """The tooltips say why the chip is greyed out: the reason worked out now, if it
        was not yet (the GM points at it)."""
        if self._tips_due:
            self._tips_due = False
            self._show_tips(self._reasons.get(self.spec.name, ""))

    def reason(self) -> str:
        """Why the action cannot be taken now ("": it can)."""
        return self._reasons.get(self.spec.name, "")

    def _show_tips(self, reason: str) -> None:
        if (reason, self._help) == self._shown:
            return
        self._shown = (reason, self._help)
        tip = plain_tip(f"Not now: {reason}" if reason else self._help)
        QPushButton.setToolTip(self.button, tip)
        self.setToolTip(tip)
        self._roll_tips()

    def toolTip(self) -> str:
        self.show_tips()
        return super().toolTip()

    def enterEvent(self, event: QEnterEvent) -> None:  # noqa: N802 (Qt)
        super().enterEvent(event)
        self.pointed.emit(True)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt)
        super().leaveEvent(event)
        self.pointed.emit(False)

    def show_selected(self, name: str | None, acting: str | None = None) -> None:
        """The Roll buttons roll the selected combatant's dice (`name`), or the acting
        one's for a field rolled by whoever acts (`Field.roll_acting`): they say whose."""
        if (name, acting) == (self.selected, self.acting):
            return
        self.selected, self.acting = name, acting
        by_name = {field.name: field for field in self.spec.params}
        for field_name, roll in self.roll_buttons.items():
            roll.set_text(roll_text(by_name[field_name], self._roller(by_name[field_name])))
        self._roll_tips()

    def _roller(self, field: Field) -> str | None:
        return self.acting if field.roll_acting else self.selected

    def _roll_tips(self) -> None:
        reason = self._shown[0] if self._shown is not None else ""
        by_name = {field.name: field for field in self.spec.params}
        for field_name, roll in self.roll_buttons.items():
            tip = plain_tip(
                f"Not now: {reason}"
                if reason
                else roll_tip(self.spec, by_name[field_name], self._roller(by_name[field_name]))
            )
            if roll.toolTip() != tip:
                roll.setToolTip(tip)


class ActionPalette(QWidget):
    """Chips for the actions; `perform(name)` takes one (button or Enter in an input),
    `roll(name, field)` rolls a parameter from dice and takes the action."""

    def __init__(
        self,
        perform: Callable[[str], object],
        roll: Callable[[str, Field], object],
        edited: Callable[[], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("action_palette")
        self._perform = perform
        self._roll = roll
        self._edited = edited
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self._sections = QVBoxLayout()
        self._sections.setSpacing(4)
        add_layout(layout, self._sections)
        self.reason_label = ElidedLabel()
        self.reason_label.setObjectName("action_reason")
        layout.addWidget(SteadyBox(self.reason_label))  # a new reason lays nothing out
        self.chips: dict[str, ActionChip] = {}
        self._held: list[QWidget] = []  # sections left out of the first frame (`hold`)
        self.selected_caption: SelectedCaption | None = None
        self._reasons = Reasons()
        self._keys: dict[str, str] = {}
        self._pointed: str | None = None  # the action under the mouse or with the focus
        # The keyboard's moves (not an event filter on every chip's widgets: it saw each
        # of their events, a few hundred Python calls as a dialog opened and closed).
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_moved)
        self._names: tuple[str | None, str | None, str] | None = None  # `set_selected_name`'s

    # --- building -------------------------------------------------------------------
    def build(self, specs: list[ActionSpec], keys: dict[str, str]) -> None:
        """Chips for `specs` (replacing any): the turn's actions, then those on the
        selected combatant. `keys` names each action's shortcut, shown on hover."""
        while self._sections.count():
            item = self._sections.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.chips.clear()
        self._held.clear()  # (those made now are shown: `hold` is for the first frame's)
        self._reasons = Reasons()
        self._keys = dict(keys)
        self._pointed = None
        self._names = None
        self.selected_caption = None
        turn = [spec for spec in specs if spec.on != "any"]
        selected = [spec for spec in specs if spec.on == "any"]
        if turn:
            caption = QLabel("Turn:")
            caption.setObjectName("action_caption")
            bold(caption)
            caption.setMinimumHeight(CAPTION_HEIGHT)
            self._sections.addWidget(self._section(caption, turn))
        if selected:
            self.selected_caption = SelectedCaption("On the selected:")
            self._sections.addWidget(self._section(self.selected_caption, selected))
        self._show_reason()

    def hold(self) -> None:
        """The chips left out of the frame about to be painted (the window's first),
        their room kept as it will be (`release` shows them): they are not painted."""
        for section in layout_widgets(self._sections):
            if section is not None:
                policy = section.sizePolicy()
                policy.setRetainSizeWhenHidden(True)
                section.setSizePolicy(policy)
                section.hide()
                self._held.append(section)

    def release(self) -> None:
        """The chips `hold` left out, shown in the room they kept."""
        for section in self._held:
            section.show()
        self._held.clear()

    def _section(self, caption: QLabel, specs: list[ActionSpec]) -> QWidget:
        section = QWidget()
        flow = FlowLayout(section, spacing=6)
        flow.addWidget(caption)
        for spec in specs:
            chip = ActionChip(spec)
            chip.button.clicked.connect(lambda _=False, n=spec.name: self._perform(n))
            chip.take_with(partial(self._do, chip))
            for field in spec.params:
                on_edit(chip.inputs[field.name], self._edited)
            for field_name, roll in chip.roll_buttons.items():
                field = next(f for f in spec.params if f.name == field_name)
                roll.clicked.connect(lambda _=False, n=spec.name, f=field: self._roll(n, f))
            enter = EnterPerforms(partial(self._do, chip), chip)
            for widget in chip.inputs.values():
                enter.watch(widget)
            chip.pointed.connect(partial(self._pointed_at, chip))
            self.chips[spec.name] = chip
            flow.addWidget(chip)
        return section

    def _do(self, chip: ActionChip) -> None:
        """Take the action from its popup (or inline box), closing the popup."""
        chip.close_params()
        self._perform(chip.spec.name)

    # --- what is allowed --------------------------------------------------------------
    def show_availability(self, reasons: Reasons, helps: dict[str, str]) -> None:
        """`reasons`: why each greyed-out action cannot be taken now (worked out when
        asked); `helps`: what each does. Greys out the chips and sets their tooltips and
        the reason line."""
        self._reasons = reasons
        for name, chip in self.chips.items():
            chip.show_allowed(reasons, f"{helps[name]}{self._keys.get(name, '')}")
        self._show_reason()

    def set_selected_name(self, name: str | None, acting: str | None = None) -> None:
        """The selected combatant's name (None: nobody), and the acting one's: the Roll
        buttons name whose dice they roll. The same names in the same font change
        nothing (asked after every step: each chip, and the caption's name elided anew)."""
        caption = self.selected_caption
        names = (name, acting, caption.font().key() if caption is not None else "")
        if names == self._names:
            return
        self._names = names
        if caption is not None:
            caption.set_name(name)
        for chip in self.chips.values():
            chip.show_selected(name, acting)

    def _show_reason(self) -> None:
        """The line under the palette: why the pointed action is greyed out (or what it
        does); with none pointed, the reason every action shares, or which are out."""
        pointed = self.chips.get(self._pointed or "")
        if pointed is not None:
            reason = pointed.reason()
            pointed.show_tips()
            what = reason or pointed.spec.help
            self.reason_label.set_full_text(f"{pointed.spec.label}: {what}" if what else "")
            return
        out = list(self._reasons)  # only the reasons known already: none is worked out
        shared = {self._reasons.known(name) for name in out}
        if out and len(out) == len(self.chips) and len(shared) == 1 and None not in shared:
            text = f"Not now: {shared.pop()}"
        elif out:
            labels = ", ".join(self.chips[name].spec.label for name in out)
            text = f"Not now (point at one for why): {labels}"
        else:
            text = ""
        self.reason_label.set_full_text(text)

    def _pointed_at(self, chip: ActionChip, over: bool) -> None:
        """The mouse over a chip, or gone from it: the reason line follows (and the
        chip's tooltips say why it is greyed out, worked out now)."""
        if over:
            chip.show_tips()
            self._point(chip.spec.name)
        else:
            self._point(None)

    def _focus_moved(self, old: QWidget | None, new: QWidget | None) -> None:
        """The keyboard in a chip (its button, its boxes, its popup's), or out of one."""
        chip = self._chip_of(new)
        if chip is not None:
            self._point(chip.spec.name)
        elif self._chip_of(old) is not None:
            self._point(None)

    def _point(self, name: str | None) -> None:
        if name != self._pointed and (name is not None or self._pointed is not None):
            self._pointed = name
            self._show_reason()

    def _chip_of(self, widget: QWidget | None) -> ActionChip | None:
        """This palette's chip that holds `widget` (its popup's boxes too), if any."""
        while widget is not None and not isinstance(widget, ActionChip) and widget is not self:
            widget = widget.parentWidget()
        if isinstance(widget, ActionChip) and self.chips.get(widget.spec.name) is widget:
            return widget
        return None
