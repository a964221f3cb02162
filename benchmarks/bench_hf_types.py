"""Config field types against transformers' strict config classes, field by field.

For every model type (or every k-th), each field the model's own config class declares gets a
value of every JSON type; transformers builds the config, and its verdict (refused for the
value's type, or built) is compared with ``driftcheck.parsers.hf_types``'s. Precision must be
100% (a refusal is never ours alone); recall is what we decide from the annotation text. Then
every config class's own defaults (``to_json_string``) must pass. Prints both; the last line is
the precision.

    python benchmarks/bench_hf_types.py [--stride 1]
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
import warnings
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from driftcheck.parsers import hf_registry as reg  # noqa: E402
from driftcheck.parsers.hf_defaults import class_info  # noqa: E402
from driftcheck.parsers.hf_types import accepts, field_type_errors, parse  # noqa: E402

POOL = (3, 2.5, True, "x", None, [1, 2], [1.5], {"a": 1})


def classes(stride: int):
    import transformers
    from transformers.utils import logging as hf_logging

    hf_logging.set_verbosity_error()
    for mt in reg.known_model_types()[::stride]:
        name = reg.config_class_name(mt)
        info = class_info(name, mt) if name else None
        cls = getattr(transformers, name, None) if name else None
        if info is not None and cls is not None:
            yield mt, info, cls


def refused(cls: Any, field: str, value: Any) -> bool | None:
    """True when transformers refuses the value's type for ``field``; None when building the
    config fails for another reason (a range validator, ``__post_init__`` arithmetic)."""
    from huggingface_hub.errors import StrictDataclassFieldValidationError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            cls(**{field: copy.deepcopy(value)})
    except StrictDataclassFieldValidationError as e:
        text = str(e)
        return True if "TypeError" in text and f"'{field}" in text else None
    except Exception:  # noqa: BLE001 -- not a type verdict
        return None
    return False


def agreement(stride: int) -> dict[str, Any]:
    """Confusion counts of our verdict against transformers' over (field, value) pairs."""
    out: dict[str, Any] = {"both": 0, "neither": 0, "ours_only": [], "theirs_only": 0}
    for mt, info, cls in classes(stride):
        for field, node in info.annotations.items():
            t = parse(node, info.path)
            for value in POOL:
                theirs = refused(cls, field, value)
                if theirs is None:
                    continue
                ours = not accepts(t, value)
                if ours and theirs:
                    out["both"] += 1
                elif ours:
                    out["ours_only"].append((mt, field, value))
                elif theirs:
                    out["theirs_only"] += 1
                else:
                    out["neither"] += 1
    return out


def default_refusals(stride: int) -> tuple[int, list[tuple[str, str]]]:
    """(config classes checked, those whose own defaults we would refuse)."""
    checked, bad = 0, []
    for mt, info, cls in classes(stride):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                data = json.loads(cls().to_json_string(use_diff=False))
        except Exception:  # noqa: BLE001 -- a class that needs arguments
            continue
        checked += 1
        errors = field_type_errors(data, info)
        if errors:
            bad.append((mt, errors[0].message()))
    return checked, bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--stride", type=int, default=1, help="every k-th model type")
    args = ap.parse_args(argv)
    t0 = time.process_time()
    a = agreement(args.stride)
    checked, bad = default_refusals(args.stride)
    refused_ = a["both"] + len(a["ours_only"])
    judged = a["both"] + a["neither"] + len(a["ours_only"]) + a["theirs_only"]
    print(f"(field, value) pairs judged by transformers: {judged}")
    print(f"  refused by both {a['both']}, by neither {a['neither']}")
    print(f"  refused by us only {len(a['ours_only'])}: {a['ours_only'][:5]}")
    print(f"  refused by transformers only {a['theirs_only']} (undecided from the text)")
    print(f"recall {a['both'] / max(1, a['both'] + a['theirs_only']):.1%}")
    print(f"default configs refused: {len(bad)}/{checked} {bad[:3]}")
    print(f"({time.process_time() - t0:.1f} CPU s)")
    print(f"precision {a['both']}/{refused_} = {a['both'] / max(1, refused_):.1%}")
    return 0 if not a["ours_only"] and not bad else 1


if __name__ == "__main__":
    raise SystemExit(main())
