"""`quiet_updates`: updates turned off and on again without the whole repaint, and
without handing Python what lies below the widget's own widgets."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from tracker.qt.quiet_updates import no_repaint

ROOT = Path(__file__).resolve().parents[2]


def test_updates_come_back_on_for_every_widget_turned_off_with_it(qtbot):
    top = QWidget()
    qtbot.addWidget(top)
    middle = QWidget(top)
    inner = QLabel("inner", middle)
    on_its_own = QLabel("kept off", middle)
    QVBoxLayout(top).addWidget(middle)
    on_its_own.setUpdatesEnabled(False)
    with no_repaint(top):
        assert not inner.updatesEnabled() and not middle.updatesEnabled()
    assert top.updatesEnabled() and middle.updatesEnabled() and inner.updatesEnabled()
    assert not on_its_own.updatesEnabled()  # turned off on its own: as it was


PROBE = """
import sys
from PySide6 import QtGui
from PySide6.QtWidgets import QApplication, QLabel
from tracker.qt.quiet_updates import no_repaint

app = QApplication([])
label = QLabel("<b>Rich</b> text")  # its text document lies below it
label.setWordWrap(True)
label.heightForWidth(100)
with no_repaint(label):
    label.heightForWidth(50)
print("QTextDocument" in vars(QtGui))
"""


def test_a_label_laid_out_quietly_makes_pyside_load_no_text_document_class():
    # A recursive findChildren would wrap the label's text document and its frame,
    # loading their classes and making their enums (the first frame's status line).
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.split() == ["False"]
