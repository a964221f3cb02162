"""The check catalogue: every module in ``driftcheck.verifier.checks`` exports ``CHECKS``."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from driftcheck.errors import DriftcheckError
from driftcheck.rules import validate
from driftcheck.verifier.base import Check


@cache
def _checks() -> tuple[Check, ...]:
    from driftcheck.verifier import checks as pkg

    out: list[Check] = []
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{pkg.__name__}.{info.name}")
        out.extend(getattr(mod, "CHECKS", ()))
    validate(out)
    for c in out:
        if c.command != "check":
            raise RuntimeError(f"check {c.id}: family {c.family} is not the verifier's")
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
