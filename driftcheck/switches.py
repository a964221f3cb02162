"""Every ``DRIFTCHECK_*`` environment variable driftcheck reads, declared once, with its meaning.

Two kinds (session 36, hygiene36):

- ``ANSWERS``: the switch can change what an analysis computes (a rule turned off, a debug
  injection, the matcher's strictness). The result cache keys on the values of exactly these
  (``parsers/cache.py`` ``env_switches``), so an answer computed under one is never served to a
  run without it.
- ``NEUTRAL``: the switch changes no answer, only where output goes, how it is printed, how
  long it takes or where the cache lives (the speed layer's switches: ``driftcheck/speed.py``,
  whose every mechanism is proved output-identical on and off by ``tests/test_speed.py``). A
  key that carried them would miss for nothing (``DRIFTCHECK_PATHS`` differs per pull request).

The table is one module, not declarations spread over the modules that read them: much of
driftcheck is imported lazily (the forward rules load at the first forward call), so a
registry filled at import would be incomplete when the first key is made. ``tests/
test_hygiene36a.py`` fails when code under ``driftcheck/`` names a ``DRIFTCHECK_*`` variable
that is in neither table (or builds such a name at run time), and when a table names a
variable no code reads. The module imports only ``os``: every process may read it.

The forward pass reads its rules' switches once per pass (``answers_now`` into
``Flow.switches``), not at every call: a call hook runs at every call in ``forward``.
"""

from __future__ import annotations

import os

ANSWERS: dict[str, str] = {
    # interp/aliasing.py
    "DRIFTCHECK_NO_ALIAS_CHECK": "interp/aliasing.py: the alias check of module globals off",
    "DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS": "interp/aliasing.py: the named globals read as unknown",
    # graph/match
    "DRIFTCHECK_STRUCTURAL": "graph/match/semantic.py: every structural difference reported",
    "DRIFTCHECK_NO_STACK_WIDTH": "graph/match/derive.py: widths read through stacks off",
    "DRIFTCHECK_NO_UNKNOWN35": "graph/match/diff.py: unknown sizes as info findings off (pre-session-35 matcher)",
    "DRIFTCHECK_NO_ONE_WEIGHT35": "graph/match/semantic.py: the one-weight layout rule off",
    # forward rules (parsers/source/forward/dataflow_fix*.py): each turns one rule off
    "DRIFTCHECK_NO_SAME_PARAMS": "forward/dataflow_fix33b.py: a listed parameter not the same object",
    "DRIFTCHECK_NO_FIX34_GRAD": "forward/dataflow_fix34.py: grad mode in callees, deepcopy off",
    "DRIFTCHECK_NO_APPLY34": "forward/dataflow_fix34b.py: self.apply(fn) in forward off",
    "DRIFTCHECK_NO_MODISINST34": "forward/dataflow_fix34b.py: isinstance(module, cls) off",
    "DRIFTCHECK_NO_FIX34C": "forward/dataflow_fix34c.py: autograd Function.apply rule off",
    "DRIFTCHECK_NO_TEMP0_34D": "forward/dataflow_fix34d.py: temperature-zero sampling off",
    "DRIFTCHECK_NO_PARAMRM_34D": "forward/dataflow_fix34d.py: remove_parametrizations check off",
    "DRIFTCHECK_NO_PARAMNAME_34D": "forward/dataflow_fix34d.py: no-such-tensor name check off",
    "DRIFTCHECK_NO_PRUNE_REMOVE_35": "forward/dataflow_fix35.py: prune.remove rule off",
    "DRIFTCHECK_NO_LOAD_STATE_35": "forward/dataflow_fix35.py: load_state_dict rule off",
    "DRIFTCHECK_NO_PREHOOK_FORM_35": "forward/dataflow_fix35.py: forward pre-hook return form off",
    "DRIFTCHECK_NO_CTORS_35B": "forward/dataflow_fix35b.py: torch constructor argument checks off",
    "DRIFTCHECK_NO_FIX35C": "forward/dataflow_fix35c.py: loss-argument, pad_sequence checks off",
    "DRIFTCHECK_NO_SCRIPT_DIR_DATA": "library/pkgdata.py: a script outside any package does not read data files in its own folder (read by default since session 37)",
    "DRIFTCHECK_NO_TORCH_CHECKS": "forward/dataflow_torchchecks.py, interp/torchchecks_init.py: the table of torch's argument checks off",
    "DRIFTCHECK_NO_FIX36B": "forward/dataflow_fix36b*.py: op argument, sparse, save, data pipeline, tracing rules off",
    "DRIFTCHECK_NO_FIX36D": "forward/dataflow_fix36d.py: forward-AD make_dual rules off",
    "DRIFTCHECK_NO_VIEW_RANK": "graph/match/canon.py: negative view / transpose / split axes placed by the view's rank off (session 39 reimplfix39a)",
    "DRIFTCHECK_NO_DENSE_WIDTH": "graph/match/densewidth.py: the dense MLP width of interleaved dense / sparse layers read off their Linear pair off (session 40 reimplfix40a)",
    "DRIFTCHECK_NO_ALL_SPARSE": "graph/match/derive.py dense_lead, sparseonly.py: an all-sparse numbered stack read as firstKDenseReplace 0 off (session 40 reimplfix40a)",
    "DRIFTCHECK_NO_FIXED_EPS": "graph/match/uses.py: a library's fixed norm eps beside the config's (DeepSeek-V3 latent norms) compared as a use again (session 40 reimplfix40a)",
    "DRIFTCHECK_ROPE_HALVES": "graph/match/ropehalves.py: =0 reads a rotary's two-halves reshape as a head split again (session 40 reimplfix40b)",
    "DRIFTCHECK_NO_LAYER_PATTERN": "graph/match/layerpattern.py: the layer-pattern fact (which numbered layers are of which kind) off (session 39 reimplfix39a)",
    "DRIFTCHECK_NO_FIX39A": "forward/dataflow_fix39a*.py: session 39 crashgen39 off (plain objects built in forward, GradScaler / optimizer values held by objects, IterableDataset DataLoader options)",
    "DRIFTCHECK_NO_FIX40B": "forward/dataflow_fix40b*.py: session 40 crashfix40b rules off (module train/eval/to_empty arguments, NestedTensor reductions, polygamma order, LKJCholesky dim, binomial / isin / tensor_split dtypes, renorm maxnorm, wide-uint arange)",
    "DRIFTCHECK_NO_FIX39B": "forward/dataflow_fix39b*.py: session 39 crashfix39b rules off (entry argument checks: jacobian strategy, bicubic 5-D grid_sample, householder_product, soft-target ignore_index, spectral_norm iterations, SobolEngine, torch.gradient spacing, ReshapeTransform)",
    "DRIFTCHECK_FIX40A": "forward/dataflow_fix40a*.py: session 40 crashfix40a ON (opt-in: review40 found false blockers it makes reachable; state_dict() values, io.BytesIO round trip, modules built in forward, dict(pairs))",
    "DRIFTCHECK_NO_FIX40A": "forward/dataflow_fix40a*.py: session 40 crashfix40a off (a module's state_dict() as a dict of known tensors, io.BytesIO followed through torch.save / seek / torch.load)",
    "DRIFTCHECK_NO_FIX38B": "forward/dataflow_fix38b*.py: session 38 crashfix38b rules off (torch argument rules on calls whose splats are spread whole)",
    "DRIFTCHECK_NO_FIX37D": "forward/dataflow_fix37d*.py (+ fix34c backward run count, strides of softmax): session 37 crashfix37b rules off",
    "DRIFTCHECK_NO_PREHOOKS_36": "forward/dataflow_fix36.py: forward pre-hooks modelled on module calls off",
    "DRIFTCHECK_NO_SUPPRESS_36": "forward/dataflow_catch.py: `with contextlib.suppress(...)` bodies read as try bodies off",
    "DRIFTCHECK_NO_TRY_CLASSES_38": "forward/dataflow_catch.py: a `try` body whose handlers name builtin classes read as `contextlib.suppress` of them off (any try body speculative)",
    "DRIFTCHECK_NO_FIX38A": "forward/dataflow_fix38a*.py: session 38 crashfix38a rules off (module self-returns, bn fusion sizes, saved-tensors-hook regions, ChainDataset of map-style, __init__ optimizers read in forward)",
    "DRIFTCHECK_NO_FIX37C": "forward/dataflow_fix37c*.py: process-group, SDPA-backend and data-loading rules off",
    "DRIFTCHECK_NO_LOADER_NEXT_36": "forward/dataflow_fix36_loader.py: DataLoader / hook-handle / extra-state rules off",
    "DRIFTCHECK_NO_TRY_IMPORTS_40": "interp/importreach.py: an import of a `try` body / `suppress` block after one that may fail read as sure (session 40 wildfix40a off)",
    "DRIFTCHECK_NO_OUTSIDE_REGS_40": "interp/decorated.py: registrations in reached project modules outside the registry's package not searched (session 40 wildfix40a off)",
    "DRIFTCHECK_NO_ENV_DEFAULT_DRIFT": "drift/service.py: the env-default pass (drift its environment defaults show, capped at minor) off",
}
"""Switches that can change an answer: the result cache keys on their values."""

NEUTRAL: dict[str, str] = {
    # the result cache itself
    "DRIFTCHECK_CACHE_DIR": "parsers/cache.py: where the cache lives",
    # the speed layer (speed.py ``Speed.from_env``): output-identical by contract and by test
    "DRIFTCHECK_NO_CACHE": "speed.py: the result cache and derived tables off",
    "DRIFTCHECK_TEMPLATE": "speed.py: config-parametric templates on or off",
    "DRIFTCHECK_MEMO": "speed.py: layer and property memos off (0)",
    "DRIFTCHECK_SPEED_OFF": "speed.py: the named speed mechanisms off",
    "DRIFTCHECK_VERIFY_NO_MEMO": "speed.py: the verifier's memos off",
    "DRIFTCHECK_GYM_NO_MEMO": "speed.py: the gym's memos off",
    "DRIFTCHECK_GYM_NO_FAST": "speed.py: the gym's fast paths off",
    "DRIFTCHECK_GYM_NO_GC_PAUSE": "speed.py: the gym's GC pause off",
    # printing and debugging
    "DRIFTCHECK_NO_PROGRESS": "progress.py: no progress line",
    "DRIFTCHECK_TEMPLATE_DEBUG": "parsers/template.py: print why a trace failed",
    "DRIFTCHECK_HUB_PROBE": "parsers/hf_source.py: skip the Hub reachability probe (0)",
    # the GitHub Action's inputs (action.py): they choose what to run and how to report; the
    # analysis they start sees them as command-line options (``--assume-env-defaults`` is in
    # the key as an option of the analysis)
    "DRIFTCHECK_FAIL_ON": "action.py: severity that fails the job",
    "DRIFTCHECK_SARIF": "action.py: where the SARIF file goes",
    "DRIFTCHECK_FORMAT": "action.py: the log's format",
    "DRIFTCHECK_ANNOTATE": "action.py: which findings become annotations",
    "DRIFTCHECK_ASSUME_ENV_DEFAULTS": "action.py: passed on as --assume-env-defaults",
    "DRIFTCHECK_PATHS": "action.py: the files to check",
    "DRIFTCHECK_COMPARE": "action.py: the LEFT=RIGHT pairs to compare",
    "DRIFTCHECK_BASE": "action.py: the git base for changed lines",
}
"""Switches that change no answer: the result cache leaves them out of its key."""

ALL = {**ANSWERS, **NEUTRAL}


def answers_now() -> dict[str, str]:
    """The answer-changing switches set in the environment now, name -> value."""
    env = os.environ
    return {k: env[k] for k in ANSWERS if k in env}
