"""Help → Rulesets lists every installed ruleset with its version, where it comes from
and any problem, as plain text, in a dialog that fits 1,366 × 768; a broken plugin never
stops the app, and the self-test reports it; a plugin with no views and no sample
passes the self-test."""

from __future__ import annotations

import io

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from tests.engine.test_plugin_problems import PLAIN
from tests.plugins import plugins  # noqa: F401 - the fixture
from tests.qt.test_self_test import samples
from tracker import __version__
from tracker.qt.dialogs.new_encounter import NewEncounterDialog
from tracker.qt.dialogs.rulesets_dialog import COLUMNS, RulesetsDialog, ruleset_rows
from tracker.qt.self_test import run_self_test

BROKEN_IMPORT = {"broken_import": "import no_such_module_anywhere\n"}
SNEAKY = (  # a name that would be markup if read as rich text
    "from highest_roll import HighestRoll\n"
    "class Sneaky(HighestRoll):\n"
    "    id = 'sneaky'\n"
    "    name = '<b>Sneaky</b>'\n"
    "    options = ()\n"
    "    actions = HighestRoll.actions * 2\n"
)


def install_three(plugins) -> None:  # noqa: F811
    plugins.install(
        "broken-import", BROKEN_IMPORT, rulesets={"broken_import": "broken_import:Rules"}
    )
    plugins.install("sneaky-rules", {"sneaky": SNEAKY}, rulesets={"sneaky": "sneaky:Sneaky"})
    plugins.install(
        "plain-roll",
        {"plain_roll": PLAIN},
        rulesets={"plain_roll": "plain_roll:PlainRoll"},
        views={"plain_roll": "plain_roll_views:Nowhere"},  # views that do not import
        version="2.3.1",
    )


def texts(dialog: RulesetsDialog) -> list[list[str]]:
    table = dialog.table
    return [
        [table.item(row, column).text() for column in range(table.columnCount())]
        for row in range(table.rowCount())
    ]


def test_help_rulesets_lists_each_with_version_origin_and_problems(qtbot, window, plugins):  # noqa: F811
    install_three(plugins)
    shown: list[list[list[str]]] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, RulesetsDialog)
        shown.append(texts(dialog))
        dialog.reject()

    QTimer.singleShot(0, look)
    window.actions_by_name["rulesets"].trigger()
    (rows,) = shown
    by_id = {row[0].split("\n")[1]: row for row in rows}
    assert by_id["war_scroll"][1:] == [__version__, "Roundkeeper (built in)", "Works"]
    assert by_id["highest_roll"][1:] == [
        "0.1.0",
        "the package roundkeeper-example-ruleset",
        "Works",
    ]
    assert by_id["broken_import"][2] == "the package broken-import"
    assert by_id["broken_import"][3].startswith("Not offered:\n• broken_import:Rules cannot")
    assert "No module named 'no_such_module_anywhere'" in by_id["broken_import"][3]
    assert by_id["sneaky"][0] == "<b>Sneaky</b>\nsneaky"  # shown as itself
    assert "the action name 'shout' is declared twice." in by_id["sneaky"][3]
    plain = by_id["plain_roll"]
    assert plain[1] == "2.3.1"
    assert plain[3].startswith("Works with the generic views:\n• its views (plain_roll_views")


def test_a_plugin_without_views_says_it_works_with_the_generic_ones(plugins):  # noqa: F811
    plugins.install(
        "plain-roll", {"plain_roll": PLAIN}, rulesets={"plain_roll": "plain_roll:PlainRoll"}
    )
    rows = {row.ruleset_id: row for row in ruleset_rows()}
    assert rows["plain_roll"].state == "Works (generic views)" and rows["plain_roll"].usable


def test_views_for_no_installed_ruleset_are_listed(plugins):  # noqa: F811
    plugins.install("stray-views", {}, views={"nobody": "tracker.qt.ruleset_ui:RulesetUi"})
    rows = {row.ruleset_id: row for row in ruleset_rows()}
    assert rows["nobody"].state == (
        "Not used:\n• views (tracker.qt.ruleset_ui:RulesetUi) are registered for no "
        "installed ruleset."
    )


def test_the_dialog_fits_the_laptop_and_its_table_passes_the_model_tester(
    qtbot,
    qtmodeltester,
    plugins,  # noqa: F811
    tmp_path,
):
    install_three(plugins)
    dialog = RulesetsDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.width() <= 1366 and dialog.height() <= 768
    assert dialog.table.columnCount() == len(COLUMNS)
    table = dialog.table
    last = table.rowCount() - 1
    # Every row is wholly visible without scrolling sideways, problems wrapped.
    assert table.horizontalHeader().length() <= table.viewport().width()
    assert table.rowViewportPosition(last) + table.rowHeight(last) > 0
    qtmodeltester.check(table.model(), force_py=True)
    dialog.grab().save(str(tmp_path / "rulesets.png"))


def test_a_broken_plugin_keeps_nothing_from_working(qtbot, window, plugins):  # noqa: F811
    install_three(plugins)
    dialog = NewEncounterDialog(window)
    qtbot.addWidget(dialog)
    offered = [dialog.ruleset_combo.itemData(i) for i in range(dialog.ruleset_combo.count())]
    assert "plain_roll" in offered and "war_scroll" in offered
    assert "broken_import" not in offered and "sneaky" not in offered


def test_the_self_test_passes_a_plugin_without_sample_or_views(qapp, tmp_path, plugins):  # noqa: F811
    plugins.install(
        "plain-roll", {"plain_roll": PLAIN}, rulesets={"plain_roll": "plain_roll:PlainRoll"}
    )
    out = io.StringIO()
    status = run_self_test(out=out, samples_dir=samples(tmp_path, "war_scroll"), turns=1)
    output = out.getvalue()
    assert "ok    ruleset plain_roll (from plain-roll): rules and the generic views load" in output
    assert "samples: none for the ruleset plain_roll" not in output
    assert status == 1  # only because this folder lacks the other built-ins' samples
    assert all("plain_roll" not in line for line in output.splitlines() if "FAIL" in line)


def test_the_self_test_reports_a_broken_plugin(qapp, tmp_path, plugins):  # noqa: F811
    install_three(plugins)
    out = io.StringIO()
    status = run_self_test(out=out, samples_dir=samples(tmp_path, "war_scroll"), turns=1)
    output = out.getvalue()
    assert status == 1
    assert "FAIL  ruleset broken_import (from broken-import): broken_import:Rules cannot" in output
    assert "FAIL  ruleset sneaky (from sneaky-rules): the action name 'shout'" in output
    assert "FAIL  ruleset plain_roll: its views (plain_roll_views:Nowhere) cannot" in output
    assert "ok    war_scroll_sample.json" in output
