"""Changed rows become runs of neighbours, one `dataChanged` each."""

from tracker.qt.models.row_runs import row_runs


def test_neighbours_make_one_run_and_a_gap_starts_another() -> None:
    assert row_runs([1, 2, 3, 7]) == [(1, 3), (7, 7)]
    assert row_runs([0, 2, 4]) == [(0, 0), (2, 2), (4, 4)]
    assert row_runs([5]) == [(5, 5)]
    assert row_runs([]) == []
