"""Dark and light looks of the players' screen, and its type sizes: a projected screen
is read from across a room, so every text is large and every colour pair contrasts
strongly."""

from __future__ import annotations

from dataclasses import dataclass, field

# Sizes in pixels on a 1920×1080 screen; the board scales them to its own size.
REFERENCE_SIZE = (1920, 1080)
MIN_TEXT_PX = 24  # no text is smaller on a 1080p screen (rows shrink to this, no more)
TITLE_PX = 34  # encounter name
ROUND_PX = 56  # "Cycle 2"
CAPTION_PX = 28  # "NOW", "NEXT", "WAR SCROLL", ...
NOW_NAME_PX = 120  # whose turn it is (shrinks to fit a long name, never below 64)
NOW_NAME_MIN_PX = 64
NOW_DETAIL_PX = 60  # "Segment 1 · 7 AP" (shrinks to fit, never below 40)
NOW_DETAIL_MIN_PX = 40
LIST_NAME_PX = 38  # names in the list of turns to come
LIST_DETAIL_PX = 32
GRID_PX = 34  # names and numbers in a ruleset's grid (the War Scroll's)
EFFECT_PX = 34
EFFECT_DETAIL_PX = 28
TIMER_PX = 48  # "Turn 0:42 · Round 3:10" (the turn timer, when on)
UP_NEXT_PX = 40  # "Up next: Bren"


@dataclass(frozen=True)
class Theme:
    name: str
    background: str
    surface: str
    text: str
    muted: str
    accent: str  # the current turn's colour
    emphasis: str  # the round's colour: strong on the background
    border: str
    cells: dict[str, tuple[str, str]] = field(default_factory=dict)  # state → (bg, text)
    sides: dict[str, str] = field(default_factory=dict)


DARK = Theme(
    name="dark",
    background="#0d1117",
    surface="#1b222c",
    text="#f5f7fa",
    muted="#b4bfcc",
    accent="#ffd54a",
    emphasis="#ffd54a",
    border="#3a4452",
    cells={
        "current": ("#ffd54a", "#101010"),
        "pending": ("#2a3442", "#ffffff"),
        "played": ("#161c24", "#8b96a6"),
        "missed": ("#3a2024", "#f0a8a8"),
        "none": ("#0d1117", "#0d1117"),
    },
    sides={"party": "#5ea1ff", "ally": "#4fd68f", "enemy": "#ff6f61", "neutral": "#c0c0c0"},
)

LIGHT = Theme(
    name="light",
    background="#ffffff",
    surface="#eef1f5",
    text="#0b0f14",
    muted="#3d4756",
    accent="#ffc400",
    emphasis="#0b0f14",
    border="#b9c1cc",
    cells={
        "current": ("#ffc400", "#000000"),
        "pending": ("#d5e0ee", "#000000"),
        "played": ("#f0f2f5", "#5c6573"),
        "missed": ("#f6dcdc", "#8f2f2f"),
        "none": ("#ffffff", "#ffffff"),
    },
    sides={"party": "#1f5fc9", "ally": "#17804a", "enemy": "#c0271d", "neutral": "#5f5f5f"},
)

THEMES: dict[str, Theme] = {theme.name: theme for theme in (DARK, LIGHT)}


def theme_named(name: str) -> Theme:
    """The theme of that name; "system" is the GM's window's scheme, light or dark."""
    if name == "system":
        from tracker.qt.appearance import appearance

        return DARK if appearance().dark else LIGHT
    return THEMES.get(name, DARK)


def px(value: float, scale: float) -> int:
    """A reference size in pixels at this scale."""
    return max(1, round(value * scale))


def scale_for(width: int, height: int) -> float:
    """How much larger or smaller than the 1920×1080 reference a board is drawn."""
    factor = min(width / REFERENCE_SIZE[0], height / REFERENCE_SIZE[1])
    return min(3.0, max(0.45, factor))


def stylesheet(theme: Theme, scale: float = 1.0) -> str:
    """The players' window's style sheet (delegates paint cells and rows themselves)."""
    t = theme
    s = scale
    return f"""
        QWidget#players_board {{ background: {t.background}; color: {t.text}; }}
        QLabel {{ color: {t.text}; background: transparent; }}
        QLabel#players_title {{ font-size: {px(TITLE_PX, s)}px; font-weight: 600; }}
        QLabel#players_round {{
            font-size: {px(ROUND_PX, s)}px; font-weight: 800; color: {t.emphasis};
        }}
        QLabel#players_timer {{
            font-size: {px(TIMER_PX, s)}px; font-weight: 700; color: {t.text};
        }}
        QLabel#players_up_next {{
            font-size: {px(UP_NEXT_PX, s)}px; font-weight: 700; color: {t.text};
        }}
        QLabel[caption="true"] {{
            font-size: {px(CAPTION_PX, s)}px; font-weight: 700; color: {t.muted};
            letter-spacing: {px(3, s)}px;
        }}
        QFrame#now_panel {{ background: {t.surface}; border: none; }}
        QFrame#now_stripe {{ background: {t.accent}; border: none; }}
        QLabel#now_name {{ font-weight: 800; color: {t.text}; }}
        QLabel#now_detail {{ font-weight: 600; color: {t.text}; }}
        QLabel#players_empty {{ font-size: {px(EFFECT_DETAIL_PX, s)}px; color: {t.muted}; }}
        QListView, QTableView {{
            background: {t.background}; color: {t.text}; border: none;
            gridline-color: {t.background}; selection-background-color: transparent;
        }}
        QHeaderView {{ background: {t.background}; border: none; }}
        QHeaderView::section {{
            background: {t.background}; color: {t.text}; border: none;
            font-size: {px(GRID_PX, s)}px; font-weight: 700; padding: {px(2, s)}px {px(14, s)}px;
        }}
        QHeaderView::section:horizontal {{ color: {t.muted}; }}
        QTableCornerButton::section {{ background: {t.background}; border: none; }}
    """
