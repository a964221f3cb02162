"""The blind wild-code batches from session 14 on (benchmarks/wild/fresh7 .. fresh39): their truth files.

Each batch was written blind (nobody ran the analyzer on it while it was written; the lead runs
``bench_wild.py --corpus freshN`` once at the session's base and once at its end). These tests
touch only the truth and the bookkeeping, through ``tests/wild_batch_support.py`` (shared with
the older batches' own files), and rebuild a sample of pure-torch standalone files in torch on
the meta device. The batches' libraries live in ``benchmarks/wild/.vendor`` (install.sh), which
CI does not install: nothing here imports them. A new batch adds one ``Batch`` here.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests import wild_batch_support as wb


@dataclass(frozen=True)
class Batch:
    # small torch-only files, each sharing or freezing tensors in a way a count can get wrong:
    # stem -> (shares tensors, freezes some parameters)
    sample: dict[str, tuple[bool, bool]]
    min_library_files: int
    min_libraries: int
    min_standalone: int


# the corpora written before these batches; each batch may not reuse the libraries of those
# and of every batch registered before it in BATCHES
FIRST_CORPORA = ("main", "fresh", "fresh3", "fresh4", "fresh5", "fresh6")


def older(corpus: str) -> tuple[str, ...]:
    """The corpora whose libraries ``corpus`` may not use again: all written before it."""
    names = list(BATCHES)
    return FIRST_CORPORA + tuple(names[: names.index(corpus)])


BATCHES: dict[str, Batch] = {
    # written blind in session 14
    "fresh7": Batch(
        sample={
            # one GLU projection pair reached from every TabNet decision step
            "tabnet_shared_glu_steps": (True, False),
            # GATv2's first layer uses one projection for sources and targets
            "gatv2_dense_adjacency": (True, False),
            # LM head tied to the token table
            "mixture_of_depths_router": (True, False),
            # a frozen encoder and decoder beside a trainable deep copy (copies share nothing)
            "controlnet_zero_convs_copy": (False, True),
            # target critics deep-copied and frozen, a learnable log temperature
            "sac_twin_q_targets_log_alpha": (False, True),
            # Gaussian Fourier features held as a frozen parameter
            "score_sde_fourier_mlp": (False, True),
        },
        min_library_files=65,
        min_libraries=20,
        min_standalone=35,
    ),
    # written blind in session 15
    "fresh8": Batch(
        sample={
            # one agent network placed in a ModuleList once per agent
            "qmix_hypernet_mixer": (True, False),
            # offset attention's query conv reuses the key conv's weight
            "point_cloud_transformer_offset": (True, False),
            # the output layer reuses the item table (its bias is a separate parameter)
            "bert4rec_tied_output": (True, False),
            # LM head tied to the word embeddings
            "falcon_parallel_mqa": (True, False),
            # an EMA target deep-copied and frozen, frozen Fourier features
            "consistency_model_skip_scaling": (False, True),
            # an EMA shadow of the denoiser inside the trainer module, frozen
            "ema_wrapper_shadow_copy": (False, True),
        },
        min_library_files=65,
        min_libraries=20,
        min_standalone=35,
    ),
    # written blind in session 16
    "fresh9": Batch(
        sample={
            # GPT behind torch.compile (the wrapper's _orig_mod), LM head tied to the token embeddings
            "compiled_gpt_block": (True, False),
            # selective-SSM LM from a dataclass config, tied head
            "dataclass_mamba_like_ssm": (True, False),
            # spectral norm as a parametrization (weight -> parametrizations.weight.original)
            "spectral_norm_dcgan_disc": (False, False),
            # a scripted backbone inside an eager wrapper whose stem is frozen
            "jit_script_wrapped_cnn": (False, True),
        },
        min_library_files=39,
        min_libraries=13,
        min_standalone=16,
    ),
    # written blind in session 16
    "fresh10": Batch(
        sample={
            # lazy layers materialized by a dummy forward at build time
            "lazy_har_cnn_materialized": (False, False),
            # MobileLLM block-wise sharing: each block object listed twice, head tied to the embeddings
            "mobilellm_block_weight_sharing": (True, False),
            # spectral norm as a parametrization on Conv2d, Linear and Embedding
            "sngan_projection_disc_parametrize": (False, False),
        },
        min_library_files=39,
        min_libraries=11,
        min_standalone=20,
    ),
    # written blind in session 17
    "fresh11": Batch(
        sample={
            # an output head tied to an embedding by a property setter given a plain flag
            "tied_weights_via_property": (True, False),
            # LoRA as a custom parametrization on frozen projections (A, B owned by the parametrization)
            "custom_parametrization_lora": (False, True),
            # ALBERT: MLM decoder weight tied to the word embeddings, bias a separate Parameter
            "albert_shared_layer_factorized_embed": (True, False),
            # deep-copied clones, one LayerNorm object reached as encoder and decoder norm
            "deepcopy_layer_clones_shared_tail": (True, False),
        },
        min_library_files=36,
        min_libraries=11,
        min_standalone=25,
    ),
    # written blind in session 18
    "fresh12": Batch(
        sample={
            # `nn.Sequential(block) * 4` repeats the same block object four times
            "sequential_mul_shared_blocks": (True, False),
            # copy.copy shares the parameter dict; a deep-copied, frozen target beside it
            "shallow_copy_twin_encoders": (True, True),
            # an lru_cache'd norm builder hands the same LayerNorm to several blocks
            "lru_cache_shared_norms": (True, False),
            # a cached_property head and a class-level module: neither is registered
            "cached_property_unregistered_head": (False, False),
            # pruning re-parametrisation (weight_orig) and hand-sliced conv channels
            "prune_reparam_and_channel_slice": (False, False),
        },
        min_library_files=35,
        min_libraries=11,
        min_standalone=29,
    ),
    # written blind in session 18
    "fresh13": Batch(
        sample={
            # a ModuleList grown with += / extend where one Linear object is listed twice
            "modulelist_iadd_extend": (True, False),
            # a VQ-VAE whose residual stack is `[layer] * n` (one layer object) and EMA codebook buffers
            "vqvae_ema_codebook_long": (True, False),
            # the decoder weight re-pointed at the embedding through a property setter
            "property_tied_embeddings": (True, False),
            # a hypernetwork: the target net's parameters deleted from _parameters
            "hypernetwork_generated_target": (False, False),
            # everything frozen, then a new head and two stages unfrozen by a name regex
            "staged_unfreeze_named_filter": (False, True),
        },
        min_library_files=36,
        min_libraries=10,
        min_standalone=24,
    ),
    # written blind in session 19
    "fresh14": Batch(
        sample={
            # the LM head re-pointed at the token table (config from an inline TOML document)
            "tomllib_config_transformer": (True, False),
            # an inner backbone frozen behind a __getattr__-delegating adapter wrapper
            "getattr_delegating_wrapper": (False, True),
            # a diffusion denoiser with an EMA shadow deep-copied and frozen inside the wrapper
            "perceiver_diffusion_long": (False, True),
            # deep copies of one prototype (sharing nothing) with pruning's weight_orig / bias_orig
            "deepcopy_stack_then_prune": (False, False),
            # widths from assignment expressions, encoder and decoder separate
            "walrus_width_schedule": (False, False),
        },
        min_library_files=36,
        min_libraries=10,
        min_standalone=25,
    ),
    # written blind in session 19 (helper wild15)
    "fresh15": Batch(
        sample={
            # odd blocks are copy.copy() of the prototype (same tensors), even ones deep copies
            "slots_config_copy_shallow": (True, False),
            # an lru_cache'd builder hands back the same module for equal arguments
            "lru_cache_shared_builders": (True, False),
            # LoRA wrappers around frozen base Linears found by walking named_modules()
            "lora_injection_named_modules": (False, True),
            # the trunk frozen by requires_grad_(False), then a stage and a head added
            "requires_grad_freeze_then_replace_head": (False, True),
            # parameter surgery after Module.apply init: conv cut to 1 input channel, biases deleted
            "apply_init_param_surgery": (False, False),
        },
        min_library_files=26,
        min_libraries=9,
        min_standalone=20,
    ),
    # written blind in session 20 (helper wild16)
    "fresh16": Batch(
        sample={
            # one encoder weight reached again under another name, an LM head tied to the embeddings
            "tied_autoencoder": (True, False),
            # latent attention / feed-forward blocks shared through a cached factory (weight tying)
            "paper_weather_perceiver": (True, False),
            # an LM head tied to the token table, sizes from os.environ defaults
            "env_defaults": (True, False),
            # deep-copied decoder layers beside the prototype they were copied from (nothing shared)
            "deepcopy_decoder": (False, False),
            # channel pruning by replacing parameters with sliced copies after apply() init
            "prune_channels": (False, False),
        },
        min_library_files=35,
        min_libraries=10,
        min_standalone=25,
    ),
    # written blind in session 20 (helper wild17; a short deadline, so a smaller batch)
    "fresh17": Batch(
        sample={
            # an LM head tied to the embeddings through a property; an untied transposed copy
            "property_tying": (True, False),
            # an lru_cache'd factory hands the same block back for a repeated width
            "lru_cache_blocks": (True, False),
            # deep copies beside the prototype, and layer 0 placed twice
            "deepcopy_stack_untied": (True, False),
            # frozen base layers with trainable zero-initialised adapters
            "closure_requires_grad": (False, True),
            # parameter surgery after apply(): a bias deleted, a weight widened
            "apply_surgery": (False, False),
        },
        min_library_files=16,
        min_libraries=6,
        min_standalone=25,
    ),
    # written blind in session 21 (helper wild18; a short deadline, so a smaller batch)
    "fresh18": Batch(
        sample={
            # deep copies of a prototype, block 0 placed twice, LM head tied to the embeddings
            "deepcopy_stack_tied": (True, False),
            # apply() init then surgery: a bias deleted, a grown output layer, the first layer frozen
            "apply_init_surgery": (False, True),
            # custom parametrizations (one holding its own parameter)
            "parametrize_custom": (False, False),
            # functools.singledispatch builder over dataclass specs
            "singledispatch_builder": (False, False),
        },
        min_library_files=24,
        min_libraries=6,
        min_standalone=11,
    ),
    # written blind in session 21 (helper wild19; a short deadline)
    "fresh19": Batch(
        sample={
            # a seq2seq GRU from a JSON object_hook config, output layer tied to the embeddings
            "json_object_hook_cfg": (True, False),
            # a ModuleList edited after construction (del, insert, extend, slot replaced)
            "module_surgery_del_insert": (False, False),
            # weight_norm / spectral_norm through torch.nn.utils.parametrizations
            "weight_norm_parametrized": (False, False),
            # conv+BN pairs fused with fuse_conv_bn_eval into new convs
            "fuse_conv_bn_export": (False, False),
        },
        min_library_files=37,
        min_libraries=11,
        min_standalone=12,
    ),
    # written blind in session 22 (helper wild20; a 35-minute deadline)
    "fresh20": Batch(
        sample={
            # an LM head tied to the embedding through a property, a custom symmetric parametrization
            "custom_parametrization": (True, False),
            # deepcopy-stacked blocks, apply() surgery that swaps a bias for a scale, a frozen EMA copy
            "deepcopy_apply_surgery": (False, True),
            # a GRU LM from argparse defaults in a NamedTuple, output tied to the embeddings
            "argparse_namedtuple_cfg": (True, False),
            # ParameterList / ParameterDict with persistent and non-persistent buffers
            "parameterlist_dict_buffers": (False, False),
        },
        min_library_files=20,
        min_libraries=4,
        min_standalone=16,
    ),
    # written blind in session 23 (helper wild21; a 35-minute deadline)
    "fresh21": Batch(
        sample={
            # an LM head tied to the token table, config merged with the dict | operator
            "dict_merge_configs": (True, False),
            # copy.copy shares the body between two towers; only the replaced head differs
            "shallow_copy_shares": (True, False),
            # apply() surgery drops biases (set to None), the input layer frozen
            "apply_freeze_reinit": (False, True),
            # one LayerNorm repeated in a ModuleList, ParameterList grown in a loop, non-persistent buffer
            "buffers_and_paramlist": (True, False),
        },
        min_library_files=28,
        min_libraries=6,
        min_standalone=20,
    ),
    # written blind in session 23 (helper wild22; a 35-minute deadline)
    "fresh22": Batch(
        sample={
            # apply() removes LayerNorm biases, the LM head tied to the token table, block 0 frozen
            "apply_surgery_tied": (True, True),
            # deepcopy gives independent copies; one Linear reused twice in the Sequential
            "deepcopy_stack": (True, False),
            # hand-written LoRA over frozen q/v linears, configured by a __slots__ class
            "slots_config_lora": (False, True),
            # an EMA deepcopy of ensemble member 0 held frozen next to the members
            "ensemble_ema": (False, True),
        },
        min_library_files=26,
        min_libraries=7,
        min_standalone=19,
    ),
    # written blind in session 24 (helper wild23; a 35-minute deadline)
    "fresh23": Batch(
        sample={
            # dict.fromkeys gives every task key the same Linear head
            "fromkeys_shared_heads": (True, False),
            # heapq.nsmallest picks the two narrowest conv blocks, which are frozen
            "heapq_freeze_smallest": (False, True),
            # a pickle round trip clones three independent towers; the last one frozen
            "pickle_clone_towers": (False, True),
            # a Linear kept only in a forward pre-hook's closure is no parameter of the model
            "prehook_closure_module": (False, False),
        },
        min_library_files=25,
        min_libraries=7,
        min_standalone=14,
    ),
    # written blind in session 25 (helper wild24; a 35-minute deadline)
    "fresh24": Batch(
        sample={
            # bank[w] builds one Linear per width and returns it again: q and k share weights
            "getitem_factory": (True, False),
            # parameters matching fnmatch patterns are frozen
            "fnmatch_freeze": (False, True),
            # the auxiliary head is removed with delattr after the build
            "delattr_aux_head": (False, False),
            # a width object with __index__ passed as a Linear size
            "index_protocol_width": (False, False),
        },
        min_library_files=29,
        min_libraries=8,
        min_standalone=15,
    ),
    # written blind in session 26 (helper wild25; a 35-minute deadline)
    "fresh25": Batch(
        sample={
            # the same projection composed twice with a custom __matmul__: its weights are shared
            "matmul_compose_shared": (True, False),
            # operator.methodcaller("requires_grad_", False) mapped over the stem freezes it
            "methodcaller_freeze": (False, True),
            # itertools.compress keeps four of six candidate blocks
            "compress_optional_blocks": (False, False),
            # the patch grid side is math.isqrt(num_patches)
            "isqrt_patch_grid": (False, False),
        },
        min_library_files=26,
        min_libraries=7,
        min_standalone=16,
    ),
    # written blind in session 27 (helper wild26; a 40-minute deadline)
    "fresh26": Batch(
        sample={
            # one projection composed twice with a custom __or__: its weights are shared
            "or_compose_heads": (True, False),
            # copy.deepcopy with a memo seeded by the embedding: three towers share one table
            "deepcopy_memo_shared": (True, False),
            # names stripped with str.removeprefix decide which parameters are frozen
            "removeprefix_freeze": (False, True),
            # the most common layer type (collections.Counter.most_common) is frozen
            "counter_most_common_freeze": (False, True),
            # grouped convs that torch rejects are skipped by contextlib.suppress(ValueError)
            "suppress_invalid_groups": (False, False),
            # repeated assignments in a class body, recorded by a metaclass __prepare__ namespace
            "prepare_metaclass_layers": (False, False),
        },
        min_library_files=27,
        min_libraries=7,
        min_standalone=24,
    ),
    # written blind in session 28 (helper wild27; a 40-minute deadline)
    "fresh27": Batch(
        sample={
            # itertools.repeat puts one Linear three times in a Sequential: its weights are shared
            "repeat_same_instance": (True, False),
            # re.sub strips layer indices; the blocks' norms are frozen
            "re_sub_freeze": (False, True),
            # only LayerNorm weights (name.removesuffix(".weight")) are frozen
            "removesuffix_groups": (False, True),
            # a pickle round trip clones a block; its __getstate__ drops the auxiliary head
            "getstate_pickle_clone": (False, False),
            # Enum.__members__ includes an alias: three heads, not two
            "enum_members_aliases": (False, False),
            # a custom __delattr__ swaps the deleted submodule for nn.Identity
            "delattr_to_identity": (False, False),
        },
        min_library_files=26,
        min_libraries=7,
        min_standalone=30,
    ),
    # written blind in session 29 (helper wild28; a 40-minute deadline)
    "fresh28": Batch(
        sample={
            # copy.deepcopy goes through the block's __reduce_ex__: the copies are rebuilt wider
            "reduce_deepcopy_block": (False, False),
            # copy.copy of a spec calls its __copy__, which halves the width
            "copy_dunder_prototype": (False, False),
            # a next() before the loop consumes the first width of a hand-written iterator
            "next_dunder_iterator": (False, False),
            # int keys come back from a json round trip as strings: int lookups fall back
            "json_roundtrip_int_keys": (False, False),
            # an except TypeError fallback builds a Linear + GLU instead of the rejected keyword form
            "except_typeerror_fallback": (False, False),
            # dict.popitem removes the last inserted key, not the largest
            "popitem_lifo_blocks": (False, False),
            # a __setattr__ override freezes submodules assigned under "frozen_" names
            "setattr_override_freeze": (False, True),
            # a ModuleList slice holds the same modules: the first two blocks appear twice
            "modulelist_slice_reuse": (True, False),
        },
        min_library_files=28,
        min_libraries=10,
        min_standalone=39,
    ),
    # written blind in session 30 (helper wild29; a 40-minute deadline)
    "fresh29": Batch(
        sample={
            # a UserList whose append stores each block twice: the same Linear under two indices
            "userlist_append_twice": (True, False),
            # issubclass goes through the marker's metaclass __subclasscheck__ (a flag, not the bases)
            "subclasscheck_meta_kinds": (False, False),
            # positional class patterns bind by __match_args__, not by constructor order
            "match_args_positional": (False, False),
            # hash(-1) is -2 in CPython
            "hash_minus_one": (False, False),
            # a finally clause mutates the list after the returned copy was taken
            "finally_mutates_after_return": (False, False),
            # w *= 2 goes through __imul__ (adds), w * 2 through __mul__ (multiplies)
            "imul_differs_from_mul": (False, False),
            # stages built in graphlib.TopologicalSorter order, fan-in summed over parents
            "graphlib_topo_stages": (False, False),
            # two submodules frozen through functools.reduce(getattr, dotted path)
            "reduce_getattr_freeze": (False, True),
        },
        min_library_files=28,
        min_libraries=9,
        min_standalone=45,
    ),
    # written blind in session 31 (helper wild30; a 40-minute deadline)
    "fresh30": Batch(
        sample={
            # a nanoGPT lm_head tied to the token embedding: one matrix under two paths
            "gpt_weight_tying": (True, False),
            # one ModuleList of latent blocks repeated three times in an outer ModuleList
            "perceiver_latents": (True, False),
            # copy.deepcopy goes through a copyreg reducer that widens every copy by 8
            "copyreg_deepcopy_reducer": (False, False),
            # pickle round trip through __setstate__, which doubles the width
            "setstate_pickle_widen": (False, False),
            # an Enum alias is skipped by iteration (the enum.unique check fails first)
            "enum_unique_alias_fallback": (False, False),
            # math.remainder rounds the quotient to nearest-even: remainder(14, 4) is -2
            "math_remainder_ieee": (False, False),
            # re.split with a capturing group keeps the separators
            "re_split_capture_group": (False, False),
            # a helper reads the caller's local width through sys._getframe(1)
            "getframe_caller_width": (False, False),
        },
        min_library_files=27,
        min_libraries=9,
        min_standalone=36,
    ),
    # written blind in session 32 (helper wild31)
    "fresh31": Batch(
        sample={
            # a DeepSeekMoE-style LM whose lm_head is tied to the token embedding
            "deepseek_shared_experts": (True, False),
            # an lru_cache'd block factory: block(3) returned twice (one module, two slots)
            "lru_cache_typed_keys": (True, False),
            # DiT's sin-cos position table held as a requires_grad=False Parameter
            "dit_adaln_zero": (False, True),
            # a functools.cache'd list mutated by its caller: the second stage has four widths
            "functools_cache_sizes": (False, False),
            # a ContextVar width multiplier, one change kept local by copy_context().run
            "contextvars_width_scope": (False, False),
            # __init_subclass__ registry: a later subclass replaces "mlp"
            "init_subclass_block_registry": (False, False),
            # dataclasses.replace re-runs __post_init__ (head_dim derived again)
            "dataclass_replace_chain": (False, False),
            # Decimal quantize ROUND_HALF_EVEN vs ROUND_HALF_UP
            "decimal_round_half_even": (False, False),
        },
        min_library_files=30,
        min_libraries=10,
        min_standalone=42,
    ),
    # written blind in session 33 (helper wild32)
    "fresh32": Batch(
        sample={
            # both towers of a retrieval model look items up in one embedding table
            "two_tower_shared_ids": (True, False),
            # a cached_property read before its field changes keeps the old width
            "cached_property_stale_width": (False, False),
            # ContextVar tokens reset in LIFO order, a default when unset
            "contextvar_token_reset_nested": (False, False),
            # __init_subclass__ class keywords inherited by a grandchild
            "init_subclass_kwargs_inherit": (False, False),
            # json object_hook builds layers, parse_int doubles every integer
            "json_object_hook_specs": (False, False),
            # np.geomspace widths: int() truncates 39.999... to 39
            "geomspace_int_truncation": (False, False),
            # argparse set_defaults and parse_known_args merged into a Namespace
            "argparse_set_defaults_merge": (False, False),
        },
        min_library_files=27,
        min_libraries=9,
        min_standalone=37,
    ),
    # written blind in session 34 (helper wild33)
    "fresh33": Batch(
        sample={
            # TabNet's shared GLU Linears sit in every step's feature transformer
            "tabnet_shared_glu_steps": (True, False),
            # SAC's target critics are deepcopies with requires_grad off: still parameters
            "sac_twin_q_targets": (False, True),
            # functools.cache: 1, 1.0 and True share one entry (the first call's width)
            "functools_cache_bool_collision": (False, False),
            # dataclasses.replace re-runs __post_init__ (an InitVar feeds the derived fields)
            "dataclass_replace_post_init": (False, False),
            # configparser ExtendedInterpolation and DEFAULT-section fallback
            "configparser_extended_interpolation": (False, False),
            # np.interp widths truncated by int(), clamped past the last anchor
            "np_interp_width_schedule": (False, False),
            # round() ties to even
            "round_half_even_widths": (False, False),
            # a ContextVar set inside copy_context().run() does not leak out
            "contextvars_copy_context_run": (False, False),
        },
        min_library_files=27,
        min_libraries=7,
        min_standalone=36,
    ),
    # written blind in session 35 (helper wild34)
    "fresh34": Batch(
        sample={
            # one tower placed twice, and a second tower whose fc2 weight is the first tower's
            "siamese_shared_tied_parameter": (True, False),
            # BYOL's EMA target: a deepcopy with requires_grad off (still parameters)
            "byol_ema_target": (False, True),
            # swa_utils.AveragedModel deep-copies the wrapped network (its own parameters)
            "swa_averaged_model_copy": (False, False),
            # register_parametrization with a right_inverse returning two factors
            "parametrize_right_inverse_lowrank": (False, False),
            # a metaclass __call__ rewrites the width keyword (not a positional one)
            "metaclass_call_override": (False, False),
            # a context-manager width scale stack
            "contextmanager_width_scope": (False, False),
            # widths negotiated through generator.send
            "generator_send_widths": (False, False),
            # np.rint ties to even, np.fix truncates toward zero
            "np_rint_fix_rounding": (False, False),
            # lazily resolved ${...} interpolation after the value changed
            "omegaconf_like_interp": (False, False),
        },
        min_library_files=18,
        min_libraries=3,
        min_standalone=47,
    ),
    # written blind in session 36 (helper wild35)
    "fresh35": Batch(
        sample={
            # the LM head's weight is the token table (one tensor, two module paths)
            "llama_rmsnorm_swiglu_block": (True, False),
            # one encoder layer object placed six times in a ModuleList
            "universal_transformer_shared_layer": (True, False),
            # MoCo's key encoder: a deepcopy with requires_grad off (still parameters)
            "moco_v2_queue_key_encoder": (False, True),
            # stack_module_state: only the stacked tensors are parameters, the base is off the tree
            "functional_call_stacked_ensemble": (False, False),
            # lazy modules materialized by one dry run
            "lazy_conv_materialize_forward": (False, False),
            # register_parameter("bias", None) on the bias-free layer
            "register_parameter_optional_bias": (False, False),
            # every BatchNorm2d swapped for a GroupNorm after construction
            "convert_bn_to_groupnorm": (False, False),
            # hand-written _target_ / _partial_ instantiation
            "hydra_target_partial_nested": (False, False),
            # statistics.median of an even count is the mean of the middle two
            "statistics_median_widths": (False, False),
            # Embedding(_weight=..., _freeze=True): a frozen table that is still a parameter
            "embedding_weight_freeze_table": (False, True),
            # the children but the last re-wrapped: the old classifier is not in the model
            "sequential_children_truncate_head": (False, False),
        },
        min_library_files=43,
        min_libraries=7,
        min_standalone=41,
    ),
    # written blind in session 37 (helper wild36)
    "fresh36": Batch(
        sample={
            # dict.fromkeys(tasks, module): every task key holds the same adapter
            "dict_fromkeys_shared_adapter": (True, False),
            # a module-level cache returns one embedding table to two encoders
            "singleton_embedding_cache": (True, False),
            # Transformer-XL's output layer reuses the word table
            "transformer_xl_relative_memory": (True, False),
            # PaiNN with one message / update block placed at every interaction
            "painn_equivariant_messages": (True, False),
            # Kim CNN: the static word-vector channel is frozen (still parameters)
            "textcnn_kim_multichannel": (False, True),
            # ArcFace: the embedding BatchNorm's weight is frozen
            "arcface_margin_head_iresnet": (False, True),
            # closures bound late: every conv gets the last width
            "late_binding_lambda_widths": (False, False),
            # a mutable default list grows on every call
            "mutable_default_arg_accumulates": (False, False),
            # a property setter replaces the classifier after construction
            "property_setter_rebuilds_head": (False, False),
            # round() of an exact half rounds to even
            "fraction_width_multiplier_rounding": (False, False),
        },
        min_library_files=32,
        min_libraries=6,
        min_standalone=52,
    ),
    # written blind in session 38 (helper wild37)
    "fresh37": Batch(
        sample={
            # [Block(d)] * 6 repeats one block object six times
            "list_multiplication_shares_blocks": (True, False),
            # copy.copy of a module is shallow: the copy holds the same submodules
            "copy_copy_shallow_shares_submodules": (True, False),
            # tasks with the same output size share one head (defaultdict grouping)
            "defaultdict_grouped_task_heads": (True, False),
            # an Embedding subclass with a padded vocab, the LM head tied to it
            "embedding_subclass_vocab_pad_multiple": (True, False),
            # a BatchNorm2d subclass freezes its affine parameters
            "frozen_batchnorm_subclass_resnet_stem": (False, True),
            # names matching a regex stay trainable, the rest are frozen
            "named_parameters_regex_trainable_split": (False, True),
            # ROUND_HALF_UP widths (not Python's round half to even)
            "decimal_half_up_expansion_widths": (False, False),
            # a context manager scales widths while some layers are built
            "contextmanager_width_multiplier_scope": (False, False),
            # a metaclass gathers LayerSpec attributes; a subclass overrides one
            "metaclass_prepare_ordered_layer_specs": (False, False),
            # a weight_norm parametrization on a Conv1d subclass
            "causal_conv1d_subclass_weight_norm": (False, False),
        },
        min_library_files=34,
        min_libraries=6,
        min_standalone=64,
    ),
    # written blind in session 39 (helper wild38)
    "fresh38": Batch(
        sample={
            # one encoder layer object repeated over the steps of a universal transformer
            "weight_sharing_universal_transformer_steps": (True, False),
            # a Perceiver's latent block list repeats one layer object
            "perceiver_latent_array_cross_attention": (True, False),
            # an untied autoencoder whose decoder may be the encoder itself (here it is not)
            "yaml_like_text_stacked_autoencoder": (False, False),
            # copy.deepcopy target network: separate tensors, all frozen
            "copy_deepcopy_target_network_ema": (False, True),
            # a backbone frozen with requires_grad_(False), a trainable head
            "requires_grad_false_frozen_backbone_new_head": (False, True),
            # a Linear subclass holding a frozen anchor Parameter
            "parameter_subclass_free_gain_linear_np_sqrt": (False, True),
            # the LM head tied to a scaled Embedding subclass's table
            "string_spec_d_h_l_parsed_sizes": (True, False),
            # hydra-style recursive _target_ instantiation
            "hydra_target_recursive_instantiate_dict": (False, False),
            # a match statement with mapping patterns
            "match_statement_dict_patterns_blocks": (False, False),
            # a frozen slots dataclass with derived properties
            "attrs_style_slots_dataclass_frozen_config": (False, False),
        },
        min_library_files=25,
        min_libraries=5,
        min_standalone=55,
    ),
    # written blind in session 40 (helper wild39)
    "fresh39": Batch(
        sample={
            # anchor / positive / negative attributes all hold one tower object
            "siamese_triplet_shared_tower_projection": (True, False),
            # one ODE function object repeated in a ModuleList of Euler steps
            "neural_ode_func_augmented_dims_fixed_steps": (True, False),
            # heads reused per level through a plain Python list (not registered twice)
            "fpn_lateral_topdown_retina_heads_shared": (False, False),
            # the first stages' convolution weights frozen in a loop
            "freeze_first_stages_enumerate_requires_grad_loop": (False, True),
            # prune: weight_orig is a Parameter, weight_mask a buffer
            "prune_l1_unstructured_weight_orig_mask": (False, False),
            # the old spectral_norm hook API: weight_orig Parameter, u / v buffers
            "spectral_norm_old_api_weight_orig_u_v": (False, False),
            # a property setter replaces the classifier head after construction
            "property_setter_rebuilds_head_on_classes_change": (False, False),
            # heads.pop(0) leaves the popped Linear out of the model
            "sequential_append_extend_insert_mutations": (False, False),
            # a BatchNorm2d subclass that freezes statistics, not parameters
            "batchnorm2d_subclass_frozen_stats_np_cumprod_channels": (False, False),
            # an EmbeddingBag subclass with a power-of-two bucket count from math.log2
            "embeddingbag_subclass_hashing_trick_math_log_buckets": (False, False),
        },
        min_library_files=25,
        min_libraries=6,
        min_standalone=55,
    ),
}


@pytest.mark.parametrize(
    ("corpus", "stem"), [(c, s) for c, b in BATCHES.items() for s in sorted(b.sample)]
)
def test_truth_is_torch_count(corpus, stem):
    shares, freezes = BATCHES[corpus].sample[stem]
    wb.check_standalone_sample(corpus, stem, shares=shares, freezes=freezes)


@pytest.mark.parametrize("corpus", BATCHES)
def test_every_file_parses_and_downloads_nothing(corpus):
    wb.check_files_parse_and_download_nothing(corpus)


@pytest.mark.parametrize("corpus", BATCHES)
def test_bookkeeping(corpus):
    b = BATCHES[corpus]
    wb.check_fresh_batch(
        corpus,
        older=older(corpus),
        min_library_files=b.min_library_files,
        min_libraries=b.min_libraries,
        min_standalone=b.min_standalone,
    )


@pytest.mark.parametrize("corpus", BATCHES)
def test_bench_selects_the_batch_truth(corpus, capsys):
    truth = getattr(wb.bench_wild, f"{corpus.upper()}_TRUTH")
    assert truth == wb.ROOT / "benchmarks" / "wild" / corpus / "truth.json"
    wb.check_bench_selects(corpus, truth, capsys)
