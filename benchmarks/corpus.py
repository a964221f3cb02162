"""The torch oracle over the transformers corpus: every model type, built on the meta device.

For each ``model_type`` in transformers' ``CONFIG_MAPPING_NAMES`` we build the default config
(``AutoConfig.for_model``) and the base model (``AutoModel.from_config``) under
``torch.device("meta")`` -- no memory, no weights, milliseconds per model -- and record the
exact trainable parameter count (``sum(p.numel() for p in model.parameters())``, which counts a
tied parameter once), the model class, its modeling file and the config dict. This is the
ground truth the static parser (``bench_source_corpus.py``) and the HF-config route compare
against.

Usage::

    python benchmarks/corpus.py                # build / refresh the cache, print a summary
    python benchmarks/corpus.py --only llama,bert --no-cache

From code::

    from benchmarks.corpus import load_oracle
    oracle = load_oracle()          # {model_type: record}; record["params"] is None on failure

The cache is ``benchmarks/out/oracle-<transformers version>.json`` (gitignored).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "out"
TIMEOUT_S = 60
WORKERS = 2


def model_types() -> list[str]:
    """Every model type transformers knows a config class for, sorted."""
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING_NAMES

    return sorted(CONFIG_MAPPING_NAMES)


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Timeout()


def oracle(model_type: str, timeout_s: int = TIMEOUT_S) -> dict[str, Any]:
    """Build ``model_type``'s default config and base model on meta; the record says how.

    Returns a dict with ``model_type``, ``config_class``, ``model_class``, ``modeling_file``,
    ``params`` (int) and ``config`` (the config dict) on success; on failure ``params`` is
    None and ``error`` says why (the first line of the exception, or "timeout").
    """
    import inspect

    import torch
    from transformers import AutoConfig, AutoModel
    from transformers.models.auto.modeling_auto import MODEL_MAPPING_NAMES

    rec: dict[str, Any] = {"model_type": model_type, "params": None}
    t0 = time.perf_counter()
    use_alarm = timeout_s > 0 and hasattr(signal, "SIGALRM")
    if use_alarm:
        old = signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(timeout_s)
    try:
        cfg = AutoConfig.for_model(model_type)
        rec["config_class"] = type(cfg).__name__
        rec["config"] = json.loads(json.dumps(cfg.to_dict(), default=str))
        if model_type not in MODEL_MAPPING_NAMES:
            rec["error"] = "no AutoModel mapping"
            return rec
        with torch.device("meta"):
            model = AutoModel.from_config(cfg)
        cls = type(model)
        rec["model_class"] = cls.__name__
        rec["modeling_file"] = inspect.getsourcefile(cls)
        rec["params"] = int(sum(p.numel() for p in model.parameters()))
    except _Timeout:
        rec["error"] = f"timeout after {timeout_s}s"
    except BaseException as e:  # noqa: BLE001 - any failure of a model build is data here
        if isinstance(e, KeyboardInterrupt):
            raise
        first = (str(e).strip().splitlines() or [""])[0][:300]
        rec["error"] = f"{type(e).__name__}: {first}"
    finally:
        if use_alarm:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, old)
        rec["seconds"] = round(time.perf_counter() - t0, 3)
    return rec


def _quiet() -> None:
    import logging
    import warnings

    warnings.filterwarnings("ignore")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    logging.disable(logging.WARNING)
    try:
        from transformers.utils import logging as tlog

        tlog.set_verbosity_error()
    except Exception:  # noqa: BLE001
        pass


def _worker(model_type: str) -> dict[str, Any]:
    return oracle(model_type)


def cache_path() -> Path:
    import transformers

    return OUT / f"oracle-{transformers.__version__}.json"


def compute(types: list[str], workers: int = WORKERS, progress: bool = False) -> dict[str, dict]:
    """Run ``oracle`` over ``types`` in ``workers`` processes (fork, transformers preloaded)."""
    _quiet()
    import torch  # noqa: F401 - preload so forked workers share the import
    import transformers  # noqa: F401

    out: dict[str, dict] = {}
    ctx = mp.get_context("fork")
    with ctx.Pool(workers, initializer=_quiet, maxtasksperchild=50) as pool:
        for i, rec in enumerate(pool.imap_unordered(_worker, types, chunksize=1), 1):
            out[rec["model_type"]] = rec
            if progress and i % 50 == 0:
                print(f"  {i}/{len(types)}", file=sys.stderr, flush=True)
    return {k: out[k] for k in sorted(out)}


def load_oracle(refresh: bool = False, progress: bool = False) -> dict[str, dict]:
    """All model types' records, from the cache when it exists (computing it otherwise)."""
    path = cache_path()
    if path.is_file() and not refresh:
        return json.loads(path.read_text())
    data = compute(model_types(), progress=progress)
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1))
    tmp.replace(path)
    return data


def built(data: dict[str, dict]) -> dict[str, dict]:
    """The records whose model built on meta (``params`` known)."""
    return {k: v for k, v in data.items() if v.get("params") is not None}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--refresh", action="store_true", help="recompute even if cached")
    ap.add_argument("--only", help="comma-separated model types (not cached)")
    ap.add_argument("--no-cache", action="store_true", help="do not read or write the cache")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    if args.only or args.no_cache:
        types = args.only.split(",") if args.only else model_types()
        data = compute(types, progress=True)
    else:
        data = load_oracle(refresh=args.refresh, progress=True)
    ok = built(data)
    errors: dict[str, int] = {}
    for rec in data.values():
        if rec.get("params") is None:
            kind = rec.get("error", "?").split(":")[0]
            errors[kind] = errors.get(kind, 0) + 1
    for kind, n in sorted(errors.items(), key=lambda kv: -kv[1]):
        print(f"  failed: {kind}: {n}")
    if args.only:
        for k, rec in data.items():
            print(f"  {k}: {rec.get('model_class')} {rec.get('params')} {rec.get('error', '')}")
    print(f"elapsed {time.perf_counter() - t0:.1f}s; cache {cache_path()}")
    print(f"built on meta: {len(ok)} of {len(data)} model types")
    return 0


if __name__ == "__main__":
    sys.exit(main())
