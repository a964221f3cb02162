"""Serving manifests -> facts, each with the manifest field it came from."""

from __future__ import annotations

from pathlib import Path

import pytest

from driftcheck.errors import DriftcheckError
from driftcheck.parsers import kind_of, load
from driftcheck.parsers.serving import load_manifest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "serving"


def facts(graph) -> dict:
    return {k: (f.value, f.loc.key if f.loc else None) for k, f in graph.facts.items()}


CASES = {
    "serve.sh": (
        "#!/bin/sh\n# comment --max-model-len 1\nexport HF_HOME=/x\n"
        "vllm serve meta-llama/Llama-3.1-8B \\\n  --max-model-len 32k --dtype bf16 \\\n"
        "  -tp 2 --pipeline-parallel-size=2 -q awq_marlin --enforce-eager \\\n"
        '  --hf-overrides \'{"rope_scaling": {"rope_type": "yarn", "factor": 4.0}}\'\n',
        {
            "maxModelLen": (32000, "--max-model-len"),
            "dtype": ("bfloat16", "--dtype"),
            "tensorParallelSize": (2, "-tp"),
            "pipelineParallelSize": (2, "--pipeline-parallel-size"),
            "quantization": ("awq_marlin", "-q"),
            "ropeScaling": ({"rope_type": "yarn", "factor": 4.0}, "--hf-overrides.rope_scaling"),
        },
    ),
    "api.txt": (
        "python -m vllm.entrypoints.openai.api_server --model m --max-model-len=2K "
        "--tensor-parallel-size 4\n",
        {
            "maxModelLen": (2048, "--max-model-len"),
            "tensorParallelSize": (4, "--tensor-parallel-size"),
        },
    ),
    "docker.sh": (
        "docker run --gpus all -e MAX_INPUT_TOKENS=1000 --env QUANTIZE=gptq -p 8080:80 \\\n"
        "  ghcr.io/huggingface/text-generation-inference:2.4 --model-id m --max-total-tokens 2048"
        " --num-shard 4\n",
        {
            "maxInputTokens": (1000, "MAX_INPUT_TOKENS"),
            "maxTotalTokens": (2048, "--max-total-tokens"),
            "maxModelLen": (2048, "--max-total-tokens"),
            "quantization": ("gptq", "QUANTIZE"),
            "tensorParallelSize": (4, "--num-shard"),
        },
    ),
    "launch.sh": (
        "MAX_INPUT_LENGTH=512 text-generation-launcher --model-id m --max-total-tokens 1024 "
        "--rope-scaling dynamic --rope-factor 2\n",
        {
            "maxInputTokens": (512, "MAX_INPUT_LENGTH"),
            "maxTotalTokens": (1024, "--max-total-tokens"),
            "maxModelLen": (1024, "--max-total-tokens"),
            "ropeScaling": ({"type": "dynamic", "factor": 2.0}, "--rope-scaling"),
        },
    ),
    ".env": (
        "# TGI\nexport MAX_TOTAL_TOKENS=4096\nMAX_INPUT_TOKENS='2048'\nDTYPE=float16 # half\n",
        {
            "maxTotalTokens": (4096, "MAX_TOTAL_TOKENS"),
            "maxModelLen": (4096, "MAX_TOTAL_TOKENS"),
            "maxInputTokens": (2048, "MAX_INPUT_TOKENS"),
            "dtype": ("float16", "DTYPE"),
        },
    ),
    "vllm.yaml": (
        "model: m\nmax-model-len: 4096\ntensor_parallel_size: 2\nhf-overrides:\n"
        "  max_position_embeddings: 8192\n",
        {
            "maxModelLen": (4096, "max-model-len"),
            "tensorParallelSize": (2, "tensor_parallel_size"),
            "maxPositionEmbeddings": (8192, "hf-overrides.max_position_embeddings"),
        },
    ),
    "compose.yml": (
        "services:\n  redis:\n    image: redis\n  llm:\n    image: vllm/vllm-openai:v0.8\n"
        '    command: ["--model", "m", "--max-model-len", "16384"]\n'
        "    environment:\n      VLLM_ALLOW_LONG_MAX_MODEL_LEN: 1\n",
        {"maxModelLen": (16384, "--max-model-len")},
    ),
    "isvc.yaml": (
        "apiVersion: serving.kserve.io/v1beta1\nkind: InferenceService\nmetadata: {name: x}\n"
        "spec:\n  predictor:\n    containers:\n      - name: kserve-container\n"
        "        image: ghcr.io/huggingface/text-generation-inference:2.0\n"
        "        args: [--model-id, m]\n        env:\n          - {name: MAX_TOTAL_TOKENS, value: '3000'}\n"
        "          - {name: NUM_SHARD, value: '2'}\n",
        {
            "maxTotalTokens": (3000, "MAX_TOTAL_TOKENS"),
            "maxModelLen": (3000, "MAX_TOTAL_TOKENS"),
            "tensorParallelSize": (2, "NUM_SHARD"),
        },
    ),
    "model-config.yaml": (
        "minWorkers: 1\nparallelType: tp\ntorchrun:\n  nproc-per-node: 4\nhandler:\n  max_length: 2048\n",
        {
            "maxModelLen": (2048, "handler.max_length"),
            "tensorParallelSize": (4, "torchrun.nproc-per-node"),
        },
    ),
    "Modelfile": (
        "FROM llama3.1:8b\nPARAMETER num_ctx 131072\nPARAMETER stop <|eot_id|>\n",
        {"maxModelLen": (131072, "num_ctx")},
    ),
    "config.pbtxt": (
        'name: "m"\nbackend: "python"\nparameters { key: "max_model_len" value: '
        '{ string_value: "8192" } }\nparameters [ { key: "tensor_parallel_size", value: '
        '{ string_value: "2" } } ]\n',
        {
            "maxModelLen": (8192, "parameters.max_model_len"),
            "tensorParallelSize": (2, "parameters.tensor_parallel_size"),
        },
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_manifest_facts(tmp_path, name):
    text, want = CASES[name]
    path = tmp_path / name
    path.write_text(text)
    assert kind_of(str(path)) == "manifest"
    graph = load(str(path))
    assert graph.origin.kind == "manifest"
    assert graph.nodes == []
    assert facts(graph) == want
    for f in graph.facts.values():
        assert f.loc.file == str(path)


def test_compose_keeps_long_len_permission(tmp_path):
    path = tmp_path / "compose.yml"
    path.write_text(CASES["compose.yml"][0])
    graph = load_manifest(str(path))
    assert "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1" in graph.notes
    assert "compose service: llm" in graph.notes


def test_vllm_config_file_then_cli_precedence(tmp_path):
    (tmp_path / "cfg.yaml").write_text("max-model-len: 4096\ndtype: float16\n")
    (tmp_path / "run.sh").write_text("vllm serve m --config cfg.yaml --dtype bfloat16\n")
    graph = load_manifest(str(tmp_path / "run.sh"))
    assert facts(graph)["maxModelLen"] == (4096, "max-model-len")
    assert facts(graph)["dtype"] == ("bfloat16", "--dtype")


@pytest.mark.parametrize(
    "path", sorted(p.name for p in EXAMPLES.iterdir() if p.name != "config.json")
)
def test_shipped_examples_parse(path):
    graph = load(str(EXAMPLES / path))
    assert graph.facts, path
    assert any(n.startswith("engine: ") for n in graph.notes)


BAD = {
    "empty.sh": ("echo hello\n", "no serving command found"),
    "quote.sh": ("vllm serve m --max-model-len '4096\n", "cannot split shell line"),
    "len.sh": ("vllm serve m --max-model-len lots\n", "must be an integer"),
    "over.json.sh": ("vllm serve m --hf-overrides '{bad'\n", "not valid JSON"),
    "x.yaml": ("foo: 1\n", "unknown serving YAML"),
    "list.yaml": ("- 1\n- 2\n", "mapping at the top level"),
    "bad.env": ("just words\n", "not a KEY=VALUE line"),
    "other.env": ("FOO=1\n", "no TGI settings"),
    "compose.yaml": ("services:\n  web:\n    image: nginx\n", "no docker-compose service"),
    "c.pbtxt": ('name: "m"\nparameters { key: "x"\n', "missing '}'"),
    "ts.yaml": ("minWorkers: 1\n", "states no model settings"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_manifests_raise_one_line(tmp_path, name):
    text, msg = BAD[name]
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(DriftcheckError) as e:
        load_manifest(str(path))
    assert msg in e.value.message
    assert "\n" not in e.value.one_line()
    assert str(path) in e.value.one_line()
