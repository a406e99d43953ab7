"""Demo content: a contact form and an event-enquiry form with several field types, each on a public page.

The forms the demo made are marked by the host's demo marks (core/demo.py, `mark_made`, under
their slug as the demo wrote it), so `frontdesk demo --remove` deletes those forms with their
submissions and never a site's own form, even one called `contact`; a slug a site's form holds
leaves that demo form out."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from frontdesk.core.demo import DemoPage, forget_made, made_by_demo, mark_made
from frontdesk.inbox.models import Form, Status, Submission
from frontdesk.inbox.operations import (
    accept_submission,
    create_form,
    mark_read,
    purge_submission,
    update_form,
    update_submission,
)

CONTACT: dict[str, Any] = {
    "slug": "contact",
    "title": {"en": "Contact us", "de": "Kontakt", "ru": "Связаться с нами"},
    "email_field_name": "email",
    "options": {"recipients": {"accounts": [], "addresses": ["office@example.com"]}},
}
CONTACT_FIELDS: list[dict[str, Any]] = [
    {"machine_name": "name", "type": "text", "required": True, "in_table": True, "full_width": False,
     "label": {"en": "Your name", "de": "Ihr Name", "ru": "Ваше имя"}, "max_length": 120},
    {"machine_name": "email", "type": "email", "required": True, "in_table": True, "full_width": False,
     "label": {"en": "E-mail address", "de": "E-Mail-Adresse", "ru": "Адрес эл. почты"}},
    {"machine_name": "phone", "type": "tel", "full_width": False,
     "label": {"en": "Telephone", "de": "Telefon", "ru": "Телефон"}},
    {"machine_name": "topic", "type": "select", "in_table": True, "full_width": False,
     "label": {"en": "Topic", "de": "Thema", "ru": "Тема"},
     "choices": [
         {"value": "question", "label": {"en": "A question", "de": "Eine Frage", "ru": "Вопрос"}},
         {"value": "quote", "label": {"en": "A quote", "de": "Ein Angebot", "ru": "Расчёт стоимости"}},
     ]},
    {"machine_name": "message", "type": "textarea", "required": True, "min_length": 10,
     "label": {"en": "Message", "de": "Nachricht", "ru": "Сообщение"}},
    {"machine_name": "consent", "type": "consent", "required": True,
     "label": {"en": "You may store my message to answer it.",
               "de": "Sie dürfen meine Nachricht speichern, um sie zu beantworten.",
               "ru": "Я согласен(на) на хранение сообщения для ответа."}},
]  # fmt: skip
ENQUIRY: dict[str, Any] = {
    "slug": "event-enquiry",
    "title": {
        "en": "Ask about an event",
        "de": "Anfrage zu einer Veranstaltung",
        "ru": "Вопрос о мероприятии",
    },
    "email_field_name": "email",
    "options": {"recipients": {"accounts": [], "addresses": ["events@example.com"]}},
}
ENQUIRY_FIELDS: list[dict[str, Any]] = [
    {"machine_name": "name", "type": "text", "required": True, "in_table": True,
     "label": {"en": "Your name", "de": "Ihr Name", "ru": "Ваше имя"}},
    {"machine_name": "email", "type": "email", "required": True, "in_table": True,
     "label": {"en": "E-mail address", "de": "E-Mail-Adresse", "ru": "Адрес эл. почты"}},
    {"machine_name": "date", "type": "date", "in_table": True,
     "label": {"en": "Preferred date", "de": "Wunschtermin", "ru": "Желаемая дата"}},
    {"machine_name": "format", "type": "radio", "required": True,
     "label": {"en": "Format", "de": "Format", "ru": "Формат"},
     "choices": [
         {"value": "onsite", "label": {"en": "On site", "de": "Vor Ort", "ru": "Очно"}},
         {"value": "online", "label": {"en": "Online", "de": "Online", "ru": "Онлайн"}},
     ]},
    {"machine_name": "interests", "type": "checkbox",
     "label": {"en": "Interested in", "de": "Interessiert an", "ru": "Интересует"},
     "choices": [
         {"value": "workshop", "label": {"en": "Workshops", "de": "Workshops", "ru": "Мастер-классы"}},
         {"value": "webinar", "label": {"en": "Webinars", "de": "Webinare", "ru": "Вебинары"}},
     ]},
    {"machine_name": "event", "type": "hidden", "label": {"en": "Event"}},
]  # fmt: skip
DEMO_FORMS = ((CONTACT, CONTACT_FIELDS), (ENQUIRY, ENQUIRY_FIELDS))
DEMO = "inbox"  # the name of its marks (core/demo.py)


PEOPLE = [
    ("Ada Lovelace", "ada@example.org", "en"), ("Grace Hopper", "grace@example.org", "en"),
    ("Emmy Noether", "emmy@example.de", "de"), ("Lise Meitner", "lise@example.de", "de"),
    ("Sofia Kovalevskaya", "sofia@example.ru", "ru"), ("Alan Turing", "alan@example.org", "en"),
    ("Konrad Zuse", "konrad@example.de", "de"), ("Katherine Johnson", "katherine@example.org", "en"),
]  # fmt: skip
MESSAGES = [
    "Could you send me an offer for a new kitchen?",
    "Do you also work on Saturdays? I can only meet at weekends.",
    "We would like a quote for twelve office desks.",
    "My order has not arrived yet; could you check, please?",
    "Is the workshop suitable for beginners?",
    "Please call me back about the renovation next month.",
]
# (status flag or label, read) per demo submission, newest first.
HANDLING = [
    "arrival",
    "arrival",
    "arrival",
    "progress",
    "arrival",
    "closed",
    "spam",
    "progress",
    "closed",
    "arrival",
]


def _status(kind: str) -> Status | None:
    if kind == "arrival":
        return Status.objects.filter(is_arrival=True).first()
    if kind == "spam":
        return Status.objects.filter(is_spam=True).first()
    if kind == "closed":
        return Status.objects.filter(is_closed=True, is_spam=False).first()
    return Status.objects.filter(is_arrival=False, is_spam=False, is_closed=False).first()


def _submissions(form: Form) -> None:
    """A few days of submissions in several states, so the explorer has something to show."""
    now = timezone.now()
    for index, kind in enumerate(HANDLING):
        name, email, language = PEOPLE[index % len(PEOPLE)]
        answers = {"name": name, "email": email, "message": MESSAGES[index % len(MESSAGES)],
                   "topic": "quote" if index % 3 else "question", "consent": "on"}  # fmt: skip
        submission, _created = accept_submission(
            form,
            answers,
            language=language,
            meta={"ip": f"203.0.113.{10 + index}", "user_agent": "Mozilla/5.0 (demo)"},
        )
        Submission.objects.filter(pk=submission.pk).update(created_at=now - timedelta(hours=7 * index + 1))
        if kind != "arrival":
            update_submission(submission, actor=None, values={"status": _status(kind)})
            mark_read(submission, actor=None)


def made_forms() -> dict[str, Form]:
    """{the demo's slug: form} of the forms the demo made that are still there (whatever their
    slug is now)."""
    return made_by_demo(Form, demo=DEMO)


def demo_blocks(language: str) -> dict[str, list[dict[str, Any]]]:
    """What the inbox offers the pages demo (registered from apps.py when pages are installed):
    the demo's own contact form, never a site's form that happens to be called `contact`, as a
    form block (the block system's `inbox-form`, blocks/inbox_form.py) on the demo contact page."""
    form = made_forms().get("contact")
    return {"contact": [{"type": "inbox-form", "values": {"form": form.pk}}]} if form else {}


def seed() -> str:
    made = made_forms()
    created, taken = 0, []
    for values, fields in DEMO_FORMS:
        key = values["slug"]
        if key in made:
            continue
        if Form.objects.filter(slug=key).exists():  # a site's own form: it stays, the demo's is left out
            taken.append(key)
            continue
        # Recipients come last, so the demo's own submissions send no mail.
        form = create_form(actor=None, values={**values, "options": {}}, fields=fields)
        mark_made(form, demo=DEMO, key=key)
        if values is CONTACT:
            _submissions(form)
        update_form(form, actor=None, values={"options": values["options"]})
        created += 1
    note = f"; left out, their slug is taken: {', '.join(taken)}" if taken else ""
    return f"{created} demo forms created ({len(made)} already there){note}"


def remove() -> str:
    made = made_forms()
    for form in made.values():
        for submission in Submission.objects.filter(form=form):
            purge_submission(submission, actor=None)  # one by one, so their files go too
        form.delete()
    forget_made(demo=DEMO)
    return f"{len(made)} demo forms removed with their submissions"


def pages() -> list[DemoPage]:
    """The public page of each demo form that is there and switched on, for the site's home page."""
    made = made_forms()
    live = {form.pk for form in Form.objects.live().filter(pk__in=[form.pk for form in made.values()])}
    return [
        DemoPage(title=form.title, url_name="inbox-site:form-page", url_kwargs={"slug": form.slug})
        for form in made.values()
        if form.pk in live
    ]
