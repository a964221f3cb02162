"""Serving artifacts as the third side of a comparison: manifests and checkpoints (readers).

``load_manifest(source)`` turns one artifact into a Graph: a serving manifest (vLLM / TGI /
KServe / Triton / TorchServe / Ollama) into facts only, a checkpoint (safetensors, GGUF, ONNX)
into layers plus facts. The serving engines' rules over a config and a served artifact
(``SRV0xx``) and the load prediction (``predict_load``) are drift, in ``driftcheck.drift``
(``serving_rules``, ``checkpoint_rules``, ``load_prediction``).
"""

from __future__ import annotations

from pathlib import Path

from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Graph

__all__ = ["is_serving", "load_manifest"]

_SCRIPT_SUFFIXES = {".sh", ".bash", ".txt", ".cmd", ""}


def load_manifest(source: str) -> Graph:
    """Graph of one serving artifact; DriftcheckError (one line, with the path) on bad input."""
    path = Path(source)
    if not path.is_file():
        raise DriftcheckError("no such file", source)
    name = path.name.lower()
    suffix = path.suffix.lower()
    if suffix == ".safetensors" or name.endswith(".safetensors.index.json"):
        from driftcheck.parsers.serving.safetensors_file import load_safetensors

        return load_safetensors(path)
    if suffix == ".json":
        from driftcheck.parsers import read_json

        data = read_json(path)
        if isinstance(data, dict) and "weight_map" in data:
            from driftcheck.parsers.serving.safetensors_file import load_safetensors

            return load_safetensors(path)
        raise DriftcheckError("JSON file is not a serving artifact (no weight_map)", source)
    if suffix == ".gguf":
        from driftcheck.parsers.serving.gguf_file import load_gguf

        return load_gguf(path)
    if suffix == ".onnx":
        from driftcheck.parsers.serving.onnx_file import load_onnx

        return load_onnx(path)
    if suffix == ".pbtxt":
        from driftcheck.parsers.serving.triton import load_triton

        return load_triton(path)
    from driftcheck.parsers.serving import manifests

    if name.startswith("modelfile"):
        return manifests.load_modelfile(path)
    if name == ".env" or suffix == ".env" or name.endswith(".env"):
        return manifests.load_env(path)
    if suffix in (".yaml", ".yml"):
        return manifests.load_yaml_manifest(path)
    if suffix in _SCRIPT_SUFFIXES:
        return manifests.load_script(path)
    raise DriftcheckError("unknown serving artifact", source)


def is_serving(graph: Graph) -> bool:
    """Whether a graph came from a serving artifact (manifest or checkpoint)."""
    return graph.origin.kind in ("manifest", "checkpoint")
