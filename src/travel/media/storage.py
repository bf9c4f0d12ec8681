"""Where photos are kept: one small interface, two backends (docs/decisions/0091-photos.md).

- `LocalStorage`: a directory (the embedded default: nothing to set up).
- `S3Storage`: an S3-compatible bucket (boto3), for a fleet whose processes share no disk.

Keys are `<workspace id>/<128 random bits>-<content digest>-<width>.webp`: a workspace's files
share a prefix, and nobody can guess or list another's. The service serves them itself
(`/media/<key>`, immutable), so a bucket never needs to be public.
"""

from __future__ import annotations

import asyncio
import os
import re
from pathlib import Path
from typing import Any, Protocol

_KEY = re.compile(r"[0-9a-f]{8}-[0-9a-f-]{27}/[0-9a-f]{32}-[0-9a-f]{16}-[0-9]{1,5}\.webp")


def valid_key(key: str) -> bool:
    """Whether `key` has the shape of a key this service writes (nothing else is ever read)."""
    return _KEY.fullmatch(key) is not None


class Storage(Protocol):
    async def put(self, key: str, data: bytes) -> None: ...

    async def get(self, key: str) -> bytes | None: ...


class LocalStorage:
    """Files under `root`, written atomically (a temporary name, then a rename)."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def _path(self, key: str) -> Path:
        if not valid_key(key):
            raise ValueError("not a media key")
        return self.root / key

    async def put(self, key: str, data: bytes) -> None:
        await asyncio.to_thread(self._write, self._path(key), data)

    async def get(self, key: str) -> bytes | None:
        path = self._path(key)
        try:
            return await asyncio.to_thread(path.read_bytes)
        except FileNotFoundError:
            return None

    @staticmethod
    def _write(path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f".{path.name}.{os.getpid()}.part")
        partial.write_bytes(data)
        partial.replace(path)


class S3Storage:
    """Objects in an S3-compatible bucket (AWS S3, MinIO, moto's server in the tests); boto3's
    blocking client, run in threads. Credentials and region come from boto3's own sources
    (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_DEFAULT_REGION, an instance role)."""

    def __init__(self, bucket: str, endpoint_url: str | None = None) -> None:
        import boto3  # type: ignore[import-untyped]  # only a fleet with a bucket needs it

        self.bucket = bucket
        self._client: Any = boto3.client("s3", endpoint_url=endpoint_url)

    async def put(self, key: str, data: bytes) -> None:
        if not valid_key(key):
            raise ValueError("not a media key")
        await asyncio.to_thread(
            self._client.put_object,
            Bucket=self.bucket,
            Key=key,
            Body=data,
            ContentType="image/webp",
            CacheControl="public, max-age=31536000, immutable",
        )

    async def get(self, key: str) -> bytes | None:
        if not valid_key(key):
            return None
        try:
            found = await asyncio.to_thread(self._client.get_object, Bucket=self.bucket, Key=key)
        except self._client.exceptions.NoSuchKey:
            return None
        body: bytes = await asyncio.to_thread(found["Body"].read)
        return body
