"""Rows that changed, as runs of neighbours: one `dataChanged` per run, not per row
nor one spanning rows that did not change."""

from __future__ import annotations


def row_runs(rows: list[int]) -> list[tuple[int, int]]:
    """Sorted rows as (first, last) runs of neighbours: [1, 2, 3, 7] → [(1, 3), (7, 7)]."""
    runs: list[tuple[int, int]] = []
    for row in rows:
        if runs and runs[-1][1] == row - 1:
            runs[-1] = (runs[-1][0], row)
        else:
            runs.append((row, row))
    return runs
