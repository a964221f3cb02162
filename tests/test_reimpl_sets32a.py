"""ports32 (session 32, reimplfix32): the set's own value checks (the counts, same-weights
outputs and set sizes are checked with every set in test_reimpl_sets.py)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")


def _set():
    make = importlib.import_module("benchmarks.reimpl.ports32.make")
    corpus = Path(make.__file__).resolve().parent
    return make, corpus, json.loads((corpus / "manifest.json").read_text())


def test_ports32_config_plants_are_visible_to_torch():
    """ports32's config plants each change a state-dict shape of the planted HF model."""
    make, _, _ = _set()
    assert make.config_plants_visible() == []


def test_ports32_recorded_values_are_what_python_computes():
    """Each ports32 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    make, _, _ = _set()
    assert make.recorded_values_match() == []


def test_ports32_mock_patch_snapshot_value_check_can_fail(tmp_path):
    """T5's sizes: ``mock.patch.dict`` restores T5-small's values on exit, so a snapshot taken
    after the block (not inside it) reads T5-small's 6 encoder layers."""
    make, corpus, _ = _set()
    name = "t5_mock_patch_dict_snapshot"
    src = (corpus / "cases" / f"{name}.py").read_text()
    variant = tmp_path / f"{name}.py"
    moved = "with mock.patch.dict(SIZES, TEST_SIZES):\n    pass\nC = dict(SIZES)\n"
    variant.write_text(
        src.replace("with mock.patch.dict(SIZES, TEST_SIZES):\n    C = dict(SIZES)\n", moved)
    )
    assert variant.read_text() != src
    assert make.computed(variant, name, "numEncoderLayers") == 6


def test_ports32_pairs_hook_value_check_can_fail(tmp_path):
    """Mixtral's ``object_pairs_hook`` builds every object, the nested ``"moe"`` one too: a hook
    that keeps the comment keys makes ``MoeArgs(**...)`` raise (no ``_comment`` field)."""
    make, corpus, _ = _set()
    name = "mixtral_json_object_pairs_hook"
    src = (corpus / "cases" / f"{name}.py").read_text()
    variant = tmp_path / f"{name}.py"
    variant.write_text(src.replace('if not key.startswith("_")}', "}"))
    assert variant.read_text() != src
    with pytest.raises(TypeError, match="_comment"):
        make.computed(variant, name, "numExperts")
