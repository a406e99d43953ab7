"""`frontdesk events_seed_bench --events 100000 [--seed 1] [--batch-size 5000] [--append] [--remove]`

Fills the events service with realistic data for the panel's benchmark (bench/events_panel.py).
The eight categories come through `create_category`; the events, their addresses (`Route` rows
per site language, as `claim_routes` leaves them; `Alias` rows for a binned one, as
`release_routes` leaves them), their category links (`RelationLink` rows) and the version a
publish keeps (`Version`) are bulk-created in batches, one transaction each, with the values the
operations would have stored (an all-day event's whole days through the model's own
`whole_days`). The data (docs/events.md, "Seeding 100k events"): three years past and half a year ahead,
one in 5,000 undated (a date in words: 20 at 100k, fewer than a page, as on a site where a
few events have no date yet, so page 1 of Upcoming and of All holds both kinds), 15 % all day (a third of them several days), 5 % timed over
several days, 10 % with a start only; 70 % in one category and 15 % in two; 8 % drafts, 4 %
unpublished, 6 % published with edits waiting, 3 % in the bin; 30 % written in German too;
addresses `bench-<n>` (German ones `<title>-<n>`), so they are unique in every language. Leads
use a small vocabulary in which "pottery" is common (a title's topic, about 1 in 12) and
"zeppelin" rare (about 1 in 1,000).
"""

from __future__ import annotations

import random
import re
import time
from datetime import datetime, timedelta
from itertools import accumulate
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from rich.progress import Progress

from frontdesk.categories.models import Category
from frontdesk.categories.operations import create_category
from frontdesk.core.languages import default_language, site_language_codes
from frontdesk.events.models import CATEGORY_TARGET, CATEGORY_TYPE, Event, Format, whole_days
from frontdesk.events.queries import ROUTE_TYPE
from frontdesk.publishing.models import RelationLink, State, Version
from frontdesk.routes.claims import forget_routes
from frontdesk.routes.models import Alias, Route
from frontdesk.routes.registry import ROUTE_TYPES

SLUG = re.compile(r"^bench-(\d+)$")
PAST_DAYS, AHEAD_DAYS = 1095, 182  # three years kept, half a year ahead
# (slug, English name, German name, weight): some categories hold many more events than others.
CATEGORIES = [
    ("bench-courses", "Courses", "Kurse", 8),
    ("bench-workshops", "Workshops", "Werkstätten", 6),
    ("bench-talks", "Talks", "Vorträge", 5),
    ("bench-walks", "Walks", "Spaziergänge", 3),
    ("bench-webinars", "Webinars", "Webinare", 3),
    ("bench-family", "Family", "Familie", 2),
    ("bench-retreats", "Retreats", "Auszeiten", 1),
    ("bench-markets", "Markets", "Märkte", 1),
]
# fmt: off
TOPICS = [("pottery", "Töpfern"), ("yoga", "Yoga"), ("watercolour", "Aquarell"), ("bread baking", "Brotbacken"),
          ("photography", "Fotografie"), ("beekeeping", "Imkerei"), ("woodwork", "Holzarbeit"),
          ("herb", "Kräuter"), ("composting", "Kompost"), ("knitting", "Stricken"), ("tai chi", "Tai Chi"),
          ("choir singing", "Chorsingen")]
KINDS = [("workshop", "Workshop"), ("course", "Kurs"), ("talk", "Vortrag"), ("meetup", "Treffen"),
         ("webinar", "Webinar"), ("walk", "Spaziergang")]
WHEN_WORDS = [("morning", "am Morgen"), ("evening", "am Abend"), ("weekend", "am Wochenende"),
              ("beginners'", "für Anfänger"), ("advanced", "für Fortgeschrittene"), ("family", "für Familien")]
LEAD_WORDS = ["bring", "your", "friends", "and", "learn", "the", "basics", "with", "our", "team", "in", "a",
              "small", "group", "tea", "included", "garden", "studio", "tools", "provided", "all", "levels",
              "welcome", "hands", "on", "afternoon", "relaxed", "pace", "questions", "answered"]
VENUES = [("Clay studio", "Harbour street 4, Kiel"), ("Old farm", "Forest road 1, Plön"),
          ("Town hall", "Market square 1, Lübeck"), ("The Walled Garden", "12 Orchard Lane, Springfield"),
          ("Community centre", "Linden street 20, Hamburg"), ("Library hall", "Castle road 3, Schwerin")]
UNDATED_EVERY = 5_000  # event 1, 5,001, 10,001, ...: a date in words only
DATE_NOTES = [("Every Friday in spring", "Jeden Freitag im Frühling"), ("Dates to be announced", "Termine folgen"),
              ("On request", "Auf Anfrage"), ("Every first Sunday", "Jeden ersten Sonntag")]
# fmt: on


class Command(BaseCommand):
    help = "Fill the events service with realistic events for the panel's benchmark (bulk, in batches)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--events", type=int, default=100_000, help="Events to create (default 100000).")
        parser.add_argument("--seed", type=int, default=1, help="Seed of the random choices (default 1).")
        parser.add_argument("--batch-size", type=int, default=5000, help="Events per transaction.")
        parser.add_argument("--append", action="store_true", help="Add to a database that has events.")
        parser.add_argument(
            "--remove", action="store_true", help="Take out the events and categories this command made."
        )

    def handle(self, *args, events: int, seed: int, batch_size: int, append: bool, remove: bool,
               **options) -> None:  # fmt: skip
        if remove:
            removed = remove_seeded()
            self.stdout.write(f"Removed {removed:,} seeded events and their categories.")
            return
        if events < 0 or not 1 <= batch_size <= 50_000:
            raise CommandError("Give --events 0 or more and --batch-size between 1 and 50000.")
        if Event.all_objects.exists() and not append:
            raise CommandError("This database already has events (in the bin too); add --append to add more.")
        started = time.perf_counter()
        seeder = Seeder(random.Random(seed), seeded_categories(), first_number=next_number())
        rows = 0
        with Progress(disable=options["verbosity"] == 0, transient=True) as bar:
            task = bar.add_task("Seeding events", total=events)
            for start in range(0, events, batch_size):
                count = min(batch_size, events - start)
                rows += seeder.batch(count)
                bar.advance(task, count)
        took = time.perf_counter() - started
        self.stdout.write(
            f"Seeded {events:,} events in {len(seeder.categories)} categories ({rows:,} rows with addresses, "
            f"category links and versions) in {took:.1f} s: {events / max(took, 1e-9):,.0f} events/s."
        )


def seeded_categories() -> list[tuple[Category, int]]:
    """The eight categories (an earlier run's, or made now through create_category), with weights."""
    made = []
    for slug, english, german, weight in CATEGORIES:
        category = Category.objects.filter(type=CATEGORY_TYPE, slug__en=slug).first()
        if category is None:
            try:
                category = create_category(
                    CATEGORY_TYPE,
                    actor=None,
                    values={"name": {"en": english, "de": german}, "slug": {"en": slug}},
                )
            except ValidationError as refused:
                raise CommandError(f"The category {slug} cannot be made: {refused.messages[0]}") from None
        made.append((category, weight))
    return made


def next_number() -> int:
    """The number after the highest `bench-<n>` address an event holds (or held, in the bin)."""
    prefix = ROUTE_TYPES[ROUTE_TYPE].stored_prefix()
    paths = (
        Alias.objects.filter(type_name=ROUTE_TYPE, path__startswith=f"{prefix}bench-")
        .values_list("path", flat=True)
        .union(
            Route.all_objects.filter(type_name=ROUTE_TYPE, path__startswith=f"{prefix}bench-").values_list(
                "path", flat=True
            )
        )
    )
    numbers = [int(found.group(1)) for path in paths if (found := SLUG.match(path.removeprefix(prefix)))]
    return max(numbers, default=0) + 1


def seeded_ids() -> list[int]:
    """The events whose address in the default language is `bench-<n>`, in the bin too."""
    rows = Event.all_objects.filter(**{f"slug__{default_language()}__startswith": "bench-"})
    return [pk for pk, slug in rows.values_list("pk", "slug") if SLUG.match(slug.get(default_language(), ""))]


@transaction.atomic
def remove_seeded() -> int:
    """Delete the seeded events with every row they brought, then the seeded categories (their
    addresses too): nothing an editor made is touched."""
    ids = seeded_ids()
    kind = ContentType.objects.get_for_model(Event)
    for start in range(0, len(ids), 5000):
        chunk = ids[start : start + 5000]
        Route.all_objects.filter(type_name=ROUTE_TYPE, object_id__in=chunk).delete()
        Alias.objects.filter(type_name=ROUTE_TYPE, object_id__in=chunk).delete()
        RelationLink.objects.filter(holder_type=kind, holder_id__in=chunk).delete()
        Version.objects.filter(content_type=kind, object_id__in=chunk).delete()
        Event.all_objects.filter(pk__in=chunk)._raw_delete(Event.all_objects.db)
    slugs = [slug for slug, *_rest in CATEGORIES]
    for category in Category.all_objects.filter(type=CATEGORY_TYPE, slug__en__in=slugs):
        if not RelationLink.objects.filter(target=CATEGORY_TARGET, target_id=category.pk).exists():
            forget_routes(category)
            category.delete()
    return len(ids)


class Seeder:
    """Builds one batch of events at a time, numbered on from `first_number`."""

    def __init__(self, rng: random.Random, categories: list[tuple[Category, int]], *, first_number: int):
        self.rng = rng
        self.categories = [category.pk for category, _weight in categories]
        self.cum_weights = list(accumulate(weight for _category, weight in categories))
        self.number = first_number
        self.now = timezone.now()
        self.zone = timezone.get_default_timezone()
        self.languages = site_language_codes()
        self.route_type = ROUTE_TYPES[ROUTE_TYPE]
        self.kind = ContentType.objects.get_for_model(Event)

    def _dates(self, number: int) -> dict[str, Any]:
        """Start, end, all-day flag and date in words, spread over three years past and half a year
        ahead; event 1 and every 5,000th after it has a date in words only."""
        rng = self.rng
        if number % UNDATED_EVERY == 1:
            note = rng.choice(DATE_NOTES)
            return {
                "starts_at": None,
                "ends_at": None,
                "all_day": False,
                "date_note": {"en": note[0], "de": note[1]},
            }
        day = timezone.localtime(self.now, self.zone) + timedelta(days=rng.uniform(-PAST_DAYS, AHEAD_DAYS))
        pick = rng.random()
        if pick < 0.15:  # all day: one day, or two to five
            last = day + timedelta(days=0 if rng.random() < 0.66 else rng.randint(1, 4))
            first, through = whole_days(day, last)
            return {"starts_at": first, "ends_at": through, "all_day": True, "date_note": {}}
        starts = day.replace(
            hour=rng.randint(8, 20), minute=rng.choice([0, 15, 30, 45]), second=0, microsecond=0
        )
        if pick < 0.20:  # timed, over several days
            ends: datetime | None = starts + timedelta(days=rng.randint(1, 3), hours=rng.randint(0, 4))
        elif pick < 0.30:  # a start only
            ends = None
        else:
            ends = starts + timedelta(minutes=rng.choice([60, 90, 120, 180, 240]))
        return {"starts_at": starts, "ends_at": ends, "all_day": False, "date_note": {}}

    def _event(self, number: int) -> Event:
        rng = self.rng
        topic, kind, when = rng.choice(TOPICS), rng.choice(KINDS), rng.choice(WHEN_WORDS)
        german = rng.random() < 0.3
        title = {"en": f"{when[0].capitalize()} {topic[0]} {kind[0]}"}
        slug = {"en": f"bench-{number}"}
        words = rng.choices(LEAD_WORDS, k=rng.randint(8, 20))
        if rng.random() < 0.001:
            words.insert(rng.randrange(len(words)), "zeppelin")
        lead = {"en": (" ".join(words) + ".").capitalize()}
        description = {
            "en": f"<p>{lead['en']}</p><p>{title['en']}: {' '.join(rng.choices(LEAD_WORDS, k=30))}.</p>"
        }
        if german:
            title["de"] = f"{topic[1]}: {kind[1]} {when[1]}"
            slug["de"] = f"{slugify(title['de'])}-{number}"
            lead["de"] = f"{topic[1]} {when[1]}, in kleiner Gruppe."
            description["de"] = f"<p>{lead['de']}</p>"
        fmt = rng.choices([Format.IN_PERSON, Format.ONLINE, Format.BOTH], weights=[7, 2, 1])[0]
        venue, address = rng.choice(VENUES) if fmt != Format.ONLINE else ("", "")
        amount = rng.choice([None, 0, 10, 15, 25, 40, 120])
        dates = self._dates(number)
        if not german:
            dates["date_note"] = {key: text for key, text in dates["date_note"].items() if key == "en"}
        event = Event(
            title=title,
            slug=slug,
            lead=lead,
            description=description,
            price=(
                {"en": f"{amount} euros", **({"de": f"{amount} Euro"} if german else {})}
                if amount
                else {"en": "Free", **({"de": "Kostenlos"} if german else {})}
                if amount == 0
                else {}
            ),
            price_amount=amount,
            format=fmt,
            venue=venue,
            address=address,
            map_url="https://maps.example.org/" + slugify(venue) if venue else "",
            booking_url=f"https://tickets.example.org/{number}" if rng.random() < 0.7 else "",
            highlights=[
                {
                    "id": f"h{number}x{index}",
                    "heading": {"en": heading},
                    "line": {"en": "All materials included."},
                }
                for index, heading in enumerate(
                    rng.sample(["Small group", "Tools provided", "Tea"], rng.randint(0, 2))
                )
            ],
            **dates,
        )
        pick = rng.random()
        event.state = (
            State.DRAFT if pick < 0.08 else State.UNPUBLISHED if pick < 0.12 else State.CHANGED if pick < 0.18
            else State.PUBLISHED
        )  # fmt: skip
        event.revision = {State.DRAFT: 1, State.PUBLISHED: 2}.get(event.state, 3)
        if event.state == State.CHANGED:  # an edit waiting for Publish
            event.draft = {"title": {**title, "en": f"{title['en']} (new date soon)"}}
        if rng.random() < 0.03:
            event.deleted_at = self.now - timedelta(days=rng.uniform(0, 180))
        pick = rng.random()
        categories = rng.choices(self.categories, cum_weights=self.cum_weights, k=2)
        event.categories = (
            [] if pick < 0.15 else categories[:1] if pick < 0.85 or len(set(categories)) == 1 else categories
        )
        event.services = []
        return event

    def batch(self, count: int) -> int:
        """Create the next `count` events with their rows, in one transaction; answers rows written."""
        made = [self._event(self.number + index) for index in range(count)]
        self.number += count
        with transaction.atomic():
            before = Event.all_objects.order_by("-pk").values_list("pk", flat=True).first() or 0
            Event.all_objects.bulk_create(made)
            if made and made[0].pk is None:  # a database that cannot return ids from a bulk insert
                ids = Event.all_objects.filter(pk__gt=before).order_by("pk").values_list("pk", flat=True)
                for event, pk in zip(made, ids, strict=True):
                    event.pk = pk
            return len(made) + self._write_rows(made)

    def _write_rows(self, made: list[Event]) -> int:
        routes, aliases, links, versions = [], [], [], []
        for event in made:
            owner = {"type_name": ROUTE_TYPE, "object_id": event.pk}
            for language, path in self.route_type.paths_for(event).items():
                if event.deleted_at is None:
                    routes.append(Route(language=language, path=path, **owner))
                else:  # released: the address is free, and an alias to the event until restored
                    routes.append(Route(language=language, path=None, **owner))
                    aliases.append(Alias(language=language, path=path, **owner))
            links += [
                RelationLink(holder_type=self.kind, holder_id=event.pk, field="categories", target=CATEGORY_TARGET,
                             target_id=category, position=position)
                for position, category in enumerate(event.categories, start=1)
            ]  # fmt: skip
            if event.state != State.DRAFT:
                versions.append(
                    Version(
                        content_type=self.kind, object_id=event.pk, number=1, values=event.column_values()
                    )
                )
        Route.all_objects.bulk_create(routes, batch_size=5000)
        Alias.objects.bulk_create(aliases, batch_size=5000)
        RelationLink.objects.bulk_create(links, batch_size=5000)
        Version.objects.bulk_create(versions, batch_size=2000)
        return len(routes) + len(aliases) + len(links) + len(versions)
