"""Demo content: three event categories and six events in English, German and Russian, with
photos of the picture library and highlights, dated from the moment of seeding: one a week
ahead with hours and a price, one of three whole days in two categories, one online and free,
one without a date, one a month past, one draft (docs/events.md, "Demo").

Everything is made through the operations (events/operations.py, categories/operations.py,
pictures/operations.py) and marked by the host's demo marks (core/demo.py), so `frontdesk demo
--remove` deletes exactly those rows, edited or renamed since, and nothing an editor made.
"""

from __future__ import annotations

import io
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.utils import timezone
from PIL import Image, ImageDraw

from frontdesk.categories.models import Category
from frontdesk.categories.operations import create_category
from frontdesk.core.demo import DemoPage, forget_made, made_by_demo, mark_made
from frontdesk.core.errors import InUse
from frontdesk.events.models import CATEGORY_TYPE, Event
from frontdesk.events.operations import create_event, publish_event
from frontdesk.events.site import index_path
from frontdesk.pictures.models import Picture
from frontdesk.pictures.operations import create_picture, purge_picture
from frontdesk.routes.claims import forget_routes

DEMO = "events"  # the name of its marks (core/demo.py)

CATEGORIES: dict[str, dict[str, Any]] = {
    "courses": {"name": {"en": "Courses", "de": "Kurse", "ru": "Курсы"},
                "slug": {"en": "courses", "de": "kurse", "ru": "kursy"},
                "introduction": {"en": "<p>Hands-on mornings in the garden, in small groups.</p>",
                                 "de": "<p>Vormittage im Garten zum Mitmachen, in kleinen Gruppen.</p>",
                                 "ru": "<p>Практические занятия в саду, в небольших группах.</p>"}},
    "talks": {"name": {"en": "Talks", "de": "Vorträge", "ru": "Лекции"},
              "slug": {"en": "talks", "de": "vortraege", "ru": "lekcii"},
              "introduction": {"en": "<p>An hour of listening and asking, on site or online.</p>",
                               "de": "<p>Eine Stunde Zuhören und Fragen, vor Ort oder online.</p>",
                               "ru": "<p>Час вопросов и ответов, на месте или онлайн.</p>"}},
    "retreats": {"name": {"en": "Retreats", "de": "Auszeiten", "ru": "Ретриты"},
                 "slug": {"en": "retreats", "de": "auszeiten", "ru": "retrity"},
                 "introduction": {"en": "<p>Several days away, with meals and a place to sleep.</p>",
                                  "de": "<p>Mehrere Tage weg, mit Essen und Unterkunft.</p>",
                                  "ru": "<p>Несколько дней на природе, с питанием и ночлегом.</p>"}},
}  # fmt: skip

# Key -> colours (sky, ground) and its alt text: drawn here, so the demo needs no file.
PHOTOS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], dict[str, str]]] = {
    "orchard": ((186, 214, 235), (88, 140, 64),
                {"en": "Apple trees in an orchard", "de": "Apfelbäume in einer Streuobstwiese",
                 "ru": "Яблони в саду"}),
    "beds": ((230, 214, 180), (122, 94, 60),
             {"en": "Raised beds with seedlings", "de": "Hochbeete mit Setzlingen", "ru": "Грядки с рассадой"}),
    "meadow": ((205, 225, 240), (150, 180, 80),
               {"en": "A meadow in flower", "de": "Eine blühende Wiese", "ru": "Цветущий луг"}),
}  # fmt: skip

HIGHLIGHTS = [
    {"heading": {"en": "Tools provided", "de": "Werkzeug gestellt", "ru": "Инструменты выдаём"},
     "line": {"en": "Bring gloves; we bring shears and saws.",
              "de": "Bringen Sie Handschuhe mit; Scheren und Sägen haben wir.",
              "ru": "Возьмите перчатки, секаторы и пилы у нас."}},
    {"heading": {"en": "Small group", "de": "Kleine Gruppe", "ru": "Небольшая группа"},
     "line": {"en": "At most twelve people.", "de": "Höchstens zwölf Personen.", "ru": "Не больше двенадцати человек."}},
]  # fmt: skip

INDEX_TITLE = {"en": "Events", "de": "Veranstaltungen", "ru": "События"}
GARDEN = {"venue": "The Walled Garden", "address": "12 Orchard Lane, Springfield"}


def _at(now: datetime, days: int, hour: int, minute: int = 0) -> datetime:
    """`days` from the day of `now`, at `hour`:`minute`, in the application's zone."""
    return (now + timedelta(days=days)).replace(hour=hour, minute=minute, second=0, microsecond=0)


def _events(now: datetime) -> dict[str, dict[str, Any]]:
    """The demo's events by key, dated from `now` (the application's zone); `publish` False keeps
    the draft."""
    return {
        "pruning": {
            "title": {"en": "Pruning fruit trees", "de": "Obstbaumschnitt", "ru": "Обрезка плодовых деревьев"},
            "slug": {"en": "pruning-fruit-trees", "de": "obstbaumschnitt", "ru": "obrezka-plodovyh-derevev"},
            "lead": {"en": "A morning among the apple trees: where to cut, and why.",
                     "de": "Ein Vormittag unter Apfelbäumen: wo man schneidet, und warum.",
                     "ru": "Утро среди яблонь: где резать и почему."},
            "description": {"en": "<p>We prune three old trees together and plan the next years.</p>",
                            "de": "<p>Wir schneiden gemeinsam drei alte Bäume und planen die nächsten Jahre.</p>",
                            "ru": "<p>Вместе обрезаем три старых дерева и планируем следующие годы.</p>"},
            "starts_at": _at(now, 7, 10), "ends_at": _at(now, 7, 13),
            "format": "in-person", **GARDEN, "map_url": "https://www.openstreetmap.org/",
            "price": {"en": "35 euros", "de": "35 Euro", "ru": "35 евро"}, "price_amount": "35",
            "booking_url": "https://example.org/book/pruning",
            "photos": ["orchard", "beds"], "highlights": HIGHLIGHTS, "categories": ["courses"],
        },
        "design-days": {
            "title": {"en": "Three days of garden design", "de": "Drei Tage Gartenplanung",
                      "ru": "Три дня ландшафтного дизайна"},
            "slug": {"en": "three-days-of-garden-design", "de": "drei-tage-gartenplanung",
                     "ru": "tri-dnya-dizajna"},
            "lead": {"en": "From the survey to the planting plan, with meals in the garden.",
                     "de": "Von der Bestandsaufnahme bis zum Pflanzplan, mit Essen im Garten.",
                     "ru": "От обмеров до плана посадок, с обедами в саду."},
            "all_day": True, "starts_at": _at(now, 21, 0), "ends_at": _at(now, 23, 0),
            "format": "in-person", **GARDEN,
            "price": {"en": "240 euros, meals included", "de": "240 Euro mit Verpflegung",
                      "ru": "240 евро с питанием"}, "price_amount": "240",
            "booking_url": "https://example.org/book/design-days",
            "photos": ["meadow", "beds"], "highlights": HIGHLIGHTS[1:], "categories": ["courses", "retreats"],
        },
        "balcony": {
            "title": {"en": "Online: a garden on the balcony", "de": "Online: Ein Garten auf dem Balkon",
                      "ru": "Онлайн: сад на балконе"},
            "slug": {"en": "a-garden-on-the-balcony", "de": "ein-garten-auf-dem-balkon", "ru": "sad-na-balkone"},
            "lead": {"en": "Pots, soil and light: an hour of questions from home.",
                     "de": "Töpfe, Erde und Licht: eine Stunde Fragen von zu Hause.",
                     "ru": "Горшки, земля и свет: час вопросов из дома."},
            "starts_at": _at(now, 10, 19), "ends_at": _at(now, 10, 20),
            "format": "online", "price": {"en": "Free", "de": "Kostenlos", "ru": "Бесплатно"}, "price_amount": "0",
            "booking_url": "https://example.org/book/balcony",
            "photos": ["beds"], "categories": ["talks"],
        },
        "open-garden": {
            "title": {"en": "Open garden", "de": "Offener Garten", "ru": "Открытый сад"},
            "slug": {"en": "open-garden", "de": "offener-garten", "ru": "otkrytyj-sad"},
            "lead": {"en": "Walk in, look around, ask the gardeners.",
                     "de": "Hereinkommen, umsehen, die Gärtner fragen.",
                     "ru": "Заходите, смотрите, спрашивайте садовников."},
            "date_note": {"en": "Every first Saturday, spring to autumn",
                          "de": "Jeden ersten Samstag, von Frühling bis Herbst",
                          "ru": "Каждую первую субботу, с весны до осени"},
            "format": "in-person", **GARDEN, "price": {"en": "Free", "de": "Kostenlos", "ru": "Бесплатно"},
            "photos": ["meadow"], "categories": ["talks"],
        },
        "seed-swap": {
            "title": {"en": "Seed swap", "de": "Saatgut-Tausch", "ru": "Обмен семенами"},
            "slug": {"en": "seed-swap", "de": "saatgut-tausch", "ru": "obmen-semenami"},
            "lead": {"en": "Bring the seeds you saved, take home others.",
                     "de": "Bringen Sie eigenes Saatgut mit, nehmen Sie anderes mit nach Hause.",
                     "ru": "Принесите свои семена, унесите другие."},
            "starts_at": _at(now, -30, 14), "ends_at": _at(now, -30, 17),
            "format": "both", **GARDEN, "price": {"en": "Free", "de": "Kostenlos", "ru": "Бесплатно"},
            "photos": ["beds"], "categories": ["talks"],
        },
        "winter-walk": {
            "title": {"en": "Winter tree walk", "de": "Winterlicher Baumspaziergang",
                      "ru": "Зимняя прогулка по деревьям"},
            "slug": {"en": "winter-tree-walk", "de": "winterlicher-baumspaziergang", "ru": "zimnyaya-progulka"},
            "lead": {"en": "Telling trees apart by their bark and buds.",
                     "de": "Bäume an Rinde und Knospen erkennen.",
                     "ru": "Учимся узнавать деревья по коре и почкам."},
            "starts_at": _at(now, 60, 11), "ends_at": _at(now, 60, 13),
            "format": "in-person", **GARDEN, "photos": ["orchard"], "categories": ["courses"],
            "publish": False,
        },
    }  # fmt: skip


def _drawn(key: str) -> SimpleUploadedFile:
    """A landscape of two colours with a sun, small enough to keep the demo fast."""
    sky, ground, _alt = PHOTOS[key]
    image = Image.new("RGB", (960, 640), sky)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 400, 960, 640), fill=ground)
    draw.ellipse((720, 80, 840, 200), fill=(250, 220, 120))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80)
    return SimpleUploadedFile(f"demo-{key}.jpg", out.getvalue(), content_type="image/jpeg")


def _pictures() -> dict[str, str]:
    """{demo key: picture key}, the missing ones drawn and added to the library."""
    made = made_by_demo(Picture, demo=DEMO)
    for key, (_sky, _ground, alt) in PHOTOS.items():
        if key not in made:
            made[key] = create_picture(
                actor=None, values={"file": _drawn(key), "name": f"Demo: {alt['en']}", "alt": alt}
            )
            mark_made(made[key], demo=DEMO, key=key)
    return {key: picture.key for key, picture in made.items()}


def _categories() -> tuple[dict[str, int], list[str]]:
    """{demo key: category id} and the keys left out because a category of the site holds the
    address."""
    made = made_by_demo(Category, demo=DEMO)
    taken = []
    for key, values in CATEGORIES.items():
        if key in made:
            continue
        try:
            made[key] = create_category(CATEGORY_TYPE, actor=None, values=values)
        except ValidationError:
            taken.append(key)
            continue
        mark_made(made[key], demo=DEMO, key=key)
    return {key: category.pk for key, category in made.items()}, taken


def seed() -> str:
    """Whatever of the demo is missing, dated from now; what is there already stays as it is."""
    with transaction.atomic():
        made = made_by_demo(Event, demo=DEMO)
        pictures = _pictures()
        categories, taken = _categories()
        created = 0
        for key, values in _events(timezone.localtime()).items():
            if key in made:
                continue
            publish = values.pop("publish", True)
            values["photos"] = [pictures[photo] for photo in values.get("photos", [])]
            values["categories"] = [categories[name] for name in values["categories"] if name in categories]
            try:
                event = create_event(actor=None, values=values)
            except ValidationError:  # a page or an event of the site holds the address
                taken.append(key)
                continue
            mark_made(event, demo=DEMO, key=key)
            if publish:
                publish_event(event, actor=None)
            created += 1
    note = f"; left out, their address is taken: {', '.join(taken)}" if taken else ""
    return f"{created} demo events created ({len(made)} already there){note}"


def remove() -> str:
    """The demo's events, categories and pictures, whatever an editor made of them since; a
    demo picture an editor placed elsewhere stays, as theirs now."""
    with transaction.atomic():
        events = made_by_demo(Event, demo=DEMO).values()
        categories = made_by_demo(Category, demo=DEMO).values()
        for row in [*events, *categories]:
            forget_routes(row)
            row.delete()  # its log lines stay, naming what was removed
        kept = 0
        for picture in made_by_demo(Picture, demo=DEMO).values():
            try:
                purge_picture(picture, actor=None)
            except InUse:
                kept += 1
        forget_made(demo=DEMO)
    note = f"; {kept} demo {'picture' if kept == 1 else 'pictures'} kept, used elsewhere" if kept else ""
    return f"{len(events)} demo events, {len(categories)} demo categories removed{note}"


def pages() -> list[DemoPage]:
    """The events' index for the site's home page, while it is on and the demo's events are there."""
    if not index_path() or not made_by_demo(Event, demo=DEMO):
        return []
    return [DemoPage(title=INDEX_TITLE, url_name="events:index")]
