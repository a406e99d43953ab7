"""Demo content: a contact form and an event-enquiry form with several field types."""

from __future__ import annotations

from frontdesk.inbox.models import Form, Submission
from frontdesk.inbox.operations import delete_submission, save_form

CONTACT = {
    "slug": "contact",
    "title": {"en": "Contact us", "de": "Kontakt", "ru": "Связаться с нами"},
    "email_field_name": "email",
    "options": {"recipients": {"accounts": [], "addresses": ["office@example.com"]}},
}
CONTACT_FIELDS = [
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
ENQUIRY = {
    "slug": "event-enquiry",
    "title": {
        "en": "Ask about an event",
        "de": "Anfrage zu einer Veranstaltung",
        "ru": "Вопрос о мероприятии",
    },
    "email_field_name": "email",
    "options": {"recipients": {"accounts": [], "addresses": ["events@example.com"]}},
}
ENQUIRY_FIELDS = [
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


def seed() -> str:
    made = 0
    for values, fields in DEMO_FORMS:
        if not Form.objects.filter(slug=values["slug"]).exists():
            save_form(None, values=values, fields=fields)
            made += 1
    return f"{made} demo forms created ({len(DEMO_FORMS) - made} already there)"


def remove() -> str:
    removed = 0
    for values, _fields in DEMO_FORMS:
        form = Form.objects.filter(slug=values["slug"]).first()
        if form is None:
            continue
        for submission in Submission.objects.filter(form=form):
            delete_submission(None, submission)  # one by one, so their files go too
        form.delete()
        removed += 1
    return f"{removed} demo forms removed with their submissions"
