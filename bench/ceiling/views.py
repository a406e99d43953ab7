"""The bare insert view: one INSERT, a 201 JSON answer, no forms, no checks beyond the method."""

from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from bench.ceiling.models import Row


@csrf_exempt
@require_POST
def insert(request):
    row = Row.objects.create(payload=request.body[:200].decode("utf-8", "replace"))
    return JsonResponse({"id": row.pk}, status=201)
