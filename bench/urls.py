"""frontdesk's addresses plus /bench/insert/, the bare insert view the benchmarks measure.

frontdesk.urls uses i18n_patterns, which Django refuses inside include(), so its list is
extended rather than included.
"""

from django.urls import path

from bench.ceiling.views import insert
from frontdesk.urls import urlpatterns as frontdesk_urlpatterns

urlpatterns = [path("bench/insert/", insert, name="bench-insert"), *frontdesk_urlpatterns]
