from timesfm3 import (
    ResidualBlockConfig,
    StackedTransformersConfig,
    TimesFM3Torch,
    TransformerConfig,
)

layer = TransformerConfig(
    model_dims=80,
    hidden_dims=160,
    num_heads=5,
    attention_norm="rms",
    feedforward_norm="rms",
    qk_norm="rms",
    use_rope_seq=True,
    use_rope_var=True,
    use_bias=False,
    ff_activation="relu",
    deterministic=True,
    v_norm="rms",
)
model = TimesFM3Torch(
    input_patch_len=32,
    output_patch_len=64,
    quantiles=[0.05, 0.25, 0.5, 0.75, 0.95],
    residual_block_config=ResidualBlockConfig(
        hidden_dims=160, output_dims=80, use_bias=False, activation="relu", prenorm="rms"
    ),
    transformer_config=StackedTransformersConfig(num_layers=2, transformer=layer),
    use_iterative_cpm_revin=False,
)
