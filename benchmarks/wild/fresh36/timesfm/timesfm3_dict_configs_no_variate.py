# configs passed as plain dicts (the way they come out of a yaml file)
from timesfm3 import TimesFM3Torch

cfg = {
    "input_patch_len": 8,
    "output_patch_len": 24,
    "residual_block": {
        "hidden_dims": 96,
        "output_dims": 48,
        "use_bias": True,
        "activation": "relu",
    },
    "transformer": {
        "num_layers": 3,
        "transformer": {
            "model_dims": 48,
            "hidden_dims": 192,
            "num_heads": 6,
            "attention_norm": "rms",
            "feedforward_norm": "rms",
            "qk_norm": "none",
            "use_rope_seq": True,
            "use_rope_var": False,
            "use_bias": True,
            "ff_activation": "swish",
            "deterministic": True,
        },
    },
}

model = TimesFM3Torch(
    input_patch_len=cfg["input_patch_len"],
    output_patch_len=cfg["output_patch_len"],
    residual_block_config=cfg["residual_block"],
    transformer_config=cfg["transformer"],
    use_variate_attention=False,
)
