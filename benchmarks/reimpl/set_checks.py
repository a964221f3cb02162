"""What the held-out re-implementation sets (fresh2, fresh3) share: writing a set from its case
table (configs by transformers' config classes, planted variants, manifest.json), its torch
count check, and its tests' bookkeeping checks: the shipped configs are what transformers' config classes write, each code plant is its base file with one
recorded line replaced, and each config plant changes one key (two where transformers derives
one from the other). torch and driftcheck are not needed here."""

from __future__ import annotations

import difflib
import json
import shutil
from pathlib import Path
from types import ModuleType

from benchmarks.reimpl.make import code_params, hf_params


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


def build_config(cases: dict, name: str, overrides: dict | None = None):
    """The case's config, written by its transformers config class (``overrides`` on top)."""
    import transformers

    _, cls, kw, hf, _, _ = cases[name]
    cfg = getattr(transformers, cls)(**{**kw, **(overrides or {})})
    cfg.architectures = [hf]
    return cfg


def write_set(here: Path, cases: dict) -> dict:
    """Write a set's configs, planted variants and manifest.json from its case table."""
    for sub in ("configs", "planted"):
        shutil.rmtree(here / sub, ignore_errors=True)
        (here / sub).mkdir()
    manifest: dict = {"cases": [], "planted": []}
    for name, (arch, _, _, hf, code_plants, config_plants) in cases.items():
        build_config(cases, name).save_pretrained(here / "configs" / name)
        config = f"configs/{name}/config.json"
        manifest["cases"].append(
            {
                "name": name,
                "arch": arch,
                "hf_class": hf,
                "code": f"cases/{name}.py",
                "config": config,
            }
        )
        src = (here / "cases" / f"{name}.py").read_text()
        for fact, old, new, left, right in code_plants:
            assert src.count(old) == 1, (name, old)
            pid = f"{name}__{fact}"
            (here / "planted" / f"{pid}.py").write_text(src.replace(old, new))
            manifest["planted"].append(
                dict(
                    name=pid,
                    case=name,
                    arch=arch,
                    fact=fact,
                    where="code",
                    left=left,
                    right=right,
                    code=f"planted/{pid}.py",
                    config=config,
                )
            )
        for fact, key, value, right, *shown in config_plants:
            pid = f"{name}__cfg_{key}"
            build_config(cases, name, {key: value}).save_pretrained(here / "planted" / pid)
            left = shown[0] if shown else value[-1] if isinstance(value, list) else value
            manifest["planted"].append(
                dict(
                    name=pid,
                    case=name,
                    arch=arch,
                    fact=fact,
                    where="config",
                    left=left,
                    right=right,
                    code=f"cases/{name}.py",
                    config=f"planted/{pid}/config.json",
                )
            )
    (here / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def check_counts(here: Path, manifest: dict) -> list[str]:
    """Clean cases must equal the HF count; planted code variants must build and differ."""
    bad = []
    hf = {}
    for c in manifest["cases"]:
        want = hf[c["name"]] = hf_params(here / c["config"])
        got = code_params(here / c["code"])
        print(f"{c['name']:22} hf {want:8d} code {got:8d} {'ok' if got == want else 'DIFF'}")
        if got != want:
            bad.append(c["name"])
    for p in manifest["planted"]:
        if p["where"] == "code":
            got = code_params(here / p["code"])
            same = got == hf[p["case"]]
            note = " (same count: the value is not a parameter shape)" if same else ""
            print(f"  {p['name']:40} code {got:8d}{note}")
    return bad
