"""The inspector's column beside the fight (a part of the main window's layout,
`window_panes`): the message and the question the rules wait for on top, then the
selected combatant's damage box, editor and effects. A question takes its place from
the editor; the effects keep theirs unless the question is too tall for the editor's
share (`Fence`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

from tracker.qt.window_panes import INSPECTOR_LEAST

if TYPE_CHECKING:
    from tracker.qt.widgets.banner import Banner
    from tracker.qt.widgets.prompt_panel import PromptPanel

# The editor's height at least while shown, in pixels: its caption and two fields (at 60,
# half a field showed beside a question). It gives its place up to a question first.
EDITOR_LEAST = 90
# An open form's height at least before the effects keep theirs (its title, five rows of
# fields and its buttons): below that the effects step aside for it.
FORM_LEAST = 230
# The effects' share of the column's room when nothing is asked (the editor has the rest).
EFFECTS_SHARE = 0.4


def inspector_pane(
    banner: Banner,
    health_box: QWidget,
    editor: QWidget,
    effects: QWidget,
    prompt: Callable[[QWidget], PromptPanel] | None = None,
) -> Fence:
    """The column beside the fight: what asks for the GM's attention first (a message, the
    question the rules wait for: made in the column by `prompt` if given, else later,
    `Fence.add_prompt`), then the selected combatant: damage box, editor (it scrolls
    within its share, so a ruleset with many fields never makes the window taller) and
    effects."""
    pane = QWidget()
    pane.setObjectName("inspector")
    layout = QVBoxLayout(pane)
    layout.setContentsMargins(4, 4, 4, 4)
    layout.addWidget(banner)
    passing: tuple[QWidget, ...] = (banner,)
    if prompt is not None:  # made in its place in the Tab order too: under the message
        asked = prompt(pane)
        layout.addWidget(asked)
        passing = (banner, asked)
    layout.addWidget(health_box)
    scroller = QScrollArea()
    scroller.setObjectName("editor_scroller")
    scroller.setWidget(editor)
    scroller.setWidgetResizable(True)
    scroller.setFrameShape(QFrame.Shape.NoFrame)
    scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroller.setMinimumHeight(EDITOR_LEAST)
    layout.addWidget(scroller, 1)
    # The effects' height is set by `Fence` (their share of the column); under a tall
    # question they keep the least height their caption, a row and their buttons take
    # (their own minimum; a smaller one squeezed the buttons and left the list its
    # header alone), or give it all up.
    layout.addWidget(effects)
    fence = Fence(pane, passing=passing, kept=(health_box,), effects=effects, editor=scroller)
    if prompt is not None:
        fence.follow_prompt(asked)
    return fence


class Fence(QWidget):
    """Holds the inspector in no layout of its own: a question of another shape (an
    answer more, a longer context) lays out the inspector's column, never the window
    (its layout requests stop here), and the column always has the dock's whole height
    (a scroll area would make a column whose texts wrap as tall as they want)."""

    def __init__(
        self,
        child: QWidget,
        passing: tuple[QWidget, ...],
        kept: tuple[QWidget, ...],
        effects: QWidget,
        editor: QWidget,
    ) -> None:
        """`passing`: what asks for a while (a message, a question); `kept`: what always
        stands above the editor (the damage box); `editor`: the selected combatant's
        editor (a form takes its place: `open_form`); `effects`: below it, their height
        kept while something passes (`_make_room`)."""
        super().__init__()
        self.setObjectName("inspector_column")
        # Opaque: a repaint inside the column starts here, not at the dock and the window
        # beneath it (the dock painted its title and frame for each change in the column).
        self.setAutoFillBackground(True)
        self.child = child
        self._passing = passing
        self._kept = kept
        self._effects = effects
        self._editor = editor
        self._form: QWidget | None = None  # in the editor's place (`open_form`)
        child.setParent(self)
        least = child.minimumSizeHint()
        self._hint = QSize(max(least.width(), INSPECTOR_LEAST), least.height())

    def sizeHint(self) -> QSize:
        return self._hint

    def minimumSizeHint(self) -> QSize:
        return QSize(self._hint.width() * 2 // 3, 200)

    def widget(self) -> QWidget:
        return self.child

    def add_prompt(self, prompt: PromptPanel) -> None:
        """The question the rules wait for, under the message (made when the first one
        is asked: `window_rest.LaterPrompt`). It takes the height its lines need at the
        column's width (a layout gives a height-for-width widget at least that); the
        editor below gives its place up (the effects too, if it is tall: `_make_room`).
        Placed at once: never a frame drawn with it out of its place."""
        layout = self.child.layout()
        assert isinstance(layout, QVBoxLayout)  # (inspector_pane's)
        layout.insertWidget(1, prompt)
        self._passing = (*self._passing, prompt)
        self.follow_prompt(prompt)
        # Its width in the column first: made at a widget's default width, its lines
        # wrapped there asked for twice the height, and the effects stepped aside for
        # it, then came back, painted twice.
        margins = layout.contentsMargins()
        prompt.resize(self.width() - margins.left() - margins.right(), prompt.height())
        self.lay_out()

    def follow_prompt(self, prompt: PromptPanel) -> None:
        """Room made for the question before it is laid out at another height: the
        effects' height follows in the same pass (laid out first, the question took the
        room they had, then its own once they were shrunk)."""
        prompt.grown.connect(self._make_room)

    def open_form(self, form: QWidget) -> None:
        """A form in the editor's place (Add combatant) until `close_form`: the message,
        the question the rules wait for and the damage box stay above it, the effects
        below. The form scrolls within its place."""
        layout = self.child.layout()
        assert isinstance(layout, QVBoxLayout)  # (inspector_pane's)
        if self._form is not form:
            self._form = form
            form.hide()
            layout.insertWidget(layout.indexOf(self._editor), form, 5)
        self._editor.hide()
        form.show()
        self.lay_out()  # the effects step aside if the form has too little room

    def close_form(self, lay_out: bool = True) -> None:
        """The form put away: the editor back in its place. Laid out now, or with
        `lay_out` False by a question shown next or the caller's `lay_out` (a widget
        shown lays its parents out at once: the editor shown, then a question, laid the
        column out twice)."""
        form = self._form
        if form is None or form.isHidden():
            return
        layout = self.child.layout()
        assert layout is not None  # (inspector_pane's)
        layout.setEnabled(False)
        form.hide()
        # The editor back if it has room (`_make_room`), not shown first and hidden
        # again: shown, a widget repaints where it last stood, and AP countdown's tall
        # question, which leaves the editor no room, stands there now (its ten answers
        # were repainted at each combatant added).
        self._make_room()  # what a tall question leaves no room for steps aside again
        layout.setEnabled(True)
        if lay_out:
            layout.activate()

    def lay_out(self) -> None:
        """The column laid out now, what a tall question leaves no room for stepped
        aside (nothing is laid out again if nothing changed since)."""
        self._make_room()
        layout = self.child.layout()
        assert layout is not None  # (inspector_pane's)
        layout.activate()

    def form_open(self) -> bool:
        return self._form is not None and not self._form.isHidden()

    def drop_form(self) -> None:
        """The form put away and deleted (another encounter: another ruleset's fields)."""
        self.close_form()
        form, self._form = self._form, None
        if form is not None:
            form.deleteLater()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self._make_room()
            return True  # the child lays itself out within the place it has
        return super().event(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._make_room()
        self.child.setGeometry(self.rect())

    def _make_room(self) -> None:
        """The effects keep the height they have when nothing is asked (their share of
        the column) while a message or a question shows: the editor gives its place up
        to it, so nothing below the question moves or is painted again (an End Turn
        that asks painted the whole effects' list, header and buttons anew, ~1 ms).
        A tall question (AP countdown's ten answers) on a short screen: the editor
        shrinks to its least, then the effects to theirs, then the effects, then the
        editor, step aside while it is asked, so that every answer shows whole; they
        come back when there is room. An open form (in the editor's place) keeps
        `FORM_LEAST` before the effects keep theirs, and scrolls in what it has."""
        layout = self.child.layout()
        if layout is None:
            return
        margins = layout.contentsMargins()
        width = self.width() - margins.left() - margins.right()
        spacing = max(layout.spacing(), 0)
        steady = self.height() - margins.top() - margins.bottom()
        for widget in self._kept:
            steady -= _shown_height(widget, width, spacing)
        room = steady
        for widget in self._passing:
            room -= _shown_height(widget, width, spacing)
        if self.form_open():
            room -= FORM_LEAST + spacing
        else:
            editor = self._editor
            least = editor.minimumHeight() or editor.minimumSizeHint().height()
            fits = room >= least
            if editor.isHidden() == fits:
                editor.setVisible(fits)
            room -= least + spacing if fits else 0
        effects = self._effects
        least = effects.minimumSizeHint().height()
        fits = room >= least
        if fits:
            share = int((steady - spacing) * EFFECTS_SHARE)
            height = max(least, min(share, room))
            if effects.minimumHeight() != height or effects.maximumHeight() != height:
                effects.setFixedHeight(height)
        if effects.isHidden() == fits:
            effects.setVisible(fits)


def _shown_height(widget: QWidget, width: int, spacing: int) -> int:
    """The height a widget of the column takes at `width` with the spacing under it (0
    while it is hidden)."""
    if widget.isHidden():
        return 0
    wanted = widget.heightForWidth(width) if widget.hasHeightForWidth() else -1
    return max(wanted, widget.minimumSizeHint().height()) + spacing
