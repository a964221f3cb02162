"""Where a config comes from: a ``config.json``, a model directory, or a Hub id.

A Hub id (``hf:<org>/<name>[@<revision>]``) is resolved with ``huggingface_hub``, downloading
``config.json`` only -- never weights -- through the normal cache, so ``HF_HUB_OFFLINE``, a
populated cache and revisions behave as they do for transformers. The environment is read at
call time (not at import), so a caller may change it between calls. Every failure becomes one
``DriftcheckError`` line naming the id: missing or gated repo, unknown revision, offline with
nothing cached, network down.
"""

from __future__ import annotations

import copy
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from driftcheck.errors import DriftcheckError
from driftcheck.parsers import Reads, _json_of, env_offline

MAX_NESTING = 64
"""Real configs nest sub-configs three or four levels deep; far deeper input is hostile."""

_REPO_ID = re.compile(r"^[A-Za-z0-9][\w.-]{0,95}(/[A-Za-z0-9][\w.-]{0,95})?$")
_REVISION = re.compile(r"^[\w./-]{1,255}$")


@dataclass
class ConfigSource:
    """A config dict plus where it came from (``display`` is what Locations name)."""

    data: dict[str, Any]
    path: Path
    display: str
    kind: str  # "config" or "hub"
    repo_id: str | None = None
    revision: str | None = None


def read_config(source: str, reads: Reads | None = None) -> ConfigSource:
    """The config ``source`` names; with ``reads``, its file is read once per run."""
    if source.startswith("hf:"):
        return _from_hub(source, reads)
    path = Path(source)
    if path.is_dir():
        cfg = path / "config.json"
        if not cfg.is_file():
            raise DriftcheckError("model directory has no config.json", source)
        path = cfg
    elif not path.exists():
        raise DriftcheckError("no such file or directory", source)
    return ConfigSource(_load(path, str(path), reads), path, str(path), "config")


def _load(path: Path, where: str, reads: Reads | None = None) -> dict[str, Any]:
    data = _json_of(path, reads)
    if reads is not None:  # the run's one read is shared: each loader gets its own dict
        data = copy.deepcopy(data)
    if not isinstance(data, dict):
        kind = type(data).__name__ if data is not None else "null"
        raise DriftcheckError(f"config must be a JSON object, got {kind}", where)
    depth = _depth(data)
    if depth > MAX_NESTING:
        raise DriftcheckError(f"config nested over {MAX_NESTING} levels deep", where)
    from driftcheck.parsers.hf import refuse_field_types
    from driftcheck.parsers.hf_facts import refuse_non_config

    if isinstance(data.get("model_type"), str):  # the config class's declared types first
        refuse_field_types(data, data["model_type"], where)
    refuse_non_config(data, where)  # {"foo": 1}, "hidden_size": "768": exit 2 in every install
    return data


def _depth(value: Any) -> int:
    """Nesting depth, iteratively (a recursive walk is what hostile nesting would break)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if d > MAX_NESTING:
            return d
        deepest = max(deepest, d)
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v)
    return deepest


def parse_hub_id(source: str) -> tuple[str, str | None]:
    """``hf:org/name@rev`` -> (``org/name``, ``rev``); a bad id is a DriftcheckError."""
    ref = source[3:].strip()
    repo_id, _, revision = ref.partition("@")
    if not _REPO_ID.match(repo_id) or ".." in repo_id:
        raise DriftcheckError("not a Hub model id (expected hf:<org>/<name>[@<revision>])", source)
    if revision and not _REVISION.match(revision):
        raise DriftcheckError(f"bad revision {revision!r}", source)
    return repo_id, revision or None


def _cache_dir() -> str | None:
    """The Hub cache as the environment says now (huggingface_hub reads it once, at import)."""
    if os.environ.get("HF_HUB_CACHE"):
        return os.environ["HF_HUB_CACHE"]
    if os.environ.get("HF_HOME"):
        return os.path.join(os.environ["HF_HOME"], "hub")
    return None


def _from_hub(source: str, reads: Reads | None = None) -> ConfigSource:
    repo_id, revision = parse_hub_id(source)
    try:
        from huggingface_hub import hf_hub_download
    except ImportError:
        raise DriftcheckError("huggingface_hub is not installed", source) from None
    offline = env_offline()
    unreachable = not offline and not hub_reachable()
    try:
        with _quiet_hub():
            local = hf_hub_download(
                repo_id,
                "config.json",
                revision=revision,
                cache_dir=_cache_dir(),
                local_files_only=offline or unreachable,
            )
    except Exception as e:  # noqa: BLE001 - every hub failure is one line for the user
        raise DriftcheckError(_hub_message(e, offline, revision), source) from None
    path = Path(str(local))
    display = f"hf:{repo_id}" + (f"@{revision}" if revision else "") + "/config.json"
    return ConfigSource(_load(path, display, reads), path, display, "hub", repo_id, revision)


HUB_PROBE_S = 3.0


def hub_reachable(timeout: float = HUB_PROBE_S) -> bool:
    """One TCP connect to the Hub endpoint (``HF_ENDPOINT``) before any download: with no
    network, huggingface_hub retries five times with back-off (about 25 s and a log line per
    retry) before it looks in the cache; this takes at most ``timeout`` and the cache is read
    at once (``DRIFTCHECK_HUB_PROBE=0`` skips the probe)."""
    import socket
    from urllib.parse import urlsplit

    if os.environ.get("DRIFTCHECK_HUB_PROBE") == "0":
        return True
    url = urlsplit(os.environ.get("HF_ENDPOINT") or "https://huggingface.co")
    host = url.hostname or "huggingface.co"
    port = url.port or (443 if url.scheme == "https" else 80)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


class _quiet_hub:
    """huggingface_hub's retry warnings are not the user's business: one line is."""

    def __enter__(self):
        import logging

        self.log = logging.getLogger("huggingface_hub")
        self.level = self.log.level
        self.log.setLevel(logging.ERROR)

    def __exit__(self, *exc):
        self.log.setLevel(self.level)


def _hub_message(e: Exception, offline: bool, revision: str | None) -> str:
    """One line for a huggingface_hub failure, by class name (its class tree moves between
    releases; the names have stayed)."""
    names = {c.__name__ for c in type(e).__mro__}
    if "GatedRepoError" in names:
        return "gated repository: accept its terms on the Hub and log in (hf auth login)"
    if "RepositoryNotFoundError" in names:
        return "repository not found on the Hub (or private: log in with hf auth login)"
    if "RevisionNotFoundError" in names:
        return f"revision {revision!r} not found"
    if "LocalEntryNotFoundError" in names or "OfflineModeIsEnabled" in names:
        if offline:
            return "config.json is not in the local Hub cache and HF_HUB_OFFLINE is set"
        return "cannot reach the Hub and config.json is not in the local cache"
    if "EntryNotFoundError" in names:
        return "repository has no config.json"
    if "HFValidationError" in names:
        return f"not a valid Hub id: {str(e).splitlines()[0] if str(e) else ''}"
    first = (str(e).strip().splitlines() or [""])[0][:200]
    return f"cannot fetch config.json ({type(e).__name__}: {first})"
