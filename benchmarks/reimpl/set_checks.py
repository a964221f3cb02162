"""Checks shared by the held-out re-implementation sets' tests (fresh2, fresh3): the shipped
configs are what transformers' config classes write, each code plant is its base file with one
recorded line replaced, and each config plant changes one key (two where transformers derives
one from the other). torch and driftcheck are not needed here."""

from __future__ import annotations

import difflib
import json
from pathlib import Path
from types import ModuleType


def configs_written_by_transformers(make: ModuleType, corpus: Path, manifest: dict) -> None:
    for c in manifest["cases"]:
        shipped = json.loads((corpus / c["config"]).read_text())
        want = json.loads(make.build_config(c["name"]).to_json_string())
        for k, v in shipped.items():
            if k != "transformers_version":
                assert want.get(k) == v, (c["name"], k)


def code_plants_replace_the_recorded_line(make: ModuleType, corpus: Path, manifest: dict) -> None:
    plants = {
        f"{name}__{fact}": (old, new, left, right)
        for name, (_, _, _, _, code, _) in make.CASES.items()
        for fact, old, new, left, right in code
    }
    for p in manifest["planted"]:
        if p["where"] != "code":
            continue
        old, new, left, right = plants[p["name"]]
        assert (p["left"], p["right"]) == (left, right) and left != right
        base = (corpus / "cases" / f"{p['case']}.py").read_text()
        assert base.count(old) == 1
        planted = (corpus / p["code"]).read_text()
        assert planted == base.replace(old, new)
        added = [
            ln[2:]
            for ln in difflib.ndiff(base.splitlines(), planted.splitlines())
            if ln.startswith("+ ")
        ]
        parts = [part.strip() for part in new.splitlines() if part.strip()]
        assert len(added) == len(parts), p["name"]
        assert all(part in ln for part, ln in zip(parts, added)), p["name"]


def config_plants_change_one_key(corpus: Path, manifest: dict) -> None:
    for p in manifest["planted"]:
        if p["where"] != "config":
            continue
        base = json.loads((corpus / "configs" / p["case"] / "config.json").read_text())
        new = json.loads((corpus / p["config"]).read_text())
        changed = {k for k in set(base) | set(new) if k != "transformers_version"}
        changed = {k for k in changed if base.get(k) != new.get(k)}
        # transformers derives some keys from others (Gemma 2's layer_types from the window)
        assert 1 <= len(changed) <= 2, (p["name"], changed)
        assert p["left"] != p["right"]
