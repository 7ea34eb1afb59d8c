"""Colours shared by the GM's views (sides, cell states)."""

SIDE_COLORS: dict[str, str] = {
    "party": "#2f6fd6",
    "ally": "#2e9e5b",
    "enemy": "#c8372d",
    "neutral": "#8a8a8a",
}

CELL_COLORS: dict[str, str] = {
    "current": "#ffd54a",
    "pending": "#ffffff",
    "played": "#d9d9d9",
    "missed": "#efe3e3",
    "none": "#f4f4f4",
}
CELL_TEXT: dict[str, str] = {
    "current": "#000000",
    "pending": "#000000",
    "played": "#8c8c8c",
    "missed": "#a07070",
    "none": "#bdbdbd",
}
