"""Serving artifacts as the third side of a comparison: manifests and checkpoints.

``load_manifest(source)`` turns one artifact into a Graph: a serving manifest (vLLM / TGI /
KServe / Triton / TorchServe / Ollama) into facts only, a checkpoint (safetensors, GGUF, ONNX)
into layers plus facts. ``serving_findings(config_graph, serving_graph)`` applies the serving
engines' own start-up rules (``SRV0xx``) to a config and a served artifact, and
``predict_load`` says which ``size mismatch for ...`` errors loading a checkpoint would raise.
"""

from __future__ import annotations

from pathlib import Path

from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Graph
from driftcheck.parsers.serving.mismatch import LoadPrediction, predict_load, state_dict_shapes

__all__ = [
    "LoadPrediction",
    "is_serving",
    "load_manifest",
    "pair_findings",
    "predict_load",
    "serving_findings",
    "state_dict_shapes",
]

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


def serving_findings(
    config_graph: Graph, serving_graph: Graph, sides: tuple[str, str] = ("left", "right")
) -> list:
    """Findings (SRV0xx) from the serving engines' rules; see ``rules``. ``sides`` names the
    config and serving sides (``("right", "left")`` when the config is compare's RIGHT)."""
    from driftcheck.parsers.serving.rules import serving_findings as run

    return run(config_graph, serving_graph, sides)


def pair_findings(left: Graph, right: Graph) -> list:
    """SRV findings for ``driftcheck compare LEFT RIGHT``, whichever side is served.

    A config or code side against a serving side runs every rule; a checkpoint against a
    manifest lets the checkpoint play the model (a GGUF knows its context and heads); two
    manifests or two non-serving sides give nothing.
    """
    lk, rk = left.origin.kind, right.origin.kind
    if is_serving(right) and (not is_serving(left) or (lk, rk) == ("checkpoint", "manifest")):
        return serving_findings(left, right, ("left", "right"))
    if is_serving(left) and (not is_serving(right) or (lk, rk) == ("manifest", "checkpoint")):
        return serving_findings(right, left, ("right", "left"))
    return []


def is_serving(graph: Graph) -> bool:
    """Whether a graph came from a serving artifact (manifest or checkpoint)."""
    return graph.origin.kind in ("manifest", "checkpoint")
