"""The storages of a site on S3 (or any S3-compatible store) through django-storages, the `s3`
extra. settings.py names them in STORAGES when FRONTDESK_S3_BUCKET is set (docs/configuration.md,
"S3 storage"); nothing else imports this module, so a site without the extra never loads it.

- `PublicS3Storage` (`default`): the picture library's renditions, readable by anyone at the
  public media address. Their names change with their content, so they are cached for a year.
- `PrivateS3Storage` (`inbox`, `private`): attachments and picture originals. Like the file
  system's private storage it refuses to make an address, presigned ones included: the bytes
  reach a browser only through the panel's download route, which reads them with the site's keys.
"""

from __future__ import annotations

from storages.backends.s3 import S3Storage

YEAR, HOUR = 365 * 24 * 60 * 60, 60 * 60


class PublicS3Storage(S3Storage):
    querystring_auth = False  # a plain, stable address: the page's HTML and caches keep it

    def get_object_parameters(self, name: str) -> dict:
        # As pictures/media.py serves them from the file system. `name` is the object's
        # key: the storage's location (its prefix in the bucket) comes first.
        relative = name.removeprefix(self.location.strip("/") + "/") if self.location else name
        age = YEAR if relative.startswith("pictures/") else HOUR
        control = f"public, max-age={age}" + (", immutable" if age == YEAR else "")
        return {"CacheControl": control, **super().get_object_parameters(name)}


class PrivateS3Storage(S3Storage):
    def url(self, name, parameters=None, expire=None, http_method=None) -> str:
        raise ValueError("Private files have no address; the panel's download route serves them.")
