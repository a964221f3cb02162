"""Text manifests: shell scripts, .env files, vLLM YAML configs, docker-compose, KServe
InferenceService, TorchServe model-config.yaml and Ollama Modelfiles.

Each becomes a facts-only Graph (a server knows context length, dtype, quantization and
parallel sizes, but no layers). YAML is parsed with PyYAML's safe loader under limits.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Graph
from driftcheck.parsers.serving import cmdline
from driftcheck.parsers.serving.common import (
    FactSheet,
    as_float,
    as_int,
    load_yaml,
    read_manifest_text,
    scalar_str,
)
from driftcheck.parsers.serving.engines import Settings, tgi_facts, tgi_settings, vllm_facts


def _invocation_graph(inv: cmdline.Invocation, path: Path, detail: str) -> Graph:
    where = str(path)
    sheet = FactSheet(where)
    if inv.engine == "vllm":
        s: Settings = {}
        cfg = inv.options.get("config")
        if isinstance(cfg, str):
            s.update(_vllm_yaml_settings(_resolve(path, cfg)))
        if inv.positionals:
            s["model"] = (inv.positionals[0], "MODEL")
        for key, value in inv.options.items():
            s[key] = (value, inv.flags_spelled.get(key, key))
        vllm_facts(sheet, s, where)
        if inv.env.get("VLLM_ALLOW_LONG_MAX_MODEL_LEN", "0") not in ("", "0"):
            sheet.notes.append("VLLM_ALLOW_LONG_MAX_MODEL_LEN=1")
    else:
        tgi_facts(sheet, tgi_settings(inv.env, inv.options, inv.flags_spelled), where)
    sheet.notes.append(f"engine: {inv.engine}")
    return sheet.graph(f"{inv.engine}-{detail}")


def _resolve(base: Path, ref: str) -> Path:
    p = Path(ref)
    if not p.is_absolute():
        p = base.parent / p
    if not p.exists():
        raise DriftcheckError(f"config file {ref[:80]!r} named by --config not found", str(base))
    return p


def load_script(path: Path) -> Graph:
    """A shell script or text file holding ``vllm serve ...`` / TGI launcher / ``docker run``."""
    inv = cmdline.find_invocation(read_manifest_text(path), str(path))
    if inv is None:
        raise DriftcheckError(
            "no serving command found (expected `vllm serve`, `text-generation-launcher` "
            "or `docker run` of a vLLM / TGI image)",
            str(path),
        )
    return _invocation_graph(inv, path, "command")


def read_env_file(path: Path) -> dict[str, str]:
    env: dict[str, str] = {}
    for no, line in enumerate(read_manifest_text(path).splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        line = line.removeprefix("export ").strip()
        key, eq, value = line.partition("=")
        if not eq or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key.strip()):
            # the line itself is not quoted: the file may be anything (a symlink to a secret)
            raise DriftcheckError("not a KEY=VALUE line", f"{path}:{no}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        else:
            value = value.split(" #", 1)[0].strip()
        env[key.strip()] = value
    return env


def load_env(path: Path) -> Graph:
    """A TGI ``.env`` file (docker --env-file / compose env_file)."""
    from driftcheck.parsers.serving.engines import TGI_ENV

    env = read_env_file(path)
    if not any(k in env for k in TGI_ENV):
        raise DriftcheckError(
            "no TGI settings found (MAX_INPUT_TOKENS, MAX_TOTAL_TOKENS, QUANTIZE, ...)", str(path)
        )
    inv = cmdline.Invocation("tgi", env=env)
    return _invocation_graph(inv, path, "env")


# ----------------------------------------------------------------------------- YAML
def _vllm_yaml_settings(path: Path) -> Settings:
    data = load_yaml(read_manifest_text(path), str(path))
    if not isinstance(data, dict):
        raise DriftcheckError("vLLM config must be a mapping of option: value", str(path))
    return {cmdline.option_key(str(k)): (v, str(k)) for k, v in data.items()}


_VLLM_KEYS = {
    "max_model_len", "tensor_parallel_size", "pipeline_parallel_size", "dtype", "quantization",
    "model", "hf_overrides", "gpu_memory_utilization", "max_num_seqs", "rope_scaling",
}  # fmt: skip


def load_yaml_manifest(path: Path) -> Graph:
    """Sniff a YAML file: KServe, docker-compose, TorchServe, or a ``vllm serve --config``."""
    where = str(path)
    data = load_yaml(read_manifest_text(path), where)
    if not isinstance(data, dict):
        raise DriftcheckError("serving YAML must be a mapping at the top level", where)
    if str(data.get("kind", "")) == "InferenceService":
        return _kserve(data, path)
    if isinstance(data.get("services"), dict):
        return _compose(data["services"], path)
    if any(k in data for k in ("handler", "minWorkers", "maxWorkers", "parallelType", "torchrun")):
        return _torchserve(data, path)
    settings = {cmdline.option_key(str(k)): (v, str(k)) for k, v in data.items()}
    if not any(k in _VLLM_KEYS for k in settings):
        raise DriftcheckError(
            "unknown serving YAML (expected a vLLM config, docker-compose, KServe "
            "InferenceService or TorchServe model-config)",
            where,
        )
    sheet = FactSheet(where)
    vllm_facts(sheet, settings, where)
    sheet.notes.append("engine: vllm")
    return sheet.graph("vllm-config")


def _as_args(value: Any, where: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return cmdline.split(value, where)
    if isinstance(value, list):
        return [s for s in (scalar_str(v) for v in value) if s is not None]
    raise DriftcheckError("command/args must be a string or a list of strings", where)


def _env_of(value: Any) -> dict[str, str]:
    """compose ``environment`` (list of K=V or mapping) or k8s ``env`` (list of name/value)."""
    env: dict[str, str] = {}
    if isinstance(value, dict):
        for k, v in value.items():
            s = scalar_str(v)
            if s is not None:
                env[str(k)] = s
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str) and "=" in item:
                k, _, v = item.partition("=")
                env[k] = v
            elif isinstance(item, dict) and "name" in item:
                s = scalar_str(item.get("value"))
                if s is not None:
                    env[str(item["name"])] = s
    return env


def _container_graph(
    image: str, command: list[str], env: dict[str, str], path: Path, detail: str
) -> Graph | None:
    """One container (compose service or k8s container) -> graph, if it runs vLLM or TGI."""
    text = " ".join(command)
    joined = image.lower() + " " + text
    if "text-generation" in joined:
        engine = "tgi"
    elif "vllm" in joined or any(t.startswith("--max-model-len") for t in command):
        engine = "vllm"
    elif any(k in env for k in ("MAX_TOTAL_TOKENS", "MAX_INPUT_TOKENS", "NUM_SHARD")):
        engine = "tgi"
    else:
        return None
    inv = cmdline.Invocation(engine, env=env)
    words = [c.rsplit("/", 1)[-1] for c in command]
    if words[:2] == ["vllm", "serve"]:
        command = command[2:]
    elif words[:1] == ["text-generation-launcher"]:
        command = command[1:]
    elif "-m" in command and any(c.startswith("vllm.entrypoints") for c in command):
        command = command[next(i for i, c in enumerate(command) if c.startswith("vllm.")) + 1 :]
    short = cmdline.VLLM_SHORT if engine == "vllm" else cmdline.TGI_SHORT
    cmdline.parse_args(command, inv, short)
    return _invocation_graph(inv, path, detail)


def _compose(services: dict, path: Path) -> Graph:
    where = str(path)
    for name, svc in services.items():
        if not isinstance(svc, dict):
            continue
        image = scalar_str(svc.get("image")) or ""
        command = _as_args(svc.get("entrypoint"), where) + _as_args(svc.get("command"), where)
        env = _env_of(svc.get("environment"))
        g = _container_graph(image, command, env, path, "compose")
        if g is not None:
            g.notes.append(f"compose service: {name}")
            return g
    raise DriftcheckError("no docker-compose service runs vLLM or TGI", where)


def _kserve(data: dict, path: Path) -> Graph:
    where = str(path)
    predictor = (
        (data.get("spec") or {}).get("predictor") if isinstance(data.get("spec"), dict) else None
    )
    if not isinstance(predictor, dict):
        raise DriftcheckError("InferenceService has no spec.predictor", where)
    containers: list[dict] = []
    if isinstance(predictor.get("model"), dict):
        containers.append(predictor["model"])
    containers += [c for c in predictor.get("containers") or [] if isinstance(c, dict)]
    for c in containers:
        image = scalar_str(c.get("image")) or ""
        command = _as_args(c.get("command"), where) + _as_args(c.get("args"), where)
        fmt = c.get("modelFormat")
        if isinstance(fmt, dict) and str(fmt.get("name", "")).lower() == "huggingface":
            image = image or "kserve-huggingfaceserver (vllm)"  # KServe's HF runtime runs vLLM
        g = _container_graph(image, command, _env_of(c.get("env")), path, "kserve")
        if g is not None:
            return g
    raise DriftcheckError("InferenceService predictor runs neither vLLM nor TGI", where)


def _torchserve(data: dict, path: Path) -> Graph:
    where = str(path)
    sheet = FactSheet(where)
    handler = data.get("handler") if isinstance(data.get("handler"), dict) else {}
    engine_cfg = handler.get("vllm_engine_config")
    if isinstance(engine_cfg, dict):
        settings = {
            cmdline.option_key(str(k)): (v, f"handler.vllm_engine_config.{k}")
            for k, v in engine_cfg.items()
        }
        vllm_facts(sheet, settings, where)
    elif "max_length" in handler:
        sheet.put(
            "maxModelLen",
            as_int(handler["max_length"], where, "handler.max_length"),
            "handler.max_length",
        )
    torchrun = data.get("torchrun")
    if isinstance(torchrun, dict) and str(data.get("parallelType", "")).lower() in ("tp", "pptp"):
        n = torchrun.get("nproc-per-node", torchrun.get("nproc_per_node"))
        sheet.put(
            "tensorParallelSize",
            as_int(n, where, "torchrun.nproc-per-node"),
            "torchrun.nproc-per-node",
        )
    if not sheet.facts:
        raise DriftcheckError("TorchServe model-config states no model settings", where)
    # TorchServe's vLLM handler hands vllm_engine_config to vLLM, which applies its own checks
    sheet.notes.append("engine: vllm" if isinstance(engine_cfg, dict) else "engine: torchserve")
    return sheet.graph("torchserve")


# ----------------------------------------------------------------------------- Ollama
def load_modelfile(path: Path) -> Graph:
    """Ollama Modelfile: ``FROM`` and ``PARAMETER num_ctx N`` (the context it serves)."""
    where = str(path)
    sheet = FactSheet(where)
    for no, line in enumerate(read_manifest_text(path).splitlines(), 1):
        parts = line.strip().split(None, 2)
        if not parts or parts[0].startswith("#"):
            continue
        op = parts[0].upper()
        if op == "FROM" and len(parts) > 1:
            sheet.notes.append(f"model: {' '.join(parts[1:])[:200]}")
        elif op == "PARAMETER" and len(parts) == 3:
            key, value = parts[1].lower(), parts[2].strip()
            if key == "num_ctx":
                sheet.put("maxModelLen", as_int(value, f"{where}:{no}", "num_ctx"), "num_ctx")
            elif key == "rope_frequency_base":
                sheet.put(
                    "ropeTheta",
                    as_float(value, f"{where}:{no}", "rope_frequency_base"),
                    "rope_frequency_base",
                )
    sheet.notes.append("engine: ollama")
    return sheet.graph("ollama-modelfile")
