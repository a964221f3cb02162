"""The re-implementation corpus (benchmarks/reimpl) is what it claims: every clean case builds
in torch with exactly the parameter count of the HF model of its config, the shipped files are
what ``make.py`` renders, and each planted variant differs from its base case in the recorded
value only."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from benchmarks.reimpl import make  # noqa: E402

CORPUS = Path(make.__file__).resolve().parent
MANIFEST = json.loads((CORPUS / "manifest.json").read_text())


def test_corpus_size():
    archs = {c["arch"] for c in MANIFEST["cases"]}
    assert len(MANIFEST["cases"]) >= 60 and len(archs) >= 15
    per_arch: dict[str, int] = {}
    for p in MANIFEST["planted"]:
        per_arch[p["arch"]] = per_arch.get(p["arch"], 0) + 1
    assert set(per_arch) == archs and min(per_arch.values()) >= 3


def test_every_case_has_the_hf_parameter_count():
    hf: dict[str, int] = {}
    bad = []
    for c in MANIFEST["cases"]:
        want = hf.setdefault(c["config"], make.hf_params(CORPUS / c["config"]))
        got = make.code_params(CORPUS / c["code"])
        if got != want:
            bad.append((c["name"], got, want))
    assert not bad


def test_shipped_files_are_rendered():
    index = {c[0]: c for c in make.CASES}
    for c in MANIFEST["cases"]:
        name, arch, knobs, doc = index[c["name"]]
        assert (CORPUS / c["code"]).read_text() == make.render(name, arch, knobs, doc)
    plants = {f"{p['case']}__{p['tag']}": p for p in make.plants_for(make.CASES)}
    assert set(plants) == {p["name"] for p in MANIFEST["planted"]}


def test_planted_code_variants_change_one_value():
    """A code-side variant differs from its base in a few lines, and each differing line holds
    the planted value (or, for tying, the head)."""
    for p in MANIFEST["planted"]:
        if p["where"] != "code":
            continue
        base = (CORPUS / "cases" / f"{p['case']}.py").read_text().splitlines()
        new = (CORPUS / p["code"]).read_text().splitlines()
        added = [ln for ln in difflib.ndiff(base, new) if ln.startswith("+ ")]
        removed = [ln for ln in difflib.ndiff(base, new) if ln.startswith("- ")]
        assert 1 <= len(added) + len(removed) <= 4, p["name"]
        if p["fact"] != "tieWordEmbeddings":
            assert any(repr(p["right"]) in ln or str(p["right"]) in ln for ln in added), p["name"]


def test_planted_config_variants_change_one_key():
    """A config-side variant is the base config's class built with one keyword changed (keys
    transformers derives from it, such as ``layer_types``, follow), and its value is there."""
    for p in MANIFEST["planted"]:
        if p["where"] != "config":
            continue
        ((key, value),) = p["change"]["config"].items()
        new = json.loads((CORPUS / p["config"]).read_text())
        assert new[key] == value == p["left"], p["name"]
        want = json.loads(make.build_config(p["arch"], p["change"]["config"]).to_json_string())
        base = json.loads((CORPUS / "configs" / p["arch"] / "config.json").read_text())
        assert base[key] != value
        for k, v in new.items():
            if k != "transformers_version":
                assert want.get(k) == v, (p["name"], k)


def _compare(code: str, config: str):
    from driftcheck.drift import drift, load_sides

    sides = load_sides(str(CORPUS / code), str(CORPUS / config))
    return [f for f in drift(sides, str(CORPUS / code), str(CORPUS / config)) if f.severity.rank]


@pytest.mark.parametrize("case", ["vit_mha", "gpt2_conv1d", "llama_fused", "mixtral_hf"])
def test_clean_reimplementations_compare_clean(case):
    """The issue's examples: a ViT on nn.MultiheadAttention with a [N+1, D] table and kernel
    16, GPT-2 on Conv1D with a tied head, a Llama with fused QKV and gate/up, a Mixtral with
    per-expert modules against transformers' fused expert tensors."""
    c = next(c for c in MANIFEST["cases"] if c["name"] == case)
    assert _compare(c["code"], c["config"]) == []


@pytest.mark.parametrize(
    "plant", ["llama_fused__kv", "bert_separate__heads", "vit_separate__ffn", "vit_mha__patch"]
)
def test_a_planted_change_is_one_finding_with_both_values(plant):
    """4 KV heads instead of 8 in a fused-QKV Llama is one finding holding both values, and
    what it changes (the fused projection's width) is listed under it."""
    p = next(p for p in MANIFEST["planted"] if p["name"] == plant)
    fs = _compare(p["code"], p["config"])
    assert len(fs) == 1, [f.message for f in fs]
    assert fs[0].values == {"left": p["right"], "right": p["left"]}
