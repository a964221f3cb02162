"""A config's fields as its transformers class would build them, by the source interpreter.

``hf_defaults.complete`` reads a config class from its source with a small evaluator of its own:
class defaults, aliases, sub-configs and the common ``__post_init__`` idioms. The source parser
already interprets config classes in full (``Configs.make_config``: the dataclass defaults,
``__post_init__`` with every helper it calls, ``math``, properties, ``super()`` chains), because
the modeling code reads the built object. What ``complete`` cannot evaluate the interpreter
often can: ``time_step_rank = math.ceil(hidden_size / 16)`` when the field says ``"auto"``,
RoPE parameters standardized by a helper function, values copied from a sub-config. So after its
own pass ``complete`` fills its holes (a field missing, None, or a placeholder string) with what
the interpreter computed, never touching a value the config file wrote (``overlay``).

Measured on every third model type of the corpus: ``{"model_type": t}`` completed equal to
``AutoConfig.for_model(t).to_dict()`` on every numeric field for 161/190 types with
``complete`` alone and 174/190 with this overlay (``benchmarks/bench_hf_corpus.py`` prints the
full-corpus figure). A config class the interpreter cannot build leaves ``complete``'s answer.
"""

from __future__ import annotations

from typing import Any

_SKIP = frozenset({"model_type", "transformers_version", "architectures"})
# fields the interpreter builds whole where ``complete`` only approximates them: the RoPE dict
# goes through the class's own ``convert_rope_params_to_dict`` (gemma3's per-layer-type dicts,
# gpt_neox's ``rotary_pct``), which ``complete``'s flat standardisation does not run; merged,
# the two gave a nested dict with stray top-level ``rope_type`` / ``rope_theta`` keys
_BUILT_WINS = frozenset({"rope_parameters"})


def built_fields(cfg: dict[str, Any], model_type: str) -> dict[str, Any] | None:
    """The fields ``ConfigClass(**cfg)`` ends up with, as plain JSON values (sub-configs as
    dicts); a value the interpreter could not compute is left out. None when the model type
    has no config class the interpreter can find, or building it fails."""
    from driftcheck.parsers import hf_registry as reg
    from driftcheck.parsers.source.library.machine import Interp
    from driftcheck.parsers.source.loader import Finder
    from driftcheck.parsers.source.speed.gcpause import cycle_gc_paused
    from driftcheck.parsers.source.values.abstract import Budget
    from driftcheck.speed import current

    pkg = reg.package_dir()
    if pkg is None:
        return None
    sp = current()
    try:
        with cycle_gc_paused(sp.gc_pause):
            interp = Interp(Finder([pkg.parent]), sp)
            try:
                cls = interp.library.hf_config_class(model_type)
                if cls is None:
                    return None
                built = interp.configs.config_from_dict(dict(cfg), "<config>", cls)
                return _plain_fields(built, 0)
            finally:
                interp.close()
    except (Budget, RecursionError, ValueError, TypeError, KeyError, AttributeError):
        return None  # best effort: ``complete``'s own answer stands
    except Exception:  # noqa: BLE001 - an analyzed config class may raise anything it models
        return None


_UNKNOWN: Any = object()


def _plain_fields(cfg: Any, depth: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in cfg.fields.items():
        if isinstance(k, str):
            p = _plain(v, depth)
            if p is not _UNKNOWN:
                out[k] = p
    return out


def _plain(v: Any, depth: int) -> Any:
    from driftcheck.parsers.source.values.abstract import Config, plain

    if depth > 8:
        return _UNKNOWN
    v = plain(v)
    if isinstance(v, Config):
        return _plain_fields(v, depth + 1)
    if v is None or isinstance(v, (str, int, float, bool)):
        return v
    if isinstance(v, (list, tuple)):
        items = [_plain(x, depth + 1) for x in v]
        return _UNKNOWN if any(x is _UNKNOWN for x in items) else items
    if isinstance(v, dict):
        if not all(isinstance(k, str) for k in v):
            return _UNKNOWN
        d = {k: _plain(x, depth + 1) for k, x in v.items()}
        return _UNKNOWN if any(x is _UNKNOWN for x in d.values()) else d
    return _UNKNOWN  # Unknown, tensors, classes: not a JSON value


def overlay(out: dict[str, Any], built: dict[str, Any], given: dict[str, Any]) -> None:
    """Fill the holes of ``complete``'s answer ``out`` with ``built``'s values: a field it
    lacks, left ``None``, or left a placeholder string (``"auto"``) where the interpreter
    computed a number. Sub-config dicts merge field by field; a field ``given`` (the config as
    written) holds is never touched. Where both have a real value, ``complete``'s stands: the
    interpreter reads some base-class defaults as None (``rope_theta`` on Llama) that
    ``complete`` knows."""
    for k, v in built.items():
        if k in _SKIP or k in given and not isinstance(v, dict):
            continue
        mine = given.get(k)
        have = out.get(k, _UNKNOWN)
        if k in _BUILT_WINS and k not in given and isinstance(v, dict):
            out[k] = v
        elif isinstance(v, dict) and isinstance(have, dict):
            overlay(have, v, mine if isinstance(mine, dict) else {})
        elif (
            have is _UNKNOWN
            or (have is None and v is not None)
            or (isinstance(have, str) and _number(v))
        ):
            out[k] = v


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)
