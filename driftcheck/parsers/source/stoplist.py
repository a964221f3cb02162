"""What the interpreter never parses: framework modules and libraries it treats as names."""

from __future__ import annotations

# transformers modules we never parse: framework code whose classes hold no model layers
STOP_MODULES = (
    "transformers.modeling_utils",
    "transformers.configuration_utils",
    "transformers.utils",
    "transformers.integrations",
    "transformers.generation",
    "transformers.cache_utils",
    "transformers.masking_utils",
    "transformers.modeling_flash_attention_utils",
    "transformers.modeling_outputs",
    "transformers.modeling_attn_mask_utils",
    "transformers.processing_utils",
    "transformers.modeling_layers",
    "transformers.file_utils",
    "transformers.models.auto",
    "transformers.tokenization",
    "transformers.image_processing",
    "transformers.feature_extraction",
    "transformers.time_series_utils",
    "transformers.loss",
    "transformers.trainer",
    "transformers.modeling_gguf",
    "transformers.quantizers",
    "transformers.core_model_loading",
    "transformers.conversion_mapping",
    "transformers.monkey_patching",
    "transformers.initialization",
)
EXT_TOPS = {
    "torch",
    "numpy",
    "math",
    "functools",
    "typing",
    "collections",
    "dataclasses",
    "itertools",
    "copy",
    "os",
    "sys",
    "warnings",
    "logging",
    "einops",
    "enum",
    "abc",
    "inspect",
    "re",
    "json",
    "huggingface_hub",
    "safetensors",
    "tokenizers",
    "packaging",
    "contextlib",
    "operator",
    "keyword",
    "numbers",
    "random",
    "pathlib",
    "typing_extensions",
    "__future__",
    "importlib",
    "builtins",
    "pydantic",  # BaseModel configs: keyword fields over defaults (machine.Library.ext_init)
}
# framework bases whose instances are nn.Modules
MODULE_BASES = {
    "torch.nn.Module",
    "torch.nn.modules.module.Module",
    "transformers.modeling_utils.PreTrainedModel",
    "transformers.PreTrainedModel",
    "transformers.modeling_layers.GradientCheckpointingLayer",
    "transformers.modeling_utils.ModuleUtilsMixin",
    # PreTrainedModel subclasses defined in modeling_utils (the audio codecs derive from it)
    "transformers.modeling_utils.PreTrainedAudioTokenizerBase",
    "transformers.PreTrainedAudioTokenizerBase",
}
# the attributes ``torch.nn.Module`` defines (its class, ``dir(nn.Module)`` less ``object``'s,
# and the instance attributes its ``__init__`` sets; tests/test_wild_llm_audio.py checks them
# against torch): a name outside these, and not a dunder, is looked up past ``nn.Module`` in
# the MRO (``class M(nn.Module, ConfigMixin)``: ``self.register_to_config``, ``self.config``)
TORCH_MODULE_ATTRS = frozenset(
    "T_destination _apply _call_impl _compiled_call_impl _get_backward_hooks "
    "_get_backward_pre_hooks _get_name _load_from_state_dict _maybe_warn_non_full_backward_hook "
    "_named_members _register_load_state_dict_pre_hook _register_state_dict_hook "
    "_replicate_for_data_parallel _save_to_state_dict _slow_forward _version _wrapped_call_impl "
    "add_module apply bfloat16 buffers call_super_init children compile cpu cuda double "
    "dump_patches eval extra_repr float forward get_buffer get_extra_state get_parameter "
    "get_submodule half ipu load_state_dict modules mtia named_buffers named_children "
    "named_modules named_parameters parameters register_backward_hook register_buffer "
    "register_forward_hook register_forward_pre_hook register_full_backward_hook "
    "register_full_backward_pre_hook register_load_state_dict_post_hook "
    "register_load_state_dict_pre_hook register_module register_parameter "
    "register_state_dict_post_hook register_state_dict_pre_hook requires_grad_ "
    "set_extra_state set_submodule share_memory state_dict to to_empty train type xpu "
    "zero_grad training _parameters _buffers _non_persistent_buffers_set _backward_pre_hooks "
    "_backward_hooks _is_full_backward_hook _forward_hooks _forward_hooks_with_kwargs "
    "_forward_hooks_always_called _forward_pre_hooks _forward_pre_hooks_with_kwargs "
    "_state_dict_hooks _state_dict_pre_hooks _load_state_dict_pre_hooks "
    "_load_state_dict_post_hooks _modules".split()
)
TORCH_MODULE_QUALS = frozenset(("torch.nn.Module", "torch.nn.modules.module.Module"))


def past_torch_module(qual: str, name: str) -> bool:
    """Whether a lookup of ``name`` goes on past ``torch.nn.Module`` in an MRO: nn.Module
    does not define it (not one of its attributes, not a dunder)."""
    return (
        qual in TORCH_MODULE_QUALS
        and name not in TORCH_MODULE_ATTRS
        and not (name.startswith("__") and name.endswith("__"))
    )


# the short names of those PreTrainedModel subclasses: their __init__ stores the config
PRETRAINED_BASES = {"PreTrainedModel", "PreTrainedAudioTokenizerBase"}


def is_stop(modname: str) -> bool:
    top = modname.split(".")[0]
    if top in EXT_TOPS:
        return True
    return any(modname == s or modname.startswith(s + ".") for s in STOP_MODULES)
