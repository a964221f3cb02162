"""fresh30 (session 33, reimpl30): the checks beyond ``test_reimpl_sets.py``'s shared ones. The
config plants are visible to torch, every code plant's recorded values are what Python computes
when it runs the clean case and the planted file, and the value check can fail: each size source
below, with the run's line taken out or changed, computes another value (the real-sized default
the run overrides, another row, or an error)."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("yaml")

make = importlib.import_module("benchmarks.reimpl.fresh30.make")
CORPUS = ROOT / "benchmarks" / "reimpl" / "fresh30"


def _variant(tmp_path, case: str, old: str, new: str) -> Path:
    src = (CORPUS / "cases" / f"{case}.py").read_text()
    assert src.count(old) == 1
    variant = tmp_path / f"{case}.py"
    variant.write_text(src.replace(old, new))
    return variant


def test_fresh30_config_plants_are_visible_to_torch():
    """fresh30's config plants each change a state-dict shape of the planted HF model."""
    assert make.config_plants_visible() == []


def test_fresh30_recorded_values_are_what_python_computes():
    """Each fresh30 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    assert make.recorded_values_match() == []


def test_fresh30_yaml_merge_key_value_check_can_fail(tmp_path):
    """Helium's tiny entry merges ``&small`` (which merges ``&base``): without its own
    ``n_heads`` line the merged value is small's 8, and the epsilon is base's."""
    case = "helium_yaml_anchor_merge_keys"
    variant = _variant(tmp_path, case, "  n_heads: 4\n", "")
    assert make.computed(variant, case, "numHeads") == 8
    assert make.computed(variant, case, "normEps") == 1e-08


def test_fresh30_jsonl_value_check_can_fail(tmp_path):
    """wav2vec 2.0's run name selects a line of the log: the wide run has width 128; a name no
    line has stops ``next()``."""
    case = "wav2vec2_jsonl_run_log_next"
    wide = _variant(tmp_path, case, 'RUN_NAME = "w2v2-tiny-ci"\n', 'RUN_NAME = "w2v2-tiny-ci-wide"\n')  # fmt: skip
    assert make.computed(wide, case, "hiddenSize") == 128
    gone = _variant(tmp_path, case, 'RUN_NAME = "w2v2-tiny-ci"\n', 'RUN_NAME = "w2v2-gone"\n')
    with pytest.raises(StopIteration):
        make.computed(gone, case, "hiddenSize")


def test_fresh30_tsv_value_check_can_fail(tmp_path):
    """BioGPT's run picks a row of the sheet: biogpt-large's 25 heads; an unknown run raises from
    the loop's ``else``."""
    case = "biogpt_tsv_sheet_rows"
    large = _variant(tmp_path, case, 'RUN = "biogpt-tiny"\n', 'RUN = "biogpt-large"\n')
    assert make.computed(large, case, "numHeads") == 25
    gone = _variant(tmp_path, case, 'RUN = "biogpt-tiny"\n', 'RUN = "biogpt-huge"\n')
    with pytest.raises(KeyError):
        make.computed(gone, case, "numHeads")


def test_fresh30_startswith_chain_value_check_can_fail(tmp_path):
    """MPNet's model id picks the branch: a base id gives 768 wide and the cased vocabulary; an
    unknown id raises."""
    case = "mpnet_model_id_startswith_chain"
    old = 'MODEL_ID = "our-lab/MPNet-Tiny-Uncased"\n'
    base = _variant(tmp_path, case, old, 'MODEL_ID = "our-lab/MPNet-Base"\n')
    assert make.computed(base, case, "hiddenSize") == 768
    assert make.computed(base, case, "vocabSize") == 30527
    other = _variant(tmp_path, case, old, 'MODEL_ID = "our-lab/roberta-tiny"\n')
    with pytest.raises(ValueError):
        make.computed(other, case, "hiddenSize")


def test_fresh30_toml_array_value_check_can_fail(tmp_path):
    """GPT-Neo's run picks an entry of ``[[runs]]``: the 1.3B's 16 heads and 24 layers; an entry
    that gives ``intermediate_size`` replaces the four-times-width fallback."""
    case = "gptneo_toml_array_of_tables"
    old = 'if r["name"] == "neo-tiny")\n'
    big = _variant(tmp_path, case, old, 'if r["name"] == "neo-1.3B")\n')
    assert make.computed(big, case, "numHeads") == 16
    assert make.computed(big, case, "numLayers") == 24
    ffn = _variant(
        tmp_path, case, "window_size = 32\n", "window_size = 32\nintermediate_size = 100\n"
    )
    assert make.computed(ffn, case, "intermediateSize") == 100


def test_fresh30_ckpt_value_check_can_fail(tmp_path):
    """Marian's decoder depth falls back to the encoder's when the checkpoint has none."""
    case = "marian_lightning_ckpt_hyper_parameters"
    variant = _variant(tmp_path, case, '        "decoder_layers": 3,\n', "")
    assert make.computed(variant, case, "numDecoderLayers") == 2


def test_fresh30_yaml_stream_value_check_can_fail(tmp_path):
    """Pegasus's run picks a document of the stream by name: pegasus-large's vocabulary."""
    case = "pegasus_yaml_multi_document_stream"
    old = 'if doc["name"] == "pegasus-tiny")\n'
    variant = _variant(tmp_path, case, old, 'if doc["name"] == "pegasus-large")\n')
    assert make.computed(variant, case, "vocabSize") == 96103


def test_fresh30_fromfile_value_check_can_fail(tmp_path):
    """HuBERT's depth is read from the arguments file: without its line, the option's default."""
    case = "hubert_argparse_fromfile_args"
    variant = _variant(tmp_path, case, "--layers=3\n", "")
    assert make.computed(variant, case, "numLayers") == 12


def test_fresh30_jsonc_value_check_can_fail(tmp_path):
    """GLM's settings are not JSON until the comments are stripped."""
    case = "glm_jsonc_comments_stripped"
    variant = _variant(
        tmp_path,
        case,
        're.sub(r"//[^\\n]*|/\\*.*?\\*/", "", SETTINGS_JSONC, flags=re.S)',
        "SETTINGS_JSONC",
    )
    with pytest.raises(json.JSONDecodeError):
        make.computed(variant, case, "vocabSize")


def test_fresh30_front_matter_value_check_can_fail(tmp_path):
    """XGLM's sizes are the front matter's: a ``model:`` block in the card's body is not read,
    one in the front matter is (a repeated YAML key: the last wins)."""
    case = "xglm_model_card_front_matter"
    body = _variant(tmp_path, case, "# xglm-tiny\n", "# xglm-tiny\nmodel:\n  layers: 9\n")
    assert make.computed(body, case, "numLayers") == 2
    front = _variant(tmp_path, case, "  dropout: 0.1\n", "  dropout: 0.1\n  layers: 9\n")
    assert make.computed(front, case, "numLayers") == 9


def test_fresh30_suppress_value_check_can_fail(tmp_path):
    """Persimmon's run dict overrides the class key by key: without ``vocab`` Persimmon-8B's."""
    case = "persimmon_suppress_keyerror_overrides"
    variant = _variant(tmp_path, case, '    "vocab": 700,\n', "")
    assert make.computed(variant, case, "vocabSize") == 262144


def test_fresh30_strenum_value_check_can_fail(tmp_path):
    """Falcon's ``Size("7b")`` row has 71 heads and the full vocabulary; an unknown size raises."""
    case = "falcon_strenum_size_table"
    f7b = _variant(tmp_path, case, 'SIZE = Size("tiny")\n', 'SIZE = Size("7b")\n')
    assert make.computed(f7b, case, "numHeads") == 71
    assert make.computed(f7b, case, "vocabSize") == 65024
    bad = _variant(tmp_path, case, 'SIZE = Size("tiny")\n', 'SIZE = Size("13b")\n')
    with pytest.raises(ValueError):
        make.computed(bad, case, "numHeads")


# case -> (the earlier case whose body it reuses, the last line of that case's size block)
BODIES = {
    "helium_yaml_anchor_merge_keys": ("fresh4", "helium_einops", "THETA = 100000.0\n"),
    "wav2vec2_jsonl_run_log_next": ("fresh4", "wav2vec2_weightnorm_conv", "EPS = 1e-5\n"),
    "biogpt_tsv_sheet_rows": ("fresh4", "biogpt_frozen_dc", "OFFSET = 2  # fairseq reserves two position rows\n"),
    "mpnet_model_id_startswith_chain": ("fresh4", "mpnet_mappingproxy", '        "pad": 1,\n    }\n)\n'),
    "gptneo_toml_array_of_tables": ("fresh4", "gptneo_registry", "    layer_norm_epsilon=1e-5,\n)\n"),
    "marian_lightning_ckpt_hyper_parameters": ("fresh4", "marian_builder_postnorm", ".max_len(160).v\n"),
    "pegasus_yaml_multi_document_stream": ("fresh4", "pegasus_sinusoid_param", '    "decoder": {"layers": 2, "heads": 4, "ffn": 128},\n}\n'),
    "hubert_argparse_fromfile_args": ("fresh4", "hubert_conv_spec_dc", "C = HubertCfg()\n"),
    "glm_jsonc_comments_stripped": ("fresh4", "glm_dict_functional", '    "eps": 1e-5,\n}\n'),
    "xglm_model_card_front_matter": ("fresh3", "xglm_sinusoidal", "LAYER_DROPOUT = [0.1, 0.1]\n"),
    "persimmon_suppress_keyerror_overrides": ("fresh3", "persimmon_fused_qk_ln", "S = Settings()\n"),
    "falcon_strenum_size_table": ("fresh4", "falcon_new_arch_groups", "rope_theta = 10000.0\n"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(BODIES))
def test_fresh30_bodies_are_the_earlier_proven_ones(case):
    """Below its new size source each case is the earlier set's output-proven body, unchanged
    (the same text to the end of the file), and that body is the one ``make._BODY`` maps."""
    earlier_set, body, last = BODIES[case]
    assert make._BODY[case][3] == body
    src = (ROOT / "benchmarks" / "reimpl" / earlier_set / "cases" / f"{body}.py").read_text()
    tail = src[src.index(last) + len(last) :]
    assert len(tail) > 1000
    assert (CORPUS / "cases" / f"{case}.py").read_text().endswith(tail)
