"""The maps stay true: CONTRIBUTING.md names every package and every drift module, and
docs/parser.md's module tables name every module of ``driftcheck/parsers`` and of each concept
sub-package of ``parsers/source``."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "driftcheck"


def _modules(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.py"))


def test_contributing_names_every_package_and_drift_module():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    packages = [p.name for p in PKG.iterdir() if (p / "__init__.py").is_file()]
    missing = [f"{p}/" for p in packages if f"{p}/" not in text]
    missing += [m for m in _modules(PKG / "drift") if m != "__init__.py" and m not in text]
    missing += [m for m in _modules(ROOT / "tools") if m not in text]
    assert not missing, missing


def test_parser_doc_names_every_parsers_module():
    text = (ROOT / "docs" / "parser.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z_]+\*?\.py)`", text))
    source = PKG / "parsers" / "source"
    folders = [PKG / "parsers", source] + sorted(
        p for p in source.iterdir() if (p / "__init__.py").is_file()
    )
    missing = [
        f"{folder.name}/{m}"
        for folder in folders
        for m in _modules(folder)
        if m != "__init__.py" or folder in (PKG / "parsers", source)
        if not any(fnmatch.fnmatch(m, n) for n in named)
    ]
    missing += [f"{p.name}/" for p in folders[2:] if f"`{p.name}/`" not in text]
    assert not missing, missing


def test_no_module_name_repeats_under_the_source_parser():
    """One concept, one file: no two modules of ``parsers/source`` share a name."""
    names = [p.name for p in (PKG / "parsers" / "source").rglob("*.py") if p.name != "__init__.py"]
    assert sorted(set(names)) == sorted(names)
