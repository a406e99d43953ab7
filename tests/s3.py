"""A local S3-compatible store for the tests: moto's server (the `moto[server]` package of the dev
extra) on 127.0.0.1 and a free port, speaking S3's HTTP API to django-storages and boto3 as AWS
would. moto keeps the objects in the memory of the process that runs it: one server per test
worker (the session fixture `s3_store` in tests/conftest.py), a new bucket per test.

moto answers an anonymous request by the bucket's policy and the object's ACL, as S3 does, so a
test can ask what anybody could read at an address, without keys.
"""

from __future__ import annotations

import json
import logging
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import httpx
import pytest

KEYS = {"FRONTDESK_S3_ACCESS_KEY_ID": "frontdesk-test", "FRONTDESK_S3_SECRET_ACCESS_KEY": "frontdesk-secret"}
REGION = "eu-central-1"


class StoreUnavailable(Exception):
    """moto is not installed, or its server did not start."""


@dataclass(frozen=True)
class Store:
    endpoint: str

    def client(self):
        import boto3

        return boto3.client(
            "s3",
            endpoint_url=self.endpoint,
            region_name=REGION,
            aws_access_key_id=KEYS["FRONTDESK_S3_ACCESS_KEY_ID"],
            aws_secret_access_key=KEYS["FRONTDESK_S3_SECRET_ACCESS_KEY"],
        )

    def new_bucket(self, public_prefix: str | None = None) -> str:
        """A new, empty bucket; with `public_prefix`, a policy lets anybody read the objects under
        it (as docs/configuration.md says to set up the media bucket), and nothing else."""
        name = f"frontdesk-{uuid.uuid4().hex[:12]}"
        client = self.client()
        client.create_bucket(Bucket=name, CreateBucketConfiguration={"LocationConstraint": REGION})
        if public_prefix is not None:
            client.put_bucket_policy(Bucket=name, Policy=json.dumps(public_read_policy(name, public_prefix)))
        return name

    def objects(self, bucket: str) -> set[str]:
        """The keys of every object in `bucket`."""
        pages = self.client().get_paginator("list_objects_v2").paginate(Bucket=bucket)
        return {item["Key"] for page in pages for item in page.get("Contents", [])}

    def anonymous_get(self, url: str) -> httpx.Response:
        """What anybody gets at `url`: no keys, no signature."""
        return httpx.get(url, timeout=10)


def public_read_policy(bucket: str, prefix: str) -> dict:
    return {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Principal": "*",
                "Action": "s3:GetObject",
                "Resource": f"arn:aws:s3:::{bucket}/{prefix.strip('/')}/*",
            }
        ],
    }


@contextmanager
def running_store() -> Iterator[Store]:
    """moto's server in a thread of this process until the block ends."""
    try:
        from moto.server import ThreadedMotoServer
    except ImportError as error:
        raise StoreUnavailable(f"moto[server] is not installed ({error})") from None
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # a line per request otherwise
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    try:
        server.start()
        host, port = server.get_host_and_port()
        store = Store(f"http://{host}:{port}")
        httpx.get(f"{store.endpoint}/moto-api/", timeout=10).raise_for_status()
    except Exception as error:
        raise StoreUnavailable(f"moto's S3 server did not start ({error})") from None
    try:
        yield store
    finally:
        server.stop()


def unavailable(reason: str) -> None:
    """Skip with `reason`, or fail under CI=true, where the S3 tests must run."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; the S3 tests are required under CI=true.")
    pytest.skip(reason)


def s3_environment(store: Store, bucket: str, **more: str) -> dict[str, str]:
    """The variables of docs/configuration.md ("S3 storage") for `bucket` on `store`."""
    return {
        **KEYS,
        "FRONTDESK_S3_BUCKET": bucket,
        "FRONTDESK_S3_ENDPOINT_URL": store.endpoint,
        "FRONTDESK_S3_REGION": REGION,
        **more,
    }


@dataclass(frozen=True)
class S3Site:
    """A test's site on S3 (the `s3` fixture): its store, its bucket and its MEDIA_URL."""

    store: Store
    bucket: str
    media_url: str

    def objects(self) -> set[str]:
        return self.store.objects(self.bucket)
