"""A field's error label is made when the field first shows an error
(`FieldEditor.error`), below the field's row, as wide as its form; a form that never
shows one never makes it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFormLayout, QLabel, QLineEdit, QWidget

from tracker.engine.fields import Field
from tracker.qt.widgets.field_editors import FieldForm, WrappedLabel

SPEED = Field("speed", "Speed", "int", 30, minimum=0, maximum=60)
REACH = Field("reach", "Reach", "int", 5, minimum=0, maximum=30)
FIELDS = (SPEED, REACH)


def row_of(layout: QFormLayout, widget: QWidget) -> int:
    return layout.getWidgetPosition(widget)[0]


def test_an_error_shows_under_its_field_and_goes_when_mended(qtbot) -> None:
    form = FieldForm(FIELDS)
    qtbot.addWidget(form)
    form.resize(400, 200)
    form.show()
    qtbot.waitExposed(form)
    assert form.findChildren(WrappedLabel) == []
    assert form.untouched()
    form.editors["reach"].input.setText("99")
    form.editors["speed"].input.setText("-1")
    assert form.values() is None  # both wrong: both shown
    layout = form.layout()
    assert isinstance(layout, QFormLayout)
    for name in ("speed", "reach"):
        editor = form.editors[name]
        label = editor.error
        assert label.isVisible() and label.text().startswith(editor.field.label)
        assert row_of(layout, label) == row_of(layout, editor) + 1  # below its field
        assert label.findChildren(QLabel) == [] and label.parentWidget() is form
    qtbot.waitUntil(lambda: form.editors["reach"].error.y() > form.editors["reach"].y())
    speed, reach = form.editors["speed"], form.editors["reach"]
    assert speed.y() < speed.error.y() < reach.y() < reach.error.y()
    assert speed.error.width() == reach.error.width() == form.width()  # the form's width
    assert not form.untouched()
    speed.input.setText("12")
    reach.input.setText("10")
    assert form.values() == {"speed": 12, "reach": 10}
    assert speed.error.isHidden() and reach.error.isHidden()
    assert len(form.findChildren(WrappedLabel)) == 2  # kept for the next error


def test_a_form_joining_another_puts_the_error_under_its_own_row(qtbot) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QFormLayout(holder)
    layout.addRow("Name:", QLineEdit())
    form = FieldForm(FIELDS, holder, layout=layout)
    layout.addRow("After:", QLineEdit())
    reach = form.editors["reach"]
    assert form.show_error("reach", "Reach must be between 0 and 30.")
    assert row_of(layout, reach.error) == row_of(layout, reach) + 1
    assert reach.error.parentWidget() is holder
    assert holder.findChildren(WrappedLabel) == [reach.error]  # none for speed


def test_clearing_a_form_that_shows_no_error_makes_no_label(qtbot) -> None:
    form = FieldForm(FIELDS)
    qtbot.addWidget(form)
    form.clear()
    form.set_values({"speed": 10, "reach": 5})
    assert form.values() == {"speed": 10, "reach": 5}
    assert form.untouched()
    assert form.findChildren(WrappedLabel) == []


def test_tab_goes_from_field_to_field_before_and_after_an_error(qtbot) -> None:
    form = FieldForm(FIELDS)
    qtbot.addWidget(form)
    form.show()
    qtbot.waitExposed(form)
    form.activateWindow()
    qtbot.waitUntil(form.isActiveWindow)
    speed, reach = form.editors["speed"].input, form.editors["reach"].input

    def tab_from_speed() -> QWidget | None:
        speed.setFocus()
        qtbot.waitUntil(speed.hasFocus)
        qtbot.keyClick(speed, Qt.Key.Key_Tab)
        return QApplication.focusWidget()

    assert tab_from_speed() is reach  # no label made yet
    assert form.show_error("speed", "Speed must be between 0 and 60.")
    assert tab_from_speed() is reach  # the label between them takes no Tab
