"""Photos kept in an S3-compatible bucket: moto's standalone server from PyPI, started here,
stands in for S3; the service stores and serves through it exactly as with a directory
(docs/decisions/0091-photos.md)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from tests.factories import api_listing, api_provider, create_tenant
from tests.media.test_photos import ADD, CREATE_UPLOAD, jpeg
from tests.support.api import data
from tests.support.live import LiveServer
from travel.settings import Settings

BUCKET = "travel-photos"
CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def s3_endpoint() -> Iterator[str]:
    """moto's server on a free port, with an empty bucket."""
    binary = shutil.which("moto_server") or str(Path(sys.executable).parent / "moto_server")
    port = _free_port()
    process = subprocess.Popen(
        [binary, "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    endpoint = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                httpx.get(endpoint, timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        yield endpoint
    finally:
        process.terminate()
        process.wait(10)


@pytest.fixture(scope="module")
def bucket_server(settings: Settings, s3_endpoint: str) -> Iterator[LiveServer]:
    import boto3  # type: ignore[import-untyped]

    previous = {name: os.environ.get(name) for name in CREDENTIALS}
    os.environ.update(CREDENTIALS)
    boto3.client("s3", endpoint_url=s3_endpoint).create_bucket(Bucket=BUCKET)
    live = LiveServer(
        replace(settings, media_s3_bucket=BUCKET, media_s3_endpoint_url=s3_endpoint)
    ).start()
    yield live
    live.stop()
    for name, value in previous.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def test_photos_are_stored_in_the_bucket_and_served_by_the_service(
    bucket_server: LiveServer, s3_endpoint: str
) -> None:
    import boto3

    tenant = create_tenant(bucket_server, plan="enterprise")
    host = tenant.keys["host"]
    stay = api_listing(bucket_server, host, "PROPERTY", api_provider(bucket_server, host))
    place = data(bucket_server, host, CREATE_UPLOAD, {"id": stay})["createTravelPhotoUpload"]
    sent = httpx.put(bucket_server.url + place["uploadPath"], content=jpeg(2000, 1500), timeout=60)
    assert sent.status_code == 201, sent.text
    added = data(bucket_server, host, ADD, {"input": {"uploadId": place["id"], "alt": "Pool"}})
    photo = added["addTravelListingPhoto"]
    listed = boto3.client("s3", endpoint_url=s3_endpoint).list_objects_v2(
        Bucket=BUCKET, Prefix=f"{tenant.id}/"
    )
    stored = sorted(item["Key"] for item in listed["Contents"])
    assert stored == sorted(source["url"].removeprefix("/media/") for source in photo["sources"])
    served = httpx.get(bucket_server.url + photo["url"])
    assert served.status_code == 200
    assert served.headers["content-type"] == "image/webp"
    assert "immutable" in served.headers["cache-control"]
    missing = photo["url"].replace("-1280.webp", "-999.webp")
    assert httpx.get(bucket_server.url + missing).status_code == 404
