"""The check catalogue: every module in ``driftcheck.verifier.checks`` exports ``CHECKS``."""

from __future__ import annotations

import importlib
import pkgutil
import re
from functools import cache

from driftcheck.errors import DriftcheckError
from driftcheck.verifier.base import FAMILIES, Check

_ID = re.compile(r"^[A-Z]{3}\d{3}$")
_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@cache
def _checks() -> tuple[Check, ...]:
    from driftcheck.verifier import checks as pkg

    out: list[Check] = []
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{pkg.__name__}.{info.name}")
        out.extend(getattr(mod, "CHECKS", ()))
    ids: set[str] = set()
    names: set[str] = set()
    for c in out:
        if not _ID.match(c.id) or c.family not in FAMILIES:
            raise RuntimeError(f"bad check id {c.id!r}")
        if not _NAME.match(c.name):
            raise RuntimeError(f"check name {c.name!r} is not kebab-case")
        if c.id in ids or c.name in names:
            raise RuntimeError(f"check {c.id} {c.name} defined twice")
        ids.add(c.id)
        names.add(c.name)
    return tuple(sorted(out, key=lambda c: c.id))


def all_checks() -> list[Check]:
    """Every check, by id."""
    return list(_checks())


@cache
def run_order() -> tuple[Check, ...]:
    return tuple(sorted(_checks(), key=lambda c: (c.phase, c.id)))


def get_check(key: str) -> Check:
    """A check by id (``SHP001``, case-insensitive) or name (``shape-mismatch``)."""
    k = key.strip()
    for c in _checks():
        if c.id == k.upper() or c.name == k.lower():
            return c
    raise DriftcheckError(f"no check {key!r} (see `driftcheck checks`)")
