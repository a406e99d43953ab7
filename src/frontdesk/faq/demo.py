"""Demo content: three categories and ten questions of a small garden shop (delivery, payment,
returns) in English, German and Russian, the FAQ block type installed through its offer, the
site's FAQ page (every category, with the filter, in the menu) and a returns page with a
one-category block (docs/faq.md, "Demo content").

Among the questions: one in two categories at different places in their orders ("Who pays for
return shipping?": last of Shipping, second of Returns), one unpublished (instalments) and one in
English only (delivery to the UK). Returns' own order differs from the whole list's, so the two
demo pages show both ordering rules.

What the demo made is marked by the host's demo marks (core/demo.py, `mark_made`), so
`frontdesk demo --remove` takes out those rows and nothing an editor made, even a category, a
question or a page under a demo one's name or address; the block type only when the demo installed
it and no page uses it any more.

The pages are made through the pages module's demo door (`pages.demo.DemoPages`), which
faq/apps.py hands to `seed`, `remove` and `pages` when pages are installed (None otherwise):
this module never imports the pages module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.db.models import Model
from django.utils.translation import get_language

from frontdesk.blocks.holders import usage
from frontdesk.blocks.models import BlockType
from frontdesk.blocks.offers import TAKEN, install_offers, offer_states
from frontdesk.categories.models import Category
from frontdesk.categories.operations import create_category
from frontdesk.core.demo import DemoPage, forget_made, made_by_demo, mark_made
from frontdesk.core.languages import site_language_codes
from frontdesk.faq import queries
from frontdesk.faq.models import Question
from frontdesk.faq.operations import create_question, reorder_questions
from frontdesk.faq.panel.screens import CATEGORY_TYPE
from frontdesk.routes.serving import addresses_of

if TYPE_CHECKING:
    from frontdesk.pages.demo import DemoPages

DEMO = "faq"  # the name of its marks (core/demo.py)
BLOCK = "faq"
TYPE_KEY = "block-type"

CATEGORIES: dict[str, dict[str, str]] = {
    "shipping": {"en": "Shipping", "de": "Versand", "ru": "Доставка"},
    "payment": {"en": "Payment", "de": "Bezahlung", "ru": "Оплата"},
    "returns": {"en": "Returns", "de": "Rückgabe", "ru": "Возврат"},
}


def _q(
    key: str, categories: list[str], question: dict[str, str], answer: dict[str, str], published: bool = True
) -> dict[str, Any]:
    return {
        "key": key,
        "categories": categories,
        "question": question,
        "answer": answer,
        "published": published,
    }


# The whole list's order is this list's; a category's own order is the order its questions come
# here, unless ORDERS names it.
QUESTIONS: list[dict[str, Any]] = [
    _q("delivery-time", ["shipping"],
       {"en": "How long does delivery take?",
        "de": "Wie lange dauert die Lieferung?",
        "ru": "Сколько времени занимает доставка?"},
       {"en": "<p>Orders placed on a working day before 2 pm leave us the same day. Within Germany a parcel "
              "usually arrives in 1 to 3 working days; to other EU countries allow 3 to 7.</p>"
              "<p>Live plants travel only from Monday to Wednesday, so they never spend a weekend in a depot.</p>",
        "de": "<p>Bestellungen, die an einem Werktag vor 14 Uhr eingehen, verlassen uns noch am selben Tag. "
              "Innerhalb Deutschlands kommt ein Paket meist in 1 bis 3 Werktagen an, in andere EU-Länder in "
              "3 bis 7.</p><p>Lebende Pflanzen verschicken wir nur von Montag bis Mittwoch, damit sie nie ein "
              "Wochenende im Depot verbringen.</p>",
        "ru": "<p>Заказы, оформленные в рабочий день до 14:00, уходят от нас в тот же день. По Германии посылка "
              "обычно идёт 1–3 рабочих дня, в другие страны ЕС — 3–7.</p><p>Живые растения мы отправляем "
              "только с понедельника по среду, чтобы они не провели выходные на складе.</p>"}),
    _q("countries", ["shipping"],
       {"en": "Which countries do you deliver to?",
        "de": "In welche Länder liefern Sie?",
        "ru": "В какие страны вы доставляете?"},
       {"en": "<p>To every EU country, Switzerland and Norway. Live plants go to Germany and Austria only, "
              "because of the plant health rules.</p>",
        "de": "<p>In alle EU-Länder, die Schweiz und Norwegen. Lebende Pflanzen liefern wir wegen der "
              "Pflanzengesundheitsregeln nur nach Deutschland und Österreich.</p>",
        "ru": "<p>Во все страны ЕС, в Швейцарию и Норвегию. Живые растения — только по Германии и Австрии: "
              "так требуют фитосанитарные правила.</p>"}),
    _q("shipping-costs", ["shipping"],
       {"en": "How much does shipping cost?",
        "de": "Was kostet der Versand?",
        "ru": "Сколько стоит доставка?"},
       {"en": "<p>Within Germany a parcel costs <strong>€4.90</strong>; orders over €60 ship free. Trees and "
              "large planters come by freight for €39. For other countries the cost is shown at checkout, "
              "before you pay.</p>",
        "de": "<p>Innerhalb Deutschlands kostet ein Paket <strong>4,90 €</strong>, ab 60 € Bestellwert "
              "liefern wir versandkostenfrei. Bäume und große Pflanzkübel kommen per Spedition für 39 €. Für "
              "andere Länder sehen Sie die Kosten an der Kasse, bevor Sie bezahlen.</p>",
        "ru": "<p>По Германии посылка стоит <strong>4,90 €</strong>, при заказе от 60 € доставка бесплатна. "
              "Деревья и большие кашпо привозит транспортная компания за 39 €. Стоимость доставки в другие "
              "страны видна при оформлении заказа, до оплаты.</p>"}),
    # English only: only English-speaking customers ask it.
    _q("uk-delivery", ["shipping"],
       {"en": "Do you deliver to the United Kingdom?"},
       {"en": "<p>Seeds, tools and gift vouchers, yes. Live plants, no: each parcel of plants to the UK needs "
              "its own plant health certificate, which costs more than most orders.</p>"}),
    # In two categories: last in Shipping's order, second in Returns'.
    _q("return-shipping", ["shipping", "returns"],
       {"en": "Who pays for return shipping?",
        "de": "Wer trägt die Kosten der Rücksendung?",
        "ru": "Кто оплачивает обратную пересылку?"},
       {"en": "<p>When an item arrived damaged or we sent the wrong one, we do: write to us and we email you "
              "a prepaid label. When you simply changed your mind, the return postage is yours "
              "(€4.90 with our label).</p>",
        "de": "<p>Kam ein Artikel beschädigt an oder haben wir den falschen geschickt, zahlen wir: Schreiben "
              "Sie uns, und wir mailen Ihnen ein frankiertes Etikett. Haben Sie es sich nur anders "
              "überlegt, tragen Sie das Porto (4,90 € mit unserem Etikett).</p>",
        "ru": "<p>Если товар пришёл повреждённым или мы прислали не то, платим мы: напишите нам, и мы пришлём "
              "оплаченную этикетку. Если вы просто передумали, пересылку оплачиваете вы "
              "(4,90 € с нашей этикеткой).</p>"}),
    _q("payment-methods", ["payment"],
       {"en": "Which payment methods do you accept?",
        "de": "Welche Zahlungsarten bieten Sie an?",
        "ru": "Какие способы оплаты вы принимаете?"},
       {"en": "<ul><li>Debit and credit cards (Visa, Mastercard)</li><li>PayPal</li><li>SEPA direct debit</li>"
              "<li>Invoice, for business customers</li></ul><p>In our garden centre you may also pay cash.</p>",
        "de": "<ul><li>Debit- und Kreditkarte (Visa, Mastercard)</li><li>PayPal</li><li>SEPA-Lastschrift</li>"
              "<li>Rechnung, für Geschäftskunden</li></ul><p>In unserem Gartencenter können Sie auch bar "
              "zahlen.</p>",
        "ru": "<ul><li>Дебетовые и кредитные карты (Visa, Mastercard)</li><li>PayPal</li>"
              "<li>Прямое списание SEPA</li><li>Счёт — для юридических лиц</li></ul>"
              "<p>В нашем садовом центре можно заплатить и наличными.</p>"}),
    _q("card-charge", ["payment"],
       {"en": "When is my card charged?",
        "de": "Wann wird meine Karte belastet?",
        "ru": "Когда списываются деньги с карты?"},
       {"en": "<p>We reserve the amount when you order and charge it when the parcel leaves us. If part of "
              "an order is out of stock, you pay only for what we send.</p>",
        "de": "<p>Bei der Bestellung reservieren wir den Betrag, belastet wird er, wenn das Paket unser Haus "
              "verlässt. Ist ein Teil der Bestellung nicht vorrätig, zahlen Sie nur, was wir schicken.</p>",
        "ru": "<p>При заказе мы резервируем сумму, а списываем её, когда посылка уходит от нас. Если части "
              "заказа нет в наличии, вы платите только за то, что мы отправили.</p>"}),
    # Not published: an answer still being written.
    _q("instalments", ["payment"],
       {"en": "Can I pay in instalments?",
        "de": "Kann ich in Raten zahlen?",
        "ru": "Можно ли оплатить в рассрочку?"},
       {"en": "<p>From spring on, orders over €200 may be split into three monthly payments.</p>",
        "de": "<p>Ab dem Frühjahr lassen sich Bestellungen über 200 € in drei Monatsraten teilen.</p>",
        "ru": "<p>С весны заказы от 200 € можно будет разделить на три ежемесячных платежа.</p>"},
       published=False),
    _q("return-period", ["returns"],
       {"en": "How long do I have to return an item?",
        "de": "Wie lange kann ich einen Artikel zurückgeben?",
        "ru": "Сколько времени есть на возврат товара?"},
       {"en": "<p>30 days from delivery, for unused items in their packaging. Live plants cannot be returned, "
              "but if one arrives damaged, send us a photo within 48 hours and we replace it.</p>",
        "de": "<p>30 Tage ab Lieferung, für unbenutzte Artikel in der Verpackung. Lebende Pflanzen sind vom "
              "Umtausch ausgenommen; kommt eine beschädigt an, schicken Sie uns binnen 48 Stunden ein Foto, "
              "und wir ersetzen sie.</p>",
        "ru": "<p>30 дней с момента доставки — для неиспользованных товаров в упаковке. Живые растения "
              "возврату не подлежат, но если растение пришло повреждённым, пришлите фото в течение 48 часов, "
              "и мы его заменим.</p>"}),
    _q("refund-time", ["returns"],
       {"en": "When do I get my money back?",
        "de": "Wann bekomme ich mein Geld zurück?",
        "ru": "Когда мне вернут деньги?"},
       {"en": "<p>Within five working days of your return reaching us, on the payment method you used.</p>",
        "de": "<p>Innerhalb von fünf Werktagen, nachdem Ihre Rücksendung bei uns angekommen ist, über die "
              "Zahlungsart, die Sie gewählt hatten.</p>",
        "ru": "<p>В течение пяти рабочих дней после того, как возврат дойдёт до нас, тем же способом, "
              "которым вы платили.</p>"}),
]  # fmt: skip

# A category's own order, where it is not the whole list's.
ORDERS: dict[str, list[str]] = {"returns": ["return-period", "return-shipping", "refund-time"]}


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "values": {"text": text}}


# key -> title, slug, introduction per language, and the categories of its FAQ block (keys; none:
# every category).
PAGES: dict[str, dict[str, Any]] = {
    "faq": {
        "title": {"en": "Questions and answers", "de": "Fragen und Antworten", "ru": "Вопросы и ответы"},
        "slug": {"en": "faq", "de": "fragen", "ru": "voprosy"},
        "intro": {"en": "<p>What our customers ask most about delivery, payment and returns.</p>",
                  "de": "<p>Was unsere Kundinnen und Kunden am häufigsten zu Versand, Bezahlung und "
                        "Rückgabe fragen.</p>",
                  "ru": "<p>Что чаще всего спрашивают наши покупатели о доставке, оплате и возврате.</p>"},
        "categories": [],
        "in_menu": True,
    },
    "returns": {
        "title": {"en": "Returns and refunds", "de": "Rückgabe und Erstattung", "ru": "Возврат и обмен"},
        "slug": {"en": "returns", "de": "rueckgabe", "ru": "vozvrat"},
        "intro": {"en": "<p>Something not right? Here is how to send it back.</p>",
                  "de": "<p>Etwas passt nicht? So schicken Sie es zurück.</p>",
                  "ru": "<p>Что-то не подошло? Вот как отправить товар обратно.</p>"},
        "categories": ["returns"],
        "in_menu": False,
    },
}  # fmt: skip


# --- What the demo made --------------------------------------------------------------------------


def _made(model: type[Model]) -> dict[str, Any]:
    """{key: row} of the rows of `model` the demo made and that are still there (in the bin too)."""
    return made_by_demo(model, demo=DEMO)


def _mark(row: Model, key: str) -> None:
    mark_made(row, demo=DEMO, key=key)


def _in_site_languages(texts: dict[str, str]) -> dict[str, str]:
    codes = site_language_codes()
    return {code: text for code, text in texts.items() if code in codes}


# --- Seed ----------------------------------------------------------------------------------------


def _seed_categories() -> tuple[dict[str, Category], int]:
    made = _made(Category)
    created = 0
    for key, name in CATEGORIES.items():
        if key in made:
            continue
        made[key] = create_category(CATEGORY_TYPE, actor=None, values={"name": _in_site_languages(name)})
        _mark(made[key], key)
        created += 1
    return made, created


def _seed_questions(categories: dict[str, Category]) -> int:
    made = _made(Question)
    created = 0
    for values in QUESTIONS:
        if values["key"] in made:
            continue
        question = create_question(
            actor=None,
            values={
                "question": _in_site_languages(values["question"]),
                "answer": _in_site_languages(values["answer"]),
                "categories": [categories[key].pk for key in values["categories"] if key in categories],
                "published": values["published"],
            },
        )
        _mark(question, values["key"])
        made[values["key"]] = question
        created += 1
    if created:
        _order_categories(categories, made)
    return created


def _order_categories(categories: dict[str, Category], questions: dict[str, Question]) -> None:
    """Give the categories of ORDERS their own order: the demo's questions as named, then any
    question an editor put there, as they stand."""
    for key, keys in ORDERS.items():
        category = categories.get(key)
        if category is None or category.in_bin:
            continue
        ours = [questions[name].pk for name in keys if name in questions and not questions[name].in_bin]
        others = [
            pk for pk in queries.in_category(category.pk).values_list("pk", flat=True) if pk not in ours
        ]
        reorder_questions(actor=None, category=category.pk, ids=[*ours, *others])


def _install_block_type() -> tuple[bool, str]:
    """The FAQ block type, installed through its offer as `frontdesk faq_install_block` does.
    Answers whether the demo pages may use it, and a note when not."""
    states = offer_states([BLOCK])
    for row in install_offers(states):
        _mark(row, TYPE_KEY)
    state = states[0]
    if state.state == TAKEN and state.row is not None and state.row.code != state.offer.code:
        # A site's own type under the slug: its values are not ours, so no demo page uses it.
        return False, f"the block type {BLOCK} is the site's own ({state.reason})"
    return True, ""


def _page_values(key: str, values: dict[str, Any], categories: dict[str, Category]) -> dict[str, Any]:
    chosen = [categories[name].pk for name in values["categories"]]
    block = {
        "type": BLOCK,
        "values": {"categories": chosen, "limit": None, "filter": not chosen, "markup": None},
    }
    return {
        "title": _in_site_languages(values["title"]),
        "slug": _in_site_languages(values["slug"]),
        "content": {
            language: [_text(intro), block] for language, intro in _in_site_languages(values["intro"]).items()
        },
        "in_menu": values["in_menu"],
    }


def _pages_values(categories: dict[str, Category]) -> dict[str, dict[str, Any] | None]:
    """{key: the page's values} of the demo pages; None for one whose category is gone."""
    return {
        key: None
        if any(name not in categories or categories[name].in_bin for name in values["categories"])
        else _page_values(key, values, categories)
        for key, values in PAGES.items()
    }


def seed(site_pages: DemoPages | None) -> str:
    categories, new_categories = _seed_categories()
    new_questions = _seed_questions(categories)
    note = f"{new_categories} demo categories and {new_questions} demo questions created"
    if site_pages is None:
        return note
    usable, why = _install_block_type()
    if not usable:
        return f"{note}; no demo pages: {why}"
    new_pages, left_out = site_pages.seed(_pages_values(categories))
    note += f", {new_pages} demo pages"
    if left_out:
        note += f" (left out, their address is taken or their category gone: {', '.join(left_out)})"
    return note


# --- Remove --------------------------------------------------------------------------------------


def _remove_block_type() -> bool:
    """The block type, when the demo installed it and no row of any block holder uses it."""
    row = _made(BlockType).get(TYPE_KEY)
    if row is None or any(counts.get(row.slug) for counts in usage([row.slug]).values()):
        return False
    row.delete()
    return True


def remove(site_pages: DemoPages | None) -> str:
    pages = site_pages.remove() if site_pages is not None else 0
    removed_type = _remove_block_type() if site_pages is not None else False
    questions = _made(Question)
    for question in questions.values():
        question.delete()  # with its places in the categories
    categories = _made(Category)
    for category in categories.values():
        category.delete()  # an editor's question in it stays, out of that category
    forget_made(demo=DEMO)
    note = f"{len(questions)} demo questions, {len(categories)} demo categories, {pages} demo pages removed"
    return note + (f", block type {BLOCK}" if removed_type else "")


# --- The home page's list ------------------------------------------------------------------------


@dataclass(frozen=True)
class FaqDemoPage(DemoPage):
    """A demo page with a FAQ block: its address differs per language, so it is read from its
    route."""

    addresses: dict[str, str] = field(default_factory=dict)  # {language: address}

    def url(self) -> str:
        return self.addresses.get(get_language(), "")


def pages(site_pages: DemoPages | None) -> list[DemoPage]:
    """The demo's page that is not in the menu (returns), published, for the site's home page."""
    page = site_pages.published().get("returns") if site_pages is not None else None
    if page is None:
        return []
    return [FaqDemoPage(title=page.title, url_name="", addresses=addresses_of(page))]
