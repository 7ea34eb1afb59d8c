"""Classic d20's central view: the generic order table (one row per combatant in
initiative order: identity block, state, resources; dragging breaks ties only, as the
ruleset decides) with Roll all in it: its context menu and Ctrl+Shift+I roll the d20s
the engine asks for (`roll_all_needs`: one per GM's creature still to roll, two with
advantage, one per group) and send the faces in one undoable step. The engine never
rolls; the faces go in the command, so undo, redo and the journal give the same
numbers."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from tracker.engine import RulesetAction
from tracker.engine.dice import RandomLike
from tracker.engine.rulesets.classic_d20 import ClassicD20
from tracker.qt.document import EncounterDocument
from tracker.qt.views.order_table import OrderTable

ROLL_ALL_KEY = "Ctrl+Shift+I"


class D20OrderTable(OrderTable):
    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget | None = None,
        rng: RandomLike | None = None,
    ) -> None:
        super().__init__(document, parent)
        self.document = document
        self.rng: RandomLike = rng if rng is not None else random.Random()
        self.roll_all_action = QAction("Roll all (GM's creatures)", self)
        self.roll_all_action.setObjectName("d20_roll_all")
        self.roll_all_action.setShortcut(QKeySequence(ROLL_ALL_KEY))
        self.roll_all_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.roll_all_action.triggered.connect(self.roll_all)
        self.addAction(self.roll_all_action)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    def roll_all(self) -> bool:
        """Roll the d20s the engine asks for and send them (refused: the reason is told,
        as for any command)."""
        ruleset = self.document.ruleset
        if not isinstance(ruleset, ClassicD20):
            return False
        needs = ruleset.roll_all_needs(self.document.encounter)
        faces = [self.rng.randint(1, 20) for _, count in needs for _ in range(count)]
        text = " ".join(str(face) for face in faces)
        return self.document.apply(RulesetAction("roll_all", None, {"faces": text}))
