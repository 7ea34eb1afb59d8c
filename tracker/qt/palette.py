"""Colours shared by the GM's views (sides, cell states, messages), for the light and the
dark scheme where they differ."""

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
    "played": "#595959",  # 5:1 on its cell
    "missed": "#7a4a4a",
    "none": "#bdbdbd",
}

# Messages: background, text, border — per scheme.
MESSAGE_COLORS: dict[bool, dict[str, tuple[str, str, str]]] = {
    False: {
        "expiry": ("#fff3c4", "#3b2f00", "#d9b200"),
        "error": ("#fde2e0", "#5c1010", "#c8372d"),
        "info": ("#e3eefc", "#0f2d57", "#6d9be0"),
    },
    True: {
        "expiry": ("#4a3d00", "#ffeaa3", "#d9b200"),
        "error": ("#4d1714", "#ffd9d5", "#e0564b"),
        "info": ("#14294a", "#d6e6ff", "#6d9be0"),
    },
}
# An effect's badge on a combatant's row: fill, text, border — per scheme; an effect that
# ends this turn or the next also shows a mark and bold text (never colour alone).
BADGE_COLORS: dict[bool, dict[str, tuple[str, str, str]]] = {
    False: {"effect": ("#e6edf7", "#1b2a3a", "#8ea6c4"), "soon": ("#ffcf66", "#000000", "#9a6a00")},
    True: {"effect": ("#2c3747", "#e4ecf7", "#7189a8"), "soon": ("#ffcf66", "#000000", "#ffe6a6")},
}
ERROR_INK = {False: "#b3261e", True: "#ff8a80"}  # a field's error message
# The log's turns and expiries, per scheme (≥ 4.5:1 on the list's base and alternate rows).
LOG_INK: dict[bool, dict[str, str]] = {
    False: {"expiry": "#a0301f", "turn": "#1d4f91", "start": "#1d4f91"},
    True: {"expiry": "#ff8a80", "turn": "#8ab4ff", "start": "#8ab4ff"},
}
