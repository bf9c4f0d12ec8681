"""The demo's photos: illustrations drawn here with Pillow, one per kind of listing, city and (for
transport) mode — a sky in the city's colours, its skyline, and the kind's own figure. Nothing is
downloaded or copied in: the pictures are this module's own work (docs/decisions/0091-photos.md).
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable

from PIL import Image, ImageDraw

WIDTH, HEIGHT = 1280, 960
HORIZON = 620

# Sky (top, bottom) and ground per city: dawn over the Tagus, a grey-blue Manhattan, …
PALETTES: dict[str, tuple[str, str, str]] = {
    "Lisbon": ("#f6c38b", "#f4e3c1", "#c9a27a"),
    "Porto": ("#9cc3e6", "#f2e6d0", "#8c6a4f"),
    "Barcelona": ("#ffb36b", "#ffe0a3", "#d9a066"),
    "New York": ("#8aa4c8", "#dfe7f1", "#6d7480"),
    "Kyoto": ("#f2a7b8", "#fbe3e8", "#7d8f69"),
    "Tokyo": ("#5b6fb3", "#f1b6a8", "#555d6e"),
    "Reykjavik": ("#8fd3d1", "#e8f6f4", "#5f6f73"),
    "Cape Town": ("#ffcf7a", "#fff1c9", "#a88655"),
}
_DEFAULT = ("#a7c7e7", "#f0f4f8", "#8a8f7a")
INK = "#2f3640"
LIGHT = "#fffaf0"


def illustration(kind: str, city: str, mode: str | None = None) -> bytes:
    """A PNG of a listing of `kind` in `city` (a trip by `mode`): the same picture each time."""
    top, bottom, ground = PALETTES.get(city, _DEFAULT)
    image = Image.new("RGB", (WIDTH, HEIGHT), top)
    draw = ImageDraw.Draw(image)
    _sky(draw, top, bottom)
    rng = random.Random(f"{kind}-{city}-{mode}")
    _skyline(draw, rng, ground)
    draw.rectangle((0, HORIZON, WIDTH, HEIGHT), fill=ground)
    _FIGURES.get(kind, _stay)(draw, rng, mode)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def _mix(a: str, b: str, t: float) -> tuple[int, int, int]:
    ra, ga, ba = (int(a[i : i + 2], 16) for i in (1, 3, 5))
    rb, gb, bb = (int(b[i : i + 2], 16) for i in (1, 3, 5))
    return (round(ra + (rb - ra) * t), round(ga + (gb - ga) * t), round(ba + (bb - ba) * t))


def _sky(draw: ImageDraw.ImageDraw, top: str, bottom: str) -> None:
    for y in range(HORIZON):
        draw.line((0, y, WIDTH, y), fill=_mix(top, bottom, y / HORIZON))
    draw.ellipse((980, 110, 1120, 250), fill="#fff4d6")  # the sun


def _skyline(draw: ImageDraw.ImageDraw, rng: random.Random, ground: str) -> None:
    x, shade = 0, _mix(ground, "#ffffff", 0.35)
    while x < WIDTH:
        width, height = rng.randint(50, 130), rng.randint(90, 300)
        draw.rectangle((x, HORIZON - height, x + width, HORIZON), fill=shade)
        x += width + rng.randint(0, 30)


def _stay(draw: ImageDraw.ImageDraw, rng: random.Random, _: str | None) -> None:
    """A house with a lit window and a door."""
    draw.rectangle((430, 420, 850, 780), fill=LIGHT, outline=INK, width=6)
    draw.polygon(((400, 430), (640, 250), (880, 430)), fill="#c0504d", outline=INK)
    for left in (480, 700):
        draw.rectangle((left, 480, left + 100, 580), fill="#ffd966", outline=INK, width=5)
    draw.rectangle((590, 640, 690, 780), fill="#8b5a2b", outline=INK, width=5)
    del rng


def _tour(draw: ImageDraw.ImageDraw, rng: random.Random, _: str | None) -> None:
    """A guide's flag over walkers on a path."""
    draw.line((560, 780, 720, 640), fill="#e8d5b0", width=60)
    draw.line((640, 360, 640, 620), fill=INK, width=8)
    draw.polygon(((644, 360), (780, 400), (644, 440)), fill="#e15759")
    for n in range(4):
        x = 520 + n * 70 + rng.randint(-10, 10)
        draw.ellipse((x, 640, x + 40, 680), fill=INK)
        draw.rectangle((x + 8, 680, x + 32, 760), fill=INK)


def _activity(draw: ImageDraw.ImageDraw, rng: random.Random, _: str | None) -> None:
    """Waves and a board."""
    for row in range(5):
        y = 660 + row * 55
        for x in range(-40, WIDTH, 120):
            draw.arc((x, y, x + 120, y + 60), 180, 360, fill="#2e86c1", width=8)
    draw.ellipse((420, 560, 860, 640), fill="#f39c12", outline=INK, width=6)
    del rng


def _event(draw: ImageDraw.ImageDraw, rng: random.Random, _: str | None) -> None:
    """A stage under spotlights, and the crowd before it."""
    draw.rectangle((300, 480, 980, 700), fill="#4a235a", outline=INK, width=6)
    for x in (420, 640, 860):
        draw.ellipse((x - 24, 450, x + 24, 498), fill="#fff3b0", outline=INK, width=3)
        draw.polygon(((x - 10, 498), (x - 90, 700), (x + 90, 700), (x + 10, 498)), fill="#8e5ea2")
    for n in range(22):
        x = 40 + n * 56 + rng.randint(-8, 8)
        y = 760 + rng.randint(-20, 20)
        draw.ellipse((x, y, x + 46, y + 46), fill=INK)
        draw.rectangle((x + 4, y + 40, x + 42, HEIGHT), fill=INK)


def _trip(draw: ImageDraw.ImageDraw, rng: random.Random, mode: str | None) -> None:
    """The vehicle of the trip's mode."""
    if mode == "FLIGHT":
        draw.polygon(((360, 330), (920, 300), (960, 330), (920, 360)), fill=LIGHT, outline=INK)
        draw.polygon(((640, 320), (560, 200), (610, 200), (720, 320)), fill="#5d6d7e")
        draw.polygon(((640, 345), (560, 460), (610, 460), (720, 345)), fill="#5d6d7e")
    elif mode == "FERRY":
        draw.polygon(((360, 640), (920, 640), (860, 740), (420, 740)), fill="#1f618d", outline=INK)
        draw.rectangle((480, 540, 800, 640), fill=LIGHT, outline=INK, width=5)
        for x in range(-40, WIDTH, 120):
            draw.arc((x, 730, x + 120, 790), 180, 360, fill="#2e86c1", width=8)
    else:  # TRAIN, BUS, CAR: a long or short body on wheels
        length = {"TRAIN": 760, "BUS": 480, "CAR": 300}.get(mode or "", 480)
        left = (WIDTH - length) // 2
        colour = {"TRAIN": "#c0392b", "BUS": "#27ae60", "CAR": "#2874a6"}.get(mode or "", "#27ae60")
        draw.rounded_rectangle(
            (left, 560, left + length, 720), 30, fill=colour, outline=INK, width=6
        )
        for x in range(left + 30, left + length - 60, 90):
            draw.rectangle((x, 590, x + 60, 640), fill="#d6eaf8", outline=INK, width=4)
        for x in (left + 60, left + length - 120):
            draw.ellipse((x, 690, x + 70, 760), fill=INK)
    del rng


_FIGURES: dict[str, Callable[[ImageDraw.ImageDraw, random.Random, str | None], None]] = {
    "PROPERTY": _stay,
    "TOUR": _tour,
    "ACTIVITY": _activity,
    "EVENT": _event,
    "TRIP": _trip,
}

WORDS = {
    "PROPERTY": "a house with lit windows",
    "TOUR": "a guide's flag leading walkers",
    "ACTIVITY": "waves and a board",
    "EVENT": "a stage under spotlights",
    "TRIP": "the vehicle of the journey",
}


def alt_text(kind: str, city: str, mode: str | None = None) -> str:
    """What the illustration shows, for those who cannot see it."""
    vehicle = {
        "FLIGHT": "a plane",
        "FERRY": "a ferry",
        "TRAIN": "a train",
        "BUS": "a coach",
        "CAR": "a car",
    }
    what = vehicle.get(mode or "", WORDS[kind]) if kind == "TRIP" else WORDS[kind]
    return f"Illustration: {what} against the sky of {city}"
