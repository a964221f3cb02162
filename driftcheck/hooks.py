"""pre-commit entry points: ``main(argv) -> int`` functions, tested directly.

- ``check_main``: runs the verifier on the staged Python files that define ``nn.Module``
  subclasses (others are skipped without parsing), exit 1 at ``--fail-on`` (default major).
- ``compare_main``: ``--pair CODE=CONFIG`` (repeatable; CONFIG may be ``hf:<id>``) compares
  each pair whose code path covers a staged file (all pairs with ``--always``).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from driftcheck import safeio
from driftcheck.cli import main as cli_main
from driftcheck.errors import DriftcheckError

_MODULE_HINT = re.compile(r"^class\s+\w+\s*\([^)]*(Module|Model)\b", re.MULTILINE)


def _defines_modules(path: str) -> bool:
    try:
        with safeio.open_input(path) as fh:  # a named pipe or a device is not a model file
            text = fh.read(4 * 1024 * 1024).decode("utf-8", errors="replace")
    except (OSError, DriftcheckError):
        return False
    return bool(_MODULE_HINT.search(text))


def check_main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="driftcheck-check")
    ap.add_argument("--fail-on", default=None, help="passed to driftcheck check")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    files = [f for f in args.files if f.endswith(".py") and _defines_modules(f)]
    if not files:
        return 0
    extra = ["--fail-on", args.fail_on] if args.fail_on else []
    return cli_main(["check", *files, "--format", "text", *extra])


def _covers(code: str, changed: list[str]) -> bool:
    base = Path(code.split("::", 1)[0]).resolve()
    for f in changed:
        p = Path(f).resolve()
        if p == base or base in p.parents:
            return True
    return False


def compare_main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="driftcheck-compare")
    ap.add_argument("--pair", action="append", default=[], help="CODE=CONFIG, repeatable")
    ap.add_argument("--fail-on", default=None, help="passed to driftcheck compare (major)")
    ap.add_argument("--always", action="store_true", help="compare even if no file changed")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    if not args.pair:
        ap.error("give at least one --pair CODE=CONFIG")
    rc = 0
    for pair in args.pair:
        left, sep, right = pair.partition("=")
        if not sep or not left or not right:
            ap.error(f"--pair must be CODE=CONFIG, got {pair!r}")
        if not args.always and not _covers(left, args.files):
            continue
        extra = ["--fail-on", args.fail_on] if args.fail_on else []
        rc = max(rc, cli_main(["compare", left, right, "--format", "text", *extra]))
    return rc
