"""The content both sides of bench/events.py serve: one event written once, so the frontdesk event
page and the Wagtail page carry the same title, text, pictures and facts.

Plain Python only: the Wagtail side imports it in its own virtual environment, without frontdesk.
"""

from __future__ import annotations

import io
from datetime import datetime, timedelta

TITLE = "An evening of tea and talk"
SLUG = "tea-and-talk"
LEAD = "Three guests, one long table and a pot of tea: an evening about the neighbourhood."
# Rich text as both editors store it: paragraphs, a list and a link.
BODY = (
    "<p>Once a month we set one long table in the hall and invite three people from the "
    "neighbourhood to talk about their work: a baker, a bookseller and the woman who runs the "
    "repair café. Each speaks for ten minutes, then everybody talks.</p>"
    "<p>Tea, bread and cake are on the house. Bring a cup of your own if you can; we wash fewer "
    "and have more time for the conversation.</p>"
    "<ul><li>Doors open half an hour before the start</li><li>Step-free entrance from the yard</li>"
    "<li>Children welcome</li></ul>"
    '<p>Questions before the evening? <a href="https://example.org/contact">Write to us</a>; we '
    "answer within two working days.</p>"
)
VENUE = "Community hall"
ADDRESS = "12 Market Street, 04109 Leipzig"
PRICE_WORDS = "12 EUR, reduced 8 EUR"
PRICE_AMOUNT = "12.00"
BOOKING_URL = "https://example.org/book/tea-and-talk"
PHOTO_COUNT = 3
PHOTO_SIZE = (1600, 1000)
PHOTO_COLOURS = [(180, 90, 60), (60, 120, 170), (90, 150, 80)]


def starts_and_ends(now: datetime) -> tuple[datetime, datetime]:
    """A week after `now` at 18:00 until 20:30: an event to come, with hours."""
    day = (now + timedelta(days=7)).replace(hour=18, minute=0, second=0, microsecond=0)
    return day, day + timedelta(hours=2, minutes=30)


def photo(number: int) -> bytes:
    """A JPEG of PHOTO_SIZE made with Pillow: a gradient, so it compresses as a photo would not
    quite but sizes are made from real pixels."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", PHOTO_SIZE, PHOTO_COLOURS[number % len(PHOTO_COLOURS)])
    draw = ImageDraw.Draw(image)
    for x in range(0, PHOTO_SIZE[0], 40):
        draw.line([(x, 0), (PHOTO_SIZE[0] - x, PHOTO_SIZE[1])], fill=(x % 256, 200, 255 - x % 256), width=9)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85)
    return out.getvalue()
