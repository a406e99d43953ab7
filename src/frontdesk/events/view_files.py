"""The events' view templates as files a site copies into its own templates folder
(`frontdesk events-publish-views`, docs/events.md "Public pages"): the index, the category, the
event and its parts, and the list fragment, under the same names, so each copy replaces the
package's and a part the site deletes falls through to the package's again."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

# The package's views, relative to its templates folder.
PACKAGE_TEMPLATES = Path(__file__).resolve().parent / "templates"
VIEWS_FOLDER = Path("events") / "site"


class ViewsNotPublished(Exception):
    """Why nothing was copied: no folder to copy into, or files there already (without force)."""


def package_views() -> list[Path]:
    """Every view template of the package, relative to its templates folder, in a fixed order."""
    root = PACKAGE_TEMPLATES / VIEWS_FOLDER
    return sorted(found.relative_to(PACKAGE_TEMPLATES) for found in root.rglob("*.html"))


def site_templates_folder() -> Path | None:
    """The site's own templates folder: the first of `TEMPLATES[0]["DIRS"]`
    (FRONTDESK_TEMPLATES), None when the site names none."""
    engines: list[dict[str, Any]] = list(settings.TEMPLATES or [])
    folders = list(engines[0].get("DIRS") or []) if engines else []
    return Path(folders[0]) if folders else None


def publish_views(into: Path | None = None, *, force: bool = False) -> list[Path]:
    """Copy every view into `into` (default: the site's templates folder), keeping their names;
    the paths written. Without `force` nothing is copied while any of them exists there already,
    so a site's edited view is never lost to a second run."""
    folder = into or site_templates_folder()
    if folder is None:
        raise ViewsNotPublished(
            _("Name the site's templates folder: set FRONTDESK_TEMPLATES or give --into.")
        )
    views = package_views()
    present = [folder / view for view in views if (folder / view).exists()]
    if present and not force:
        raise ViewsNotPublished(
            _("%(count)d of the views are there already (%(first)s); give --force to overwrite them.")
            % {"count": len(present), "first": present[0]}
        )
    written = []
    for view in views:
        target = folder / view
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(PACKAGE_TEMPLATES / view, target)
        written.append(target)
    return written
